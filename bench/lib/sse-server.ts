/**
 * The server side of bench/sse-fanout.ts, run as its own process (with --expose-gc and an IPC
 * channel): a fresh database of the given engine, five signed-in accounts, one active venue, and
 * the whole app on a real socket. It answers the orchestrator's messages:
 *   { type: 'memory' }  → { type: 'memory', rss, heapUsed, external } after two full GCs
 *   { type: 'stop' }    → closes everything, drops the database, exits
 * and first sends { type: 'ready', port, publicUrl, venueId, adminCookie, cookies }.
 *
 *   node --expose-gc --import tsx bench/lib/sse-server.ts <pglite|postgres>
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createLogger } from '../../src/server/logger';
import { createContext } from '../../src/server/runtime';
import { venues } from '../../src/server/db/schema';
import { DEMO_PASSWORD, seedAccounts } from '../../src/server/seed/accounts';
import { WEEK_DAYS } from '../../src/domain/calendar';
import type { WeeklyHours } from '../../src/domain/hours';
import { openEngine } from '../venues';

export interface ServerReady {
  type: 'ready';
  port: number;
  publicUrl: string;
  venueId: string;
  adminCookie: string;
  /** Session cookies of the five accounts (admin, two hosts, two guests). */
  cookies: string[];
}

export interface ServerMemory {
  type: 'memory';
  rss: number;
  heapUsed: number;
  external: number;
}

export interface ServerTiming {
  type: 'timing';
  feedAt: number;
  writtenAt: number;
  /** CPU time (user + system) of this process from the feed to the writes' end. */
  cpuMs: number;
}

const PUBLIC_URL = 'http://127.0.0.1';

async function main(engine: 'pglite' | 'postgres') {
  const { database, url, drop } = await openEngine(engine);
  await database.migrate();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-sse-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    // Production requires a bank-details key with DATABASE_URL (decision 59).
    DATA_ENCRYPTION_KEY: 'b'.repeat(64),
    RATE_LIMITS: 'false',
    ...(url ? { DATABASE_URL: url } : {}),
  });
  const ctx = await createContext(config, database, createLogger('silent'));
  const app = createApp(ctx);

  const accounts = await seedAccounts(ctx);
  const people = [accounts.admin!, ...accounts.hosts, ...accounts.guests];
  const cookies: string[] = [];
  for (const p of people) {
    const res = await app.request('/api/accounts/sign-in', {
      method: 'POST',
      headers: { origin: PUBLIC_URL, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: p.email,
        password: DEMO_PASSWORD,
        portal: p.role === 'host' ? 'host' : 'user',
      }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${p.email}: ${res.status} ${await res.text()}`);
    cookies.push(
      res.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; '),
    );
  }
  const [venue] = await ctx.db
    .insert(venues)
    .values({
      host_id: accounts.hosts[0].id,
      name: 'Fan-out Lounge',
      description: 'The venue whose edits every client hears about.',
      address: '1 Broadcast Street',
      city: 'New York',
      capacity: 100,
      base_price: 100,
      pricing_type: 'hourly_rate',
      is_active: true,
      hours: Object.fromEntries(
        WEEK_DAYS.map((d) => [
          d,
          { open: '18:00', close: '02:00', closed: false, price: 0, pricing_type: 'hourly_rate' },
        ]),
      ) as WeeklyHours,
      time_zone: 'America/New_York',
      bank_account_holder_name: 'Marcus Reed',
      bank_account_number: '000123456789',
      bank_routing_number: '021000021',
      tax_id: '12-3456789',
    })
    .returning();

  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  const port = (server.address() as AddressInfo).port;

  // Where the time goes: when the change reached this process's feed, and when the writes it
  // caused were all handed to the sockets (the next turn of the event loop after it).
  const timing = { feedAt: 0, writtenAt: 0, cpuMs: 0 };
  const now = () => performance.timeOrigin + performance.now();
  ctx.changes.subscribe((e) => {
    if (e.entity !== 'venue') return;
    timing.feedAt = now();
    const cpu = process.cpuUsage();
    setImmediate(() => {
      timing.writtenAt = now();
      const used = process.cpuUsage(cpu);
      timing.cpuMs = (used.user + used.system) / 1000;
    });
  });

  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  process.on('message', (msg: { type: string }) => {
    if (msg.type === 'memory') {
      gc();
      gc();
      const m = process.memoryUsage();
      process.send!({
        type: 'memory',
        rss: m.rss,
        heapUsed: m.heapUsed,
        external: m.external,
      } satisfies ServerMemory);
    } else if (msg.type === 'timing') {
      process.send!({ type: 'timing', ...timing } satisfies ServerTiming);
    } else if (msg.type === 'stop') {
      const http = server as unknown as { closeAllConnections?: () => void };
      server.close();
      http.closeAllConnections?.();
      void ctx.changes
        .stop()
        .then(drop)
        .then(() => rm(dataDir, { recursive: true, force: true }))
        .then(() => process.exit(0));
    }
  });
  process.send!({
    type: 'ready',
    port,
    publicUrl: PUBLIC_URL,
    venueId: venue!.id,
    adminCookie: cookies[0]!,
    cookies,
  } satisfies ServerReady);
}

const engine = process.argv[2];
if (engine !== 'pglite' && engine !== 'postgres') throw new Error('usage: sse-server.ts <pglite|postgres>');
await main(engine);
