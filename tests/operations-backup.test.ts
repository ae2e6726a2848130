/**
 * Issue 32, backup and restore (decision 73), on the real server and the real commands:
 * `npm run backup` taken during a burst of booking requests (with approvals and payments)
 * restores into a new data directory (or a new PostgreSQL database) that holds every booking
 * answered 201 before the backup started and the photos, and the product starts on it
 * (readiness 200). A corrupt file, a backup of the
 * other engine, and a directory that already holds a database are refused, writing nothing.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, openPostgres, pgliteExtensions } from '../src/server/db/client';
import { BookingLoad } from '../bench/lib/booking-load';
import { createWorld, sessionCookies } from '../bench/lib/load-world';
import { withDatabase } from './global-setup';

const root = path.resolve(import.meta.dirname, '..');
const pgUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(os.tmpdir(), 'velvet-backup-test-'));
const databases: string[] = [];
const PHOTO = 'aaaaaaaa-0000-4000-8000-000000000001/1-0-terrace.png';

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
  if (databases.length && pgUrl) {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
});

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const p = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return p;
}

async function newDatabase(template?: string): Promise<string> {
  const name = `velvet_backup_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  databases.push(name);
  return withDatabase(pgUrl!, name);
}

const SECRETS = {
  AUTH_SECRET: randomBytes(32).toString('hex'),
  DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
};

function envFor(dataDir: string, databaseUrl?: string): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    AUTH_SECRET: SECRETS.AUTH_SECRET,
    DATA_ENCRYPTION_KEY: databaseUrl ? SECRETS.DATA_ENCRYPTION_KEY : '',
  };
}

async function startServer(dataDir: string, databaseUrl?: string) {
  const port = await freePort();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...envFor(dataDir, databaseUrl),
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SEED_DEMO: 'false',
      VELVET_NO_STATIC: '1',
      RATE_LIMITS: 'false',
      LOG_LEVEL: 'warn',
    },
  });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const res = await fetch(`${base}/api/health/ready`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`server did not get ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function tool(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/tools/${name}.ts`, ...args], {
      cwd: root,
      env,
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

async function bookingIdsIn(dataDir: string, databaseUrl?: string): Promise<Set<string>> {
  if (databaseUrl) {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      const res = await client.query('select id::text from bookings');
      return new Set(res.rows.map((r) => r.id as string));
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(path.join(dataDir, 'pglite'), { extensions: pgliteExtensions });
  const res = await db.query<{ id: string }>('select id::text from bookings');
  await db.close();
  return new Set(res.rows.map((r) => r.id));
}

/** Hosts with a venue each and guests, with sessions, written before the server starts. */
async function seedWorld(dataDir: string, databaseUrl?: string) {
  const database = databaseUrl ? await openPostgres(databaseUrl, 2) : await openDatabase({ dataDir });
  try {
    await database.migrate();
    return await createWorld(database, dataDir, { hosts: 3, guests: 12 });
  } finally {
    await database.close();
  }
}

const engines = [{ engine: 'embedded', pg: false }, ...(pgUrl ? [{ engine: 'PostgreSQL', pg: true }] : [])];

describe.each(engines)('backup and restore ($engine)', ({ pg: onPg }) => {
  it('a backup during a burst of booking requests restores every booking answered before it, its photos, and starts', async () => {
    const dirA = path.join(work, `a-${onPg}`);
    const dirB = path.join(work, `b-${onPg}`);
    const urlA = onPg ? await newDatabase(inject('pgTemplateDb')) : undefined;
    const urlB = onPg ? await newDatabase() : undefined;
    mkdirSync(path.join(dirA, 'uploads', path.dirname(PHOTO)), { recursive: true });
    writeFileSync(path.join(dirA, 'uploads', PHOTO), 'photo bytes');

    const world = await seedWorld(dirA, urlA);
    const server = await startServer(dirA, urlA);
    const { hosts, guests } = await sessionCookies(server.base, world, SECRETS.AUTH_SECRET);
    const load = new BookingLoad({
      base: server.base,
      hosts,
      guests,
      venues: world.hosts.map((h) => h.venueId),
      run: `backup-${onPg}`,
      retry: true,
    });
    const running = load.run();
    await load.whenAnswers(12);
    const backupStarted = performance.now();
    const file = path.join(work, `velvet-${onPg}.tar.gz`);
    const backup = await tool('backup', [file], envFor(dirA, urlA));
    const result = await running;
    await server.stop();
    expect(backup.code, backup.out).toBe(0);
    expect(backup.out).toContain(`Backup written: ${file}`);
    expect(readFileSync(`${file}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}velvet-/);

    // Bookings answered 201 before the backup started (answers' times count from the load's start).
    const before = result.answers
      .filter((a) => a.kind === 'request' && a.status === 201)
      .filter((a) => load.startedAt + a.at + a.ms < backupStarted)
      .map((a) => (a.body as { id: string }).id);
    expect(before.length).toBeGreaterThan(0);
    expect(result.answers.length).toBeGreaterThan(12); // the load went on during the backup

    const restore = await tool('restore', [file], envFor(dirB, urlB));
    expect(restore.code, restore.out).toBe(0);
    expect(readFileSync(path.join(dirB, 'uploads', PHOTO), 'utf8')).toBe('photo bytes');

    // The product's own start on the restored data, then every account from before the backup.
    const restored = await startServer(dirB, urlB);
    expect((await fetch(`${restored.base}/api/health/ready`)).status).toBe(200);
    await restored.stop();
    const restoredIds = await bookingIdsIn(dirB, urlB);
    expect(before.filter((id) => !restoredIds.has(id))).toEqual([]);
    if (!onPg) {
      // The embedded install's keys came with it (bank details stay readable).
      expect(readFileSync(path.join(dirB, '.data-encryption-key'), 'utf8')).toBe(
        readFileSync(path.join(dirA, '.data-encryption-key'), 'utf8'),
      );
    }

    // Restoring again over a database is refused.
    const again = await tool('restore', [file], envFor(dirB, urlB));
    expect(again.code).not.toBe(0);
    expect(again.out).toMatch(onPg ? /is not empty/ : /already holds a database/);

    // A corrupt copy is refused and writes nothing.
    const corrupt = path.join(work, `corrupt-${onPg}.tar.gz`);
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = bytes[middle]! ^ 0xff;
    writeFileSync(corrupt, bytes);
    const dirC = path.join(work, `c-${onPg}`);
    const urlC = onPg ? await newDatabase() : undefined;
    const bad = await tool('restore', [corrupt], envFor(dirC, urlC));
    expect(bad.code).not.toBe(0);
    expect(bad.out).toMatch(/^Refused: /m);
    expect(existsSync(path.join(dirC, 'pglite'))).toBe(false);
    if (urlC) expect((await bookingIdsIn(dirC, urlC).catch(() => new Set())).size).toBe(0);

    // A backup of the other engine is refused.
    const other = await tool(
      'restore',
      [file],
      envFor(dirC, onPg ? undefined : 'postgres://nobody@127.0.0.1:1/none'),
    );
    expect(other.code).not.toBe(0);
    expect(other.out).toMatch(/^Refused: this backup is of /m);
  }, 240_000);
});
