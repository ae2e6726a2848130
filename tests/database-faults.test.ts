/**
 * Issue 15, database faults (PostgreSQL only: PGlite runs in the process). The app talks to
 * PostgreSQL through a small TCP proxy that the test can stop (connections refused) or pause
 * (packets silently dropped): requests get a 503 with a message within 2 seconds, /api/health
 * answers 503 and says why, and the server recovers by itself when the database returns.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { AppError } from '@/domain/errors';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { CLOSE_WAIT_MS, openPostgres, type Database } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import type { AppContext } from '../src/server/context';
import { fromDatabaseError, isConnectionFault } from '../src/server/db/errors';
import { inTransaction } from '../src/server/db/transaction';
import { withDatabase } from './global-setup';
import { PUBLIC_URL, RecordingTransport } from './support/env';
import { FaultProxy } from './support/fault-proxy';

const url = process.env.TEST_DATABASE_URL;
const NO_VENUE = '00000000-0000-4000-8000-000000000000';

describe.skipIf(!url)('database faults (PostgreSQL through a TCP proxy)', () => {
  let proxy: FaultProxy;
  let database: Database;
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let dbName: string;
  let admin: pg.Client;
  let viaProxy: string;

  beforeAll(async () => {
    const target = new URL(url!);
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    dbName = `velvet_fault_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplateDb')}`);
    proxy = new FaultProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const via = new URL(withDatabase(url!, dbName));
    via.hostname = '127.0.0.1';
    via.port = String(proxy.port);
    viaProxy = via.toString();
    database = await openPostgres(viaProxy, 5);
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
    ctx = await createContext(config, database, createLogger('silent'), { mail: new RecordingTransport() });
    app = createApp(ctx);
  });

  afterAll(async () => {
    await ctx?.changes.stop();
    await database?.close().catch(() => undefined);
    if (proxy) await proxy.stop().catch(() => undefined);
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
  });

  const UNKNOWN_VENUE = '4b1d3f55-0000-4000-8000-00000000abcd';

  async function timedGet(path: string) {
    const started = performance.now();
    const res = await app.request(path);
    return {
      status: res.status,
      body: await res.json(),
      ms: performance.now() - started,
      headers: res.headers,
    };
  }

  async function waitForHealthy(deadlineMs: number) {
    const started = performance.now();
    for (;;) {
      const res = await timedGet('/api/health');
      if (res.status === 200) return performance.now() - started;
      if (performance.now() - started > deadlineMs) throw new Error(`not healthy after ${deadlineMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  it('answers normally through the proxy', async () => {
    expect((await timedGet('/api/health')).status).toBe(200);
    expect((await timedGet('/api/venues')).status).toBe(200);
  });

  it('the server closing a connection inside a transaction fails that transaction, not the process', async () => {
    const failed = await inTransaction(ctx.db, async (tx) => {
      const { rows } = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
        rows: Array<{ pid: number }>;
      };
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
      // The FATAL arrives while the connection is checked out and idle between two statements.
      await new Promise((r) => setTimeout(r, 300));
      await tx.execute(sql`select 1`);
    }).catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(AppError);
    expect((failed as AppError).code).toBe('unavailable');
    expect((await timedGet('/api/health')).status).toBe(200);
  });

  it('refused connections: 503 with a message within 2 s, health says why, then recovers', async () => {
    await proxy.stop();
    // Paths that need the database (the public list may be answered from the in-process venue
    // index while the database is away, decision 31).
    for (const path of ['/api/health', '/api/venues/stats', `/api/venues/${UNKNOWN_VENUE}`]) {
      const res = await timedGet(path);
      expect(res.status, path).toBe(503);
      expect(res.ms, path).toBeLessThan(2000);
    }
    const health = await timedGet('/api/health');
    expect(health.body).toMatchObject({
      status: 'unavailable',
      database: 'postgres',
      reason: 'The database is not reachable right now. Please try again in a moment.',
    });
    const stats = await timedGet('/api/venues/stats');
    expect(stats.body.error).toEqual({
      code: 'UNAVAILABLE',
      message: 'The database is not reachable right now. Please try again in a moment.',
    });
    expect(stats.headers.get('retry-after')).toBe('2');
    await proxy.restart();
    const recovery = await waitForHealthy(5000);
    expect(recovery).toBeLessThan(5000);
    expect((await timedGet('/api/venues/stats')).status).toBe(200);
  });

  it('closing the database does not hang on a held connection whose packets are dropped', async () => {
    const closing = await openPostgres(viaProxy, 2);
    const unlisten = await closing.listen('velvet_close_test', () => undefined);
    await closing.db.execute(sql`select 1`);
    // A connection a stuck request still holds: the pool's end would wait for it for ever.
    const pool = (closing.db as unknown as { $client: pg.Pool }).$client;
    const held = await pool.connect();
    held.on('error', () => undefined);
    proxy.mode = 'paused';
    try {
      const started = performance.now();
      await closing.close();
      // Within the polite wait plus a little: the stuck sockets were destroyed, not waited for.
      expect(performance.now() - started).toBeLessThan(CLOSE_WAIT_MS + 2_000);
      await unlisten();
    } finally {
      proxy.resume();
    }
  }, 20_000);

  it('a transaction whose BEGIN fails (dropped packets) gives its connection back to the pool', async () => {
    const own = await openPostgres(viaProxy, 2);
    const pool = (own.db as unknown as { $client: pg.Pool }).$client;
    try {
      // Two idle connections: the transaction takes one that looks healthy.
      await Promise.all([own.db.execute(sql`select pg_sleep(0.05)`), own.db.execute(sql`select 1`)]);
      expect(pool.totalCount).toBe(2);
      proxy.mode = 'paused';
      const failed = await inTransaction(own.db, async (tx) => tx.execute(sql`select 1`)).catch(
        (err: unknown) => err,
      );
      expect(failed).toBeInstanceOf(AppError);
      expect((failed as AppError).code).toBe('unavailable');
      // The dead connection leaves the pool (once its socket has closed) instead of staying
      // checked out for ever.
      const until = performance.now() + 2000;
      while (pool.totalCount !== pool.idleCount && performance.now() < until)
        await new Promise((r) => setTimeout(r, 50));
      expect(pool.totalCount - pool.idleCount).toBe(0);
    } finally {
      proxy.resume();
      await own.close();
    }
  }, 20_000);

  it('silently dropped packets: 503 within 2 s instead of hanging, then recovers', async () => {
    proxy.mode = 'paused';
    const answers = await Promise.all(
      // A venue that is not in the cache (the stats and list pages may be served from it while the
      // database is away, which is what the cache is for): it has to ask the database.
      ['/api/health', `/api/venues/${NO_VENUE}`, `/api/venues/${NO_VENUE}`, '/api/health'].map((p) =>
        timedGet(p),
      ),
    );
    for (const a of answers) {
      expect(a.status).toBe(503);
      expect(a.ms).toBeLessThan(2100);
    }
    // Dropped packets look like a slow database or an unreachable one, depending on the step.
    expect(answers[1]!.body.error.message).toMatch(
      /^The database is (not reachable right now|taking too long to answer)\./,
    );
    // The network comes back; connections stuck in the outage are dropped and replaced.
    await proxy.stop();
    await proxy.restart();
    expect(await waitForHealthy(8000)).toBeLessThan(8000);
    expect((await timedGet('/api/venues/stats')).status).toBe(200);
  });
});

describe('connection errors are recognised (both engines)', () => {
  it('maps socket, pool and SQLSTATE connection errors to unavailable; others are not', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
    const wrapped = Object.assign(new Error('Failed query: select 1'), { cause: refused });
    expect(isConnectionFault(wrapped)).toBe('unreachable');
    expect(isConnectionFault(new AggregateError([refused], 'connect failed'))).toBe('unreachable');
    expect(isConnectionFault(new Error('timeout exceeded when trying to connect'))).toBe('unreachable');
    expect(isConnectionFault(new Error('Connection terminated unexpectedly'))).toBe('unreachable');
    expect(isConnectionFault(new Error('Query read timeout'))).toBe('slow');
    expect(isConnectionFault(Object.assign(new Error('x'), { code: '57P01' }))).toBe('unreachable');
    expect(isConnectionFault(Object.assign(new Error('x'), { code: '08006' }))).toBe('unreachable');
    expect(isConnectionFault(Object.assign(new Error('canceling statement'), { code: '57014' }))).toBe(
      'slow',
    );
    expect(isConnectionFault(Object.assign(new Error('dup'), { code: '23505' }))).toBeUndefined();
    expect(isConnectionFault(new Error('boom'))).toBeUndefined();
    expect(fromDatabaseError(wrapped)?.code).toBe('unavailable');
    expect(fromDatabaseError(wrapped)?.retryAfter).toBe(2);
  });
});
