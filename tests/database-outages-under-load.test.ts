/**
 * Issue 15, database outages under load (PostgreSQL only: PGlite runs in the process). The app
 * reaches PostgreSQL through a TCP proxy (tests/support/fault-proxy.ts); 40 clients keep sending
 * booking requests (each with its Idempotency-Key, retried after a 503 as a browser would) and
 * reads while the database is away for 5 s — connections refused, then packets silently dropped.
 * Every answer comes within 2 s (+ slack for a loaded machine), every failure is a 503 with a
 * message, /api/health says why, the server recovers by itself, every retried request ends in
 * exactly one booking, and every booking answered 201 is in the database.
 */
import { randomBytes } from 'node:crypto';
import { like } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres, type Database } from '../src/server/db/client';
import { bookings, type Venue } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { withDatabase } from './global-setup';
import { bookingBody, createAccounts, freshDate, insertVenue, type Accounts } from './factories';
import { call } from './support/client';
import { PUBLIC_URL, RecordingTransport, type TestEnv } from './support/env';
import { FaultProxy } from './support/fault-proxy';

const url = process.env.TEST_DATABASE_URL;
const CLIENTS = 40;
const OUTAGE_MS = 5000;
/**
 * The pool's timeouts bound a request to 2 s of waiting for the database; on a shared, loaded
 * machine a request also waits for the CPU, measured as the slowest answer in the second before
 * the outage (the slowest 2xx answer to a request sent before it), and added as slack.
 */
const TIMEOUT_MS = 2000;

interface Sent {
  kind: 'book' | 'read' | 'health';
  status: number;
  ms: number;
  sentAt: number;
  body: any;
}

