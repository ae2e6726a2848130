import { constants, copyFileSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: everything a service needs from `db`, scoped to one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Engine = 'pglite' | 'postgres';
export type Unlisten = () => Promise<void>;

export interface Database {
  db: Db;
  engine: Engine;
  /**
   * Subscribes to NOTIFY on a channel; payloads arrive after the notifying transaction commits.
   * `onReconnect` is called each time the subscription is re-established after its connection
   * dropped: the payloads sent during the gap are lost (PostgreSQL does not replay them).
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<Unlisten>;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The connection pool's state (PostgreSQL; the embedded database has no pool). */
  poolStats?(): PoolStats;
  /** A consistent copy of the whole embedded database (PGlite's gzipped data-directory dump). */
  dump?(): Promise<Blob>;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

export const pgliteExtensions = { btree_gist, pg_trgm };

/** The folder of committed migrations, found upward from this module (works from src/ and dist/). */
export function migrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, 'drizzle');
    if (existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('Cannot find the drizzle/ migrations folder');
}

export async function openPglite(client: PGlite): Promise<Database> {
  await client.waitReady;
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    async listen(channel, onPayload) {
      const unsub = await client.listen(channel, onPayload);
      return async () => {
        await unsub();
      };
    },
    async migrate() {
      await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: migrationsFolder() });
    },
    dump: () => client.dumpDataDir('gzip'),
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

export interface PoolTimeouts {
  /** Opening a connection, or waiting for a free one in the pool. */
  connectMs: number;
  /**
   * One statement: the client gives up after this (a network that silently drops packets would
   * otherwise hang the request for the whole outage), and the server cancels the statement.
   */
  queryMs: number;
}

/** Short enough that a request meets an unreachable database with a 503 within 2 seconds. */
export const DEFAULT_POOL_TIMEOUTS: PoolTimeouts = { connectMs: 1500, queryMs: 1800 };

export async function openPostgres(
  connectionString: string,
  max = 10,
  timeouts: PoolTimeouts = DEFAULT_POOL_TIMEOUTS,
): Promise<Database> {
  // Loaded only for PostgreSQL: an embedded database's start does not pay for them (decision 33).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({
    connectionString,
    max,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: timeouts.queryMs,
    // A transaction left open by a lost client does not hold its locks for long.
    idle_in_transaction_session_timeout: 10_000,
    keepAlive: true,
  });
  // An idle connection can drop (server restart, failover, DROP DATABASE): log it, never crash.
  pool.on('error', (err) => console.warn(`postgres: idle connection error: ${err.message}`));
  // So can one that is checked out: the pool listens for errors only on idle connections, and
  // an 'error' nobody listens to ends the process. The server closing a connection between two
  // statements of a transaction (idle_in_transaction_session_timeout, pg_terminate_backend, a
  // restart) must fail that transaction's next statement, not kill the server (issue 15).
  // The statement that was running, or the next one, fails with the same error, so it is
  // reported where it happens (a 503); here it only needs a listener.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    closeOnReadTimeout(client);
  });
  releaseDeadCheckouts(pool, Number(process.env.PG_CHECKOUT_WARN_MS) || 0);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  const listeners = new Set<pg.Client>();
  return {
    db,
    engine: 'postgres',
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async listen(channel, onPayload, onReconnect) {
      // LISTEN needs a connection of its own that stays open; if it drops (server restart,
      // failover), reconnect with backoff so live updates and cache invalidation resume.
      let current: pg.Client | null = null;
      let stopped = false;
      let failures = 0;
      const connect = async () => {
        const client = new pg.Client({ connectionString });
        client.on('error', (err) => console.warn(`postgres: change-feed connection error: ${err.message}`));
        client.on('notification', (msg) => {
          if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
        });
        client.on('end', () => {
          listeners.delete(client);
          if (!stopped && current === client) reconnectLater();
        });
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (stopped) {
          await client.end().catch(() => undefined);
          return;
        }
        const reconnected = current !== null;
        current = client;
        listeners.add(client);
        failures = 0;
        if (reconnected) onReconnect?.();
      };
      const reconnectLater = () => {
        const delay = Math.min(30_000, 250 * 2 ** failures++);
        setTimeout(() => {
          if (!stopped) connect().catch(reconnectLater);
        }, delay).unref();
      };
      await connect();
      return async () => {
        stopped = true;
        if (current) {
          listeners.delete(current);
          await current.end().catch(() => undefined);
        }
      };
    },
    async migrate() {
      // Several app servers may start at once: one migrates at a time.
      const client = new pg.Client({ connectionString });
      client.on('error', (err) => console.warn(`postgres: migration connection error: ${err.message}`));
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
        await client.end();
      }
    },
    async close() {
      const ending = (async () => {
        await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
        await pool.end();
      })();
      // A connection the network stopped answering never acknowledges its end: after a short
      // wait its socket is destroyed, so a shutdown (or a test's teardown) cannot hang on it.
      if (await settlesWithin(ending, CLOSE_WAIT_MS)) return;
      console.warn('postgres: connections did not close in time; their sockets are destroyed');
      const pooled = (pool as unknown as { _clients?: pg.Client[] })._clients ?? [];
      for (const c of [...listeners, ...pooled]) socketOf(c)?.destroy();
      // A connection a request still holds stays counted by the pool until it is released;
      // the process is closing, so close() does not wait for it any longer.
      await settlesWithin(ending, 1_000);
    },
  };
}

