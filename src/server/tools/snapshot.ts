/**
 * Backups (decision 0073): one `.tar.gz` holding `manifest.json`, the database and the uploaded
 * photos, each file with its SHA-256 in the manifest, written by `npm run backup` and read back
 * by `npm run restore`.
 *
 * - Embedded database: PGlite's own dump of its data directory (`database.tar.gz`), plus the
 *   data directory's secrets (the session secret and the bank-details key: without the key a
 *   restored database could not read bank details). While the server runs it holds the
 *   database, so the dump is asked of it over a Unix socket in the data directory
 *   (`control.sock`, answered by `serveControlSocket`); when it is stopped the tool opens the
 *   directory itself.
 * - PostgreSQL: `pg_dump --format=custom --no-owner --no-privileges` (one consistent snapshot),
 *   restored with `pg_restore --no-owner --no-privileges --exit-on-error --single-transaction`.
 *
 * Photos on local disk are copied before and after the database dump: a photo is written before
 * the row naming it commits and deleted after the row stops naming it, so every photo the dump
 * names is in the second copy or the first. Photos in S3 stay in the bucket (use its versioning).
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, stat, unlink, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Database } from '../db/client';

export const MANIFEST_VERSION = 1;
export const CONTROL_SOCKET = 'control.sock';
export const SECRET_FILES = ['.auth-secret', '.data-encryption-key', '.data-encryption-old-keys'];

export interface Manifest {
  format: 'velvet-backup';
  version: number;
  created_at: string;
  engine: 'pglite' | 'postgres';
  /** Migrations applied to the database when it was dumped (a newer snapshot is refused). */
  migrations: number;
  /** Every file of the archive but the manifest, with its SHA-256 and size. */
  files: Record<string, { sha256: string; bytes: number }>;
}

export class SnapshotError extends Error {}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Runs a command; rejects with its error output when it fails. */
export function run(cmd: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: opts.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new SnapshotError(`${cmd} failed (${code}): ${err.trim()}`)),
    );
  });
}

/** Every file under a folder, as paths relative to it. */
export async function listFiles(root: string, under = ''): Promise<string[]> {
  if (!existsSync(path.join(root, under))) return [];
  const out: string[] = [];
  for (const entry of await readdir(path.join(root, under), { withFileTypes: true })) {
    const rel = path.posix.join(under, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(root, rel)));
    else if (entry.isFile()) out.push(rel);
  }
  return out;
}

/** Copies the files of `from` into `to` that `to` does not have yet (photos never change content). */
export async function copyNewFiles(from: string, to: string): Promise<void> {
  for (const rel of await listFiles(from)) {
    const target = path.join(to, rel);
    if (existsSync(target)) continue;
    await mkdir(path.dirname(target), { recursive: true });
    await cp(path.join(from, rel), target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err; // deleted meanwhile: the first copy has it, or no row names it
    });
  }
}

/** Writes the manifest over the staged files and packs them into one gzipped tar. */
export async function pack(
  stage: string,
  out: string,
  about: Pick<Manifest, 'engine' | 'migrations'>,
): Promise<Manifest> {
  const files: Manifest['files'] = {};
  for (const rel of await listFiles(stage)) {
    const bytes = await readFile(path.join(stage, rel));
    files[rel] = { sha256: sha256(bytes), bytes: bytes.byteLength };
  }
  const manifest: Manifest = {
    format: 'velvet-backup',
    version: MANIFEST_VERSION,
    created_at: new Date().toISOString(),
    ...about,
    files,
  };
  await writeFile(path.join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
  await mkdir(path.dirname(path.resolve(out)), { recursive: true });
  await run('tar', ['-czf', path.resolve(out), '-C', stage, '.']);
  return manifest;
}

/**
 * Unpacks a snapshot into `stage` and checks it: a readable archive, a Velvet manifest of a
 * known version, every listed file present with its checksum, and no file it does not list.
 */
export async function unpackAndVerify(file: string, stage: string): Promise<Manifest> {
  if (!existsSync(file)) throw new SnapshotError(`No such file: ${file}`);
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', stage]);
  } catch (err) {
    throw new SnapshotError(`Refused: ${file} is not a readable backup (${(err as Error).message}).`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(stage, 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    throw new SnapshotError('Refused: the backup has no readable manifest.json.');
  }
  if (manifest.format !== 'velvet-backup' || manifest.version !== MANIFEST_VERSION) {
    throw new SnapshotError(`Refused: not a Velvet backup of version ${MANIFEST_VERSION}.`);
  }
  const present = new Set((await listFiles(stage)).filter((f) => f !== 'manifest.json'));
  for (const [rel, want] of Object.entries(manifest.files)) {
    if (!present.delete(rel)) throw new SnapshotError(`Refused: ${rel} is missing from the backup.`);
    const bytes = await readFile(path.join(stage, rel));
    if (bytes.byteLength !== want.bytes || sha256(bytes) !== want.sha256) {
      throw new SnapshotError(`Refused: ${rel} does not match its checksum (the file is corrupt).`);
    }
  }
  if (present.size)
    throw new SnapshotError(`Refused: files the manifest does not list: ${[...present].join(', ')}.`);
  return manifest;
}

/**
 * The running embedded server's side of the backup: a Unix socket in the data directory (only
 * someone who can read the data directory can reach it) that answers `dump\n` with the
 * database's dump. Returns the function that closes it.
 */
export async function serveControlSocket(database: Database, dataDir: string): Promise<() => Promise<void>> {
  if (!database.dump) return async () => undefined;
  const socketPath = path.join(path.resolve(dataDir), CONTROL_SOCKET);
  // A socket left by a process that died: nothing answers on it, so it can go.
  if (existsSync(socketPath) && !(await answers(socketPath))) await unlink(socketPath).catch(() => undefined);
  const server = net.createServer((conn) => {
    conn.once('data', (data) => {
      if (data.toString().trim() !== 'dump') return conn.end('unknown command\n');
      database.dump!().then(
        async (blob) => conn.end(Buffer.from(await blob.arrayBuffer())),
        () => conn.destroy(),
      );
    });
    conn.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/** Whether a server answers on the control socket (it is running). */
export function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = net.connect(socketPath);
    conn.once('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.once('error', () => resolve(false));
  });
}

/** Asks the running server for its database dump. */
export function dumpFromServer(socketPath: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const conn = net.connect(socketPath, () => conn.write('dump\n'));
    conn.on('data', (d: Buffer) => chunks.push(d));
    conn.on('end', () => {
      const all = Buffer.concat(chunks);
      if (all.byteLength < 100) reject(new SnapshotError('The running server did not send its database.'));
      else resolve(all);
    });
    conn.on('error', reject);
  });
}

export async function isEmptyDir(dir: string): Promise<boolean> {
  if (!existsSync(dir)) return true;
  return (await readdir(dir)).length === 0;
}

export async function removeDir(dir: string) {
  await rm(dir, { recursive: true, force: true });
}

export async function sizeOf(file: string) {
  return (await stat(file)).size;
}
