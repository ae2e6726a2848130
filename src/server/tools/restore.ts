/**
 * `npm run restore -- <file>`: brings a backup of `npm run backup` back into a stopped install
 * (decision 0073). It first checks the whole file (checksums, the manifest, the engine, the
 * migrations) and refuses a corrupt or mismatched one before writing anything:
 * - embedded (no DATABASE_URL): into DATA_DIR, which must hold no database (a new directory);
 * - PostgreSQL: into the empty database DATABASE_URL names, with pg_restore in one transaction.
 * Then it opens the restored database and counts its migrations.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { migrationsFolder, pgliteExtensions } from '../db/client';
import {
  CONTROL_SOCKET,
  SnapshotError,
  answers,
  copyNewFiles,
  isEmptyDir,
  listFiles,
  removeDir,
  run,
  sha256,
  unpackAndVerify,
} from './snapshot';

async function main() {
  const file = process.argv[2];
  if (!file) throw new SnapshotError('Usage: npm run restore -- <backup file>');
  const env = process.env;
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const engine = env.DATABASE_URL ? 'postgres' : 'pglite';

  const sidecar = `${file}.sha256`;
  if (existsSync(sidecar)) {
    const want = (await readFile(sidecar, 'utf8')).split(/\s+/)[0];
    if (want !== sha256(await readFile(file)))
      throw new SnapshotError(
        `Refused: ${file} does not match ${path.basename(sidecar)} (the file is corrupt).`,
      );
  }
  const stage = mkdtempSync(path.join(os.tmpdir(), 'velvet-restore-'));
  try {
    const manifest = await unpackAndVerify(file, stage);
    if (manifest.engine !== engine) {
      throw new SnapshotError(
        `Refused: this backup is of ${manifest.engine === 'pglite' ? 'an embedded' : 'a PostgreSQL'} database; ` +
          `this install uses ${engine === 'pglite' ? 'the embedded database (no DATABASE_URL)' : 'DATABASE_URL'}.`,
      );
    }
    const journal = JSON.parse(
      await readFile(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    );
    const shipped = (journal as { entries: unknown[] }).entries.length;
    if (manifest.migrations > shipped) {
      throw new SnapshotError(
        `Refused: the backup has ${manifest.migrations} migrations and this version of Velvet knows ${shipped}; restore it with the newer version.`,
      );
    }

    let applied: number;
    if (engine === 'pglite') {
      if (
        existsSync(path.join(dataDir, CONTROL_SOCKET)) &&
        (await answers(path.join(dataDir, CONTROL_SOCKET)))
      )
        throw new SnapshotError(`Refused: Velvet is running on ${dataDir}. Stop it first.`);
      const dbDir = path.join(dataDir, 'pglite');
      if (!(await isEmptyDir(dbDir)))
        throw new SnapshotError(
          `Refused: ${dbDir} already holds a database. Restore into a new DATA_DIR, or move it away first.`,
        );
      await mkdir(dbDir, { recursive: true });
      const dump = await readFile(path.join(stage, 'database.tar.gz'));
      const client = new PGlite(dbDir, { loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
      await client.waitReady;
      const res = await client.query<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      applied = Number(res.rows[0]?.n ?? 0);
      await client.close();
      for (const name of await listFiles(path.join(stage, 'secrets'))) {
        await copyFile(path.join(stage, 'secrets', name), path.join(dataDir, name));
      }
    } else {
      const client = new pg.Client({ connectionString: env.DATABASE_URL });
      await client.connect();
      try {
        const tables = await client.query(
          "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
        );
        if (Number(tables.rows[0].n) > 0)
          throw new SnapshotError(
            'Refused: the database DATABASE_URL names is not empty. Restore into a new database.',
          );
      } finally {
        await client.end();
      }
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${env.DATABASE_URL}`,
        path.join(stage, 'database.pgdump'),
      ]);
      const check = new pg.Client({ connectionString: env.DATABASE_URL });
      await check.connect();
      applied = Number(
        (await check.query('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n,
      );
      await check.end();
    }
    if (existsSync(path.join(stage, 'uploads')))
      await copyNewFiles(path.join(stage, 'uploads'), path.join(dataDir, 'uploads'));
    const photos = Object.keys(manifest.files).filter((f) => f.startsWith('uploads/')).length;
    console.log(
      `Restored ${file} (made ${manifest.created_at}): ${applied} migrations, ${photos} photo file(s).`,
    );
    console.log('Start Velvet to use it; it applies any newer migrations of this version.');
  } finally {
    await removeDir(stage);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
