/**
 * One run of the booking load: a fresh database (a PGlite data directory, or a new PostgreSQL
 * database that is dropped afterwards), the world written into it, an SMTP server that counts
 * what arrives, and the real server started on it with every account's session cookie.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, openPostgres, type Database } from '../../src/server/db/client';
import { TestSmtpServer } from '../../tests/support/smtp';
import { createWorld, sessionCookies, type Account, type World } from './load-world';
import { ServerProcess } from './server-process';

export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export const withDatabase = (url: string, db: string) => {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
};

export interface LoadSetup {
  engine: 'pglite' | 'postgres';
  dataDir: string;
  /** The PostgreSQL database (direct, not through any proxy). */
  databaseUrl?: string;
  world: World;
  smtp: TestSmtpServer;
  server: ServerProcess;
  hosts: Account[];
  guests: Account[];
  venues: string[];
  /** The bench's own connection (PostgreSQL only; PGlite's directory belongs to the server). */
  db?: Database;
  /** Opens PGlite's data directory in this process (the server must be stopped first). */
  openPglite(): Promise<Database>;
  cleanup(): Promise<void>;
}

export async function setUpLoad(
  engine: 'pglite' | 'postgres',
  opts: { serverDatabaseUrl?: (url: string) => string; counts?: { hosts: number; guests: number } } = {},
): Promise<LoadSetup> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `velvet-load-${engine}-`));
  const smtp = new TestSmtpServer();
  await smtp.start();
  let databaseUrl: string | undefined;
  let name: string | undefined;
  let database: Database;
  if (engine === 'postgres') {
    name = `velvet_load_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    databaseUrl = withDatabase(BENCH_DATABASE_URL, name);
    // The bench's own connection waits as long as it must: it only checks, on a loaded machine.
    database = await openPostgres(databaseUrl, 4, { connectMs: 30_000, queryMs: 120_000 });
  } else {
    database = await openDatabase({ dataDir });
  }
  await database.migrate();
  const world = await createWorld(database, dataDir, opts.counts);
  if (engine === 'pglite') await database.close();
  const server = new ServerProcess({
    dataDir,
    databaseUrl: databaseUrl && (opts.serverDatabaseUrl?.(databaseUrl) ?? databaseUrl),
    smtpUrl: smtp.url,
  });
  await server.start();
  const cookies = await sessionCookies(server.base, world, server.secret);
  return {
    engine,
    dataDir,
    databaseUrl,
    world,
    smtp,
    server,
    hosts: cookies.hosts,
    guests: cookies.guests,
    venues: world.hosts.map((h) => h.venueId),
    db: engine === 'postgres' ? database : undefined,
    openPglite: () => openDatabase({ dataDir }),
    async cleanup() {
      await server.kill();
      await smtp.stop();
      if (engine === 'postgres') {
        await database.close().catch(() => undefined);
        const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until the SMTP inbox has not grown for `quietMs` (PGlite: the outbox cannot be read meanwhile). */
export async function waitForQuietInbox(smtp: TestSmtpServer, quietMs = 3000, deadlineMs = 180_000) {
  const started = performance.now();
  let count = -1;
  let since = performance.now();
  while (performance.now() - started < deadlineMs) {
    if (smtp.received.length !== count) {
      count = smtp.received.length;
      since = performance.now();
    } else if (performance.now() - since >= quietMs) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return performance.now() - started;
}

export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