describe.skipIf(!url)('database outages under load (PostgreSQL through a TCP proxy)', () => {
  let proxy: FaultProxy;
  let database: Database;
  let env: TestEnv;
  let admin: pg.Client;
  let dbName: string;
  let a: Accounts;
  let venue: Venue;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
    dbName = `velvet_faultload_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${dbName} TEMPLATE ${inject('pgTemplateDb')}`);
    proxy = FaultProxy.forUrl(url!);
    await proxy.start();
    database = await openPostgres(proxy.via(withDatabase(url!, dbName)), 10);
    const config = loadConfig({ NODE_ENV: 'test', PUBLIC_URL, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
    const mail = new RecordingTransport();
    const ctx = await createContext(config, database, createLogger('silent'), { mail });
    env = { ctx, app: createApp(ctx), config, mail, clock: { now: null } } as unknown as TestEnv;
    a = await createAccounts(env);
    venue = await insertVenue(env, a.host, { capacity: 500 });
  }, 30_000);

  afterAll(async () => {
    await env?.ctx.changes.stop();
    await database?.close().catch(() => undefined);
    await proxy?.stop().catch(() => undefined);
    await admin?.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin?.end();
  });

  /** 40 clients: each sends a booking request (retried after a 503 with its key) or a read, until stopped. */
  async function underLoad(run: string, during: () => Promise<void>) {
    const sent: Sent[] = [];
    const created = new Map<string, string>();
    const answerLost = new Set<string>();
    const keys: string[] = [];
    let stopping = false;
    const send = async (kind: Sent['kind'], path: string, opts: Parameters<typeof call>[3] = {}) => {
      const t = performance.now();
      const res = await call(env, opts.json ? 'POST' : 'GET', path, opts);
      sent.push({ kind, status: res.status, ms: performance.now() - t, sentAt: t, body: res.body });
      return res;
    };
    const client = async (i: number) => {
      for (let n = 0; !stopping; n++) {
        if (i % 4 === 3) {
          await send('read', '/api/host/bookings', { cookie: a.host.cookie });
          await new Promise((r) => setTimeout(r, 100));
          continue;
        }
        const key = `${run}-${i}-${n}`;
        keys.push(key);
        const body = bookingBody(venue.id, { date: freshDate(), special_requests: `Outage ${key}` });
        const guest = i % 2 ? a.guest : a.otherGuest;
        // A browser retries a 503 (and "still being processed") with the same key until it is done.
        for (let attempt = 0; attempt < 200; attempt++) {
          const res = await send('book', '/api/bookings', {
            cookie: guest.cookie,
            json: body,
            headers: { 'idempotency-key': key },
          });
          if (res.status === 201) {
            created.set(key, res.body.id);
            break;
          }
          // The work committed but its answer was lost (the database went away during the
          // commit): after the claim's lock the server says so instead of doing it again.
          if (res.body?.error?.code === 'IDEMPOTENCY_ANSWER_LOST') {
            answerLost.add(key);
            break;
          }
          if (res.status !== 503 && res.body?.error?.code !== 'IDEMPOTENCY_IN_PROGRESS') {
            throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
          }
          await new Promise((r) => setTimeout(r, 200));
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));
    await new Promise((r) => setTimeout(r, 3000));
    const t0 = performance.now();
    await during();
    const t1 = performance.now();
    // Recovered: /api/health answers 200 again.
    let recoveryMs = Infinity;
    while (performance.now() - t1 < 10_000) {
      if ((await call(env, 'GET', '/api/health')).status === 200) {
        recoveryMs = performance.now() - t1;
        break;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 500));
    stopping = true;
    await Promise.all(clients);
    const inOutage = sent.filter((s) => s.sentAt >= t0 && s.sentAt < t1);
    const before = sent.filter((s) => s.sentAt < t0 && s.status < 300).map((s) => s.ms);
    return { sent, inOutage, created, answerLost, keys, recoveryMs, slackMs: Math.max(0, ...before) };
  }

  /** Outage: down for 5 s while /api/health is asked every 250 ms; then up. */
  const outage = (down: () => unknown, up: () => unknown, health: Sent[]) => async () => {
    await down();
    const until = performance.now() + OUTAGE_MS;
    while (performance.now() < until) {
      const t = performance.now();
      const res = await call(env, 'GET', '/api/health');
      health.push({
        kind: 'health',
        status: res.status,
        ms: performance.now() - t,
        sentAt: t,
        body: res.body,
      });
      await new Promise((r) => setTimeout(r, 250));
    }
    await up();
  };

  async function expectOutcome(result: Awaited<ReturnType<typeof underLoad>>, health: Sent[]) {
    const { inOutage, created, answerLost, keys, recoveryMs, slackMs } = result;
    const budget = TIMEOUT_MS + slackMs;
    expect(inOutage.length).toBeGreaterThan(CLIENTS);
    const failures = inOutage.filter((s) => s.status >= 500);
    expect(failures.length).toBeGreaterThan(0);
    for (const f of failures) {
      expect(f.status).toBe(503);
      expect(f.body.error.code).toBe('UNAVAILABLE');
      expect(f.body.error.message).toMatch(
        /^The database is (not reachable right now|taking too long to answer)\./,
      );
    }
    expect(health.filter((h) => h.status === 503).length).toBeGreaterThan(health.length / 2);
    for (const h of health.filter((x) => x.status === 503))
      expect(h.body.reason).toMatch(/^The database is /);
    expect(recoveryMs).toBeLessThan(8000);
    // Every request ended in exactly one booking: the 201s are in the database, retries made no
    // second one, and none was lost. Every key got its 201, except a key whose commit outcome was
    // unknown to the server (the connection cut during COMMIT): its retry is told the answer was
    // lost, and its booking must then exist, once. Only a request holding a connection can be in
    // its COMMIT when the database goes away, so at most the pool's size (10) of them.
    const rows = await env.ctx.db
      .select({ id: bookings.id, text: bookings.special_requests })
      .from(bookings)
      .where(like(bookings.special_requests, `Outage ${keys[0]!.split('-')[0]}-%`));
    const byKey = new Map<string, number>();
    for (const r of rows) {
      const k = r.text!.replace(/^Outage /, '');
      byKey.set(k, (byKey.get(k) ?? 0) + 1);
    }
    for (const key of keys) expect(byKey.get(key), `bookings for ${key}`).toBe(1);
    expect(rows.length).toBe(keys.length);
    for (const key of keys)
      expect(created.has(key) !== answerLost.has(key), `one ending for ${key}`).toBe(true);
    expect(answerLost.size).toBeLessThanOrEqual(10);
    expect(created.size).toBeGreaterThan(answerLost.size);
    const ids = new Set(rows.map((r) => r.id));
    for (const id of created.values()) expect(ids.has(id)).toBe(true);
    // Last, the timing: nothing hangs beyond the pool's timeouts (and the machine's own slowness).
    const slowest = Math.max(...inOutage.map((s) => s.ms), ...health.map((h) => h.ms));
    const slow = [...inOutage, ...health]
      .filter((s) => s.ms >= budget)
      .sort((x, y) => y.ms - x.ms)
      .map((s) => `${s.kind} ${s.status} ${s.ms.toFixed(0)} ms ${JSON.stringify(s.body).slice(0, 120)}`);
    expect(slowest, `slack ${slackMs.toFixed(0)} ms\n${slow.slice(0, 5).join('\n')}`).toBeLessThan(budget);
    await expectPoolReleased();
  }

  /**
   * Once the load has stopped, every connection the requests checked out is back in the pool:
   * one kept by a request that failed during the outage would be lost to the process for good
   * (and pool.end() would wait for it).
   */
  async function expectPoolReleased() {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const until = performance.now() + 5000;
    while (performance.now() < until && pool.idleCount !== pool.totalCount)
      await new Promise((r) => setTimeout(r, 100));
    expect({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }).toEqual({
      total: pool.totalCount,
      idle: pool.totalCount,
      waiting: 0,
    });
  }

  it('connections refused for 5 s under load: fast 503s with a message, health says why, recovers, nothing lost', async () => {
    const health: Sent[] = [];
    const result = await underLoad(
      'refused',
      outage(
        () => proxy.stop(),
        () => proxy.restart(),
        health,
      ),
    );
    await expectOutcome(result, health);
  }, 90_000);

  it('packets silently dropped for 5 s under load: no hanging, 503s within 2 s, recovers, nothing lost', async () => {
    const health: Sent[] = [];
    const result = await underLoad(
      'dropped',
      outage(
        () => proxy.pause(),
        () => proxy.resume(),
        health,
      ),
    );
    await expectOutcome(result, health);
  }, 90_000);
});
