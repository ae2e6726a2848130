import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp, type App } from '../../src/server/app';
import type { Config } from '../../src/server/config';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../../src/server/db/client';
import type { AppContext } from '../../src/server/context';
import { createLogger } from '../../src/server/logger';
import { OutboxWorker, outboxWorkerOptions } from '../../src/server/mail/outbox';
import { createContext } from '../../src/server/runtime';
import { withDatabase } from '../global-setup';
import { RecordingTransport, testConfig } from './standard-accounts';

export { ADMIN_EMAIL, PUBLIC_URL, RecordingTransport } from './standard-accounts';

export interface TestEnv {
  ctx: AppContext;
  app: App;
  config: Config;
  mail: RecordingTransport;
  worker: OutboxWorker;
  /** Lets tests move the clock. */
  clock: { now: Date | null };
  /** The PostgreSQL test database's URL (undefined on PGlite), for a second connection pool. */
  databaseUrl?: string;
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  const pgTemplate = inject('pgTemplateDb');
  const url = process.env.TEST_DATABASE_URL;
  if (pgTemplate && url) {
    const name = `velvet_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${pgTemplate}`);
    // Two test files run at once on a 2-core machine: the production pool's 1.5 s wait for a
    // connection (DEFAULT_POOL_TIMEOUTS) would answer a burst of 50 parallel requests with a 503
    // there. The timeouts themselves are tested with their own pools (database-faults.test.ts).
    const database = await openPostgres(withDatabase(url, name), 20, { connectMs: 10_000, queryMs: 15_000 });
    return {
      database,
      url: withDatabase(url, name),
      drop: async () => {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const dump = await readFile(inject('pgliteTemplate'));
  const client = new PGlite({ loadDataDir: new Blob([dump]), extensions: pgliteExtensions });
  const database = await openPglite(client);
  return { database, drop: () => database.close() };
}

/** A fresh, migrated database and the whole app on it, for one test file. */
export async function createTestEnv(overrides: Record<string, string> = {}): Promise<TestEnv> {
  const { database, drop, url: databaseUrl } = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-data-'));
  const config = testConfig(dataDir, overrides);
  const log = createLogger(config.LOG_LEVEL);
  const mail = new RecordingTransport();
  const clock: { now: Date | null } = { now: null };
  const ctx = await createContext(config, database, log, { mail, now: () => clock.now ?? new Date() });
  const app = createApp(ctx);
  const worker = new OutboxWorker(ctx.db, mail, log, outboxWorkerOptions(config));
  return {
    ctx,
    app,
    config,
    mail,
    worker,
    clock,
    databaseUrl,
    async close() {
      await ctx.changes.stop();
      await drop();
    },
  };
}