/**
 * Every checkout of the pool gets its connection back, even when the connection died under it.
 * Drizzle's transaction helper sends BEGIN before its try/finally: when BEGIN fails (the network
 * dropped the answer, so the read timeout closed the socket; the server went away) the
 * connection is never released, and the pool counts it as busy for ever — one connection lost
 * per outage. So a connection that ends while checked out is released with an error (the pool
 * drops it and opens a new one when needed), and a later release of it does nothing.
 *
 * With `warnMs` > 0 (PG_CHECKOUT_WARN_MS) each checkout also records where it was made and a
 * warning with that stack is logged when it is not released within `warnMs`: the way to find a
 * request that holds a connection.
 */
function releaseDeadCheckouts(pool: pg.Pool, warnMs: number) {
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  const guard = (client: pg.PoolClient, stack: string | undefined) => {
    const poolRelease = client.release;
    let released = false;
    let timer: NodeJS.Timeout | undefined;
    if (stack !== undefined) {
      const since = Date.now();
      timer = setTimeout(() => {
        console.warn(
          `postgres: a connection checked out ${Date.now() - since} ms ago is not released:\n${stack}`,
        );
      }, warnMs);
      timer.unref();
    }
    const release = (err?: Error | boolean) => {
      if (released) return;
      released = true;
      clearTimeout(timer);
      client.removeListener('end', onEnd);
      poolRelease(err);
    };
    const onEnd = () => release(new Error('the connection ended while checked out'));
    client.once('end', onEnd);
    client.release = release;
  };
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    const stack = warnMs > 0 ? (new Error('checked out here').stack ?? '') : undefined;
    const callback = args[0];
    if (typeof callback === 'function') {
      return connect((err: unknown, client: pg.PoolClient | undefined, done: unknown) => {
        if (err || !client) return (callback as (...a: unknown[]) => unknown)(err, client, done);
        guard(client, stack);
        return (callback as (...a: unknown[]) => unknown)(err, client, client.release);
      });
    }
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      guard(client, stack);
      return client;
    });
  };
}

/** How long close() waits for connections to end politely before destroying their sockets. */
export const CLOSE_WAIT_MS = 3_000;

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const socketOf = (client: pg.Client) =>
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;

/**
 * After a client-side read timeout (`query_timeout`: the network dropped the answer) the
 * statement is still in flight on that connection, and pg queues everything else behind it: a
 * transaction's ROLLBACK would wait another full timeout, and a late answer could be read as the
 * next statement's. So the connection is closed at once; the pool replaces it.
 */
function closeOnReadTimeout(client: pg.PoolClient) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const close = (err: unknown) => {
    if (err instanceof Error && /query read timeout/i.test(err.message)) {
      (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
    }
  };
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (err: unknown, ...rest: unknown[]) => {
        close(err);
        return (callback as (...a: unknown[]) => unknown)(err, ...rest);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(close);
    return result;
  };
}

/**
 * Copies a directory tree, file by file (a clone where the file system can): ~0.1 s of CPU for the
 * template's ~1,200 files, where fs.cp takes ~0.7 s.
 */
function copyDirectory(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copyDirectory(source, target);
    else copyFileSync(source, target, constants.COPYFILE_FICLONE);
  }
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: PoolTimeouts;
  /**
   * The data directory of a new, migrated PGlite database (made by `npm run build`:
   * db/template.ts). A new data directory starts as a copy of it instead of initialising a
   * cluster — most of a fresh start (decisions 26 and 33).
   */
  pgliteTemplate?: string;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, 10, opts.timeouts);
  const dir = path.resolve(opts.dataDir, 'pglite');
  await mkdir(dir, { recursive: true });
  const isNew = !existsSync(path.join(dir, 'PG_VERSION'));
  if (isNew && opts.pgliteTemplate && existsSync(path.join(opts.pgliteTemplate, 'PG_VERSION'))) {
    try {
      copyDirectory(opts.pgliteTemplate, dir);
      const client = new PGlite(dir, { extensions: pgliteExtensions });
      await client.waitReady;
      return await openPglite(client);
    } catch (err) {
      // A template this PGlite cannot read: start the directory from nothing instead.
      console.warn(`pglite: the database template could not be used (${(err as Error).message})`);
      await rm(dir, { recursive: true, force: true });
      await mkdir(dir, { recursive: true });
    }
  }
  return openPglite(new PGlite(dir, { extensions: pgliteExtensions }));
}
