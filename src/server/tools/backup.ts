/**
 * `npm run backup [-- <file>]`: a consistent snapshot of the database and the uploaded photos,
 * while the server runs (decision 0073; the format is in snapshot.ts). Default file:
 * backups/velvet-<time>.tar.gz. Prints the file, its size and its SHA-256, also written beside
 * it as <file>.sha256.
 */
import { copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { existsSync, mkdtempSync } from 'node:fs';
import pg from 'pg';
import { openDatabase, migrationsFolder } from '../db/client';
import {
  CONTROL_SOCKET,
  SECRET_FILES,
  SnapshotError,
  answers,
  copyNewFiles,
  dumpFromServer,
  pack,
  removeDir,
  run,
  sha256,
} from './snapshot';

async function shippedMigrations(): Promise<number> {
  const journal = JSON.parse(await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'));
  return (journal as { entries: unknown[] }).entries.length;
}

async function main() {
  const env = process.env;
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const out = path.resolve(
    process.argv[2] ||
      path.join('backups', `velvet-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`),
  );
  const uploads = env.S3_BUCKET ? null : path.join(dataDir, 'uploads');
  const stage = mkdtempSync(path.join(os.tmpdir(), 'velvet-backup-'));
  try {
    // Photos before and after the database (see snapshot.ts): every photo a row names is kept.
    if (uploads) await copyNewFiles(uploads, path.join(stage, 'uploads'));
    let engine: 'pglite' | 'postgres';
    let migrations: number;
    if (env.DATABASE_URL) {
      engine = 'postgres';
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(stage, 'database.pgdump')}`,
        `--dbname=${env.DATABASE_URL}`,
      ]);
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      const res = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
      await client.end();
      migrations = Number(res.rows[0].n);
    } else {
      engine = 'pglite';
      const socket = path.join(dataDir, CONTROL_SOCKET);
      let dump: Buffer;
      if (existsSync(socket) && (await answers(socket))) {
        dump = await dumpFromServer(socket);
      } else {
        if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION')))
          throw new SnapshotError(
            `No database in ${dataDir} (set DATA_DIR, or DATABASE_URL for PostgreSQL).`,
          );
        const database = await openDatabase({ dataDir });
        try {
          dump = Buffer.from(await (await database.dump!()).arrayBuffer());
        } finally {
          await database.close();
        }
      }
      await writeFile(path.join(stage, 'database.tar.gz'), dump);
      // The session secret and the bank-details key: the restored database needs them.
      await mkdir(path.join(stage, 'secrets'));
      for (const name of SECRET_FILES) {
        const file = path.join(dataDir, name);
        if (existsSync(file)) await copyFile(file, path.join(stage, 'secrets', name));
      }
      // The running server migrated at its start; a stopped one is checked by restore.
      migrations = await shippedMigrations();
    }
    if (uploads) await copyNewFiles(uploads, path.join(stage, 'uploads'));
    const manifest = await pack(stage, out, { engine, migrations });
    const digest = sha256(await readFile(out));
    await writeFile(`${out}.sha256`, `${digest}  ${path.basename(out)}\n`);
    const photos = Object.keys(manifest.files).filter((f) => f.startsWith('uploads/')).length;
    console.log(`Backup written: ${out}`);
    console.log(`  ${engine} database, ${photos} photo file(s), ${migrations} migrations; sha256 ${digest}`);
  } finally {
    await removeDir(stage);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
