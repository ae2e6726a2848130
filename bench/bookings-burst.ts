/**
 * Issue 13, item 5: a burst of 200 concurrent booking requests on PGlite (the embedded engine,
 * one connection, run on the server's own thread). Each request should be answered as its own
 * work completes — not all at the end of the burst — with no error; then the host approves all
 * of them at once, two requests per time slot, and no two confirmed bookings may overlap.
 * Also shows that a small JSON answer is sent uncompressed.
 *
 * One connection serves one statement at a time, so equal requests that all arrive at once can at
 * best be answered evenly over the burst: a p50 of half its length. Budget: p50 ≤ 0.65 of the
 * burst (answered all at its end, it is 1.0), the first answer within its first 15 %, 0 errors,
 * 0 overlaps, small answers not compressed. Run: npm run bench bookings-burst   (BURST=200)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { defaultHours } from '@/domain/hours';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, pgliteExtensions } from '../src/server/db/client';
import { authUsers, profiles, venues } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { signUp } from '../src/server/services/accounts';

const BURST = Number(process.env.BURST ?? 200);
const GUESTS = 10;
const PASSWORD = 'NightOwl2026';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-burst-'));
const database = await openPglite(new PGlite({ extensions: pgliteExtensions }));
await database.migrate();
const config = loadConfig({
  NODE_ENV: 'production',
  PUBLIC_URL: 'http://127.0.0.1:1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'false',
});
const ctx = await createContext(config, database, createLogger('silent'));
const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function account(email: string, role: 'user' | 'host') {
  await signUp(ctx, {
    email,
    password: PASSWORD,
    full_name: role === 'host' ? 'Burst Host' : 'Burst Guest',
    role,
    ...(role === 'host' ? { business_name: 'Burst Co', phone: '+1 555 0100' } : {}),
  } as Parameters<typeof signUp>[1]);
  await ctx.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
  const res = await fetch(`${base}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: config.PUBLIC_URL },
    body: JSON.stringify({ email, password: PASSWORD, portal: role }),
  });
  if (!res.ok) throw new Error(`sign-in ${email}: ${res.status} ${await res.text()}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const hostCookie = await account('burst.host@example.com', 'host');
const [host] = await ctx.db.select().from(profiles).where(eq(profiles.email, 'burst.host@example.com'));
const [venue] = await ctx.db
  .insert(venues)
  .values({
    host_id: host!.id,
    name: 'Burst Venue',
    address: '1 Burst St',
    city: 'Burstville',
    capacity: 200,
    base_price: 100,
    pricing_type: 'hourly_rate',
    is_active: true,
    hours: defaultHours(),
    open_to_flexible_hours: false,
    time_zone: 'America/New_York',
  })
  .returning();
const guests = await Promise.all(
  Array.from({ length: GUESTS }, (_, i) => account(`burst.guest${i}@example.com`, 'user')),
);

const headers = (cookie: string) => ({
  'content-type': 'application/json',
  origin: config.PUBLIC_URL,
  cookie,
  'accept-encoding': 'gzip',
});

/** Fires every request at once; returns each one's latency from the start and the burst's length. */
async function burst(requests: Array<() => Promise<Response>>) {
  const started = performance.now();
  const outcomes = await Promise.all(
    requests.map(async (send) => {
      const res = await send();
      const body = await res.text();
      return {
        ms: performance.now() - started,
        status: res.status,
        encoding: res.headers.get('content-encoding'),
        bytes: body.length,
        body,
      };
    }),
  );
  const length = performance.now() - started;
  const sorted = outcomes.map((o) => o.ms).sort((a, b) => a - b);
  return { outcomes, length, p50: sorted[Math.floor(sorted.length / 2)] ?? 0, first: sorted[0] ?? 0 };
}

// Two requests per slot: 2-hour slots on consecutive days in 2031.
const slot = (i: number) => {
  const k = Math.floor(i / 2);
  const day = new Date(Date.UTC(2031, 2, 2 + Math.floor(k / 3)));
  const start = 10 + (k % 3) * 2;
  return {
    date: day.toISOString().slice(0, 10),
    start_time: `${String(start).padStart(2, '0')}:00`,
    end_time: `${String(start + 2).padStart(2, '0')}:00`,
  };
};
const requested = await burst(
  Array.from(
    { length: BURST },
    (_, i) => () =>
      fetch(`${base}/api/bookings`, {
        method: 'POST',
        headers: headers(guests[i % GUESTS]!),
        body: JSON.stringify({
          venue_id: venue!.id,
          guest_count: 10,
          special_requests: 'A birthday party for ten.',
          ...slot(i),
        }),
      }),
  ),
);
const created = requested.outcomes
  .filter((o) => o.status === 201)
  .map((o) => JSON.parse(o.body) as { id: string });
const approved = await burst(
  created.map(
    (b) => () =>
      fetch(`${base}/api/bookings/${b.id}/approve`, {
        method: 'POST',
        headers: headers(hostCookie),
        body: '{}',
      }),
  ),
);
const [overlaps] = (
  (await ctx.db.execute(sql`
    select count(*)::int as n from bookings a join bookings b
      on a.venue_id = b.venue_id and a.id < b.id
     and a.status = 'confirmed' and b.status = 'confirmed'
     and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(b.starts_at, b.ends_at, '[)')`)) as unknown as {
    rows: Array<{ n: number }>;
  }
).rows;
const stats = await fetch(`${base}/api/venues/stats`, { headers: { 'accept-encoding': 'gzip' } });
const statsEncoding = stats.headers.get('content-encoding');
await stats.text();

await new Promise((r) => server.close(r));
await ctx.changes.stop();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const requestErrors = requested.outcomes.filter((o) => o.status !== 201).length;
if (requestErrors)
  console.log(
    'first error:',
    requested.outcomes.find((o) => o.status !== 201)?.status,
    requested.outcomes.find((o) => o.status !== 201)?.body.slice(0, 300),
  );
// A losing approval of the same slot is the rule working (409), not an error.
const approveErrors = approved.outcomes.filter((o) => o.status !== 200 && o.status !== 409).length;
const confirmed = approved.outcomes.filter((o) => o.status === 200).length;
const smallCompressed = [...requested.outcomes, ...approved.outcomes].filter(
  (o) => o.encoding && o.bytes < 1024,
).length;
const ms = (n: number) => `${n.toFixed(0)} ms`;
console.log(
  `PGlite, ${BURST} concurrent booking requests (${GUESTS} guests, two per slot), load average ${os.loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `requests: burst ${ms(requested.length)}, first answer ${ms(requested.first)}, p50 ${ms(requested.p50)} (${((requested.p50 / requested.length) * 100).toFixed(0)} % of the burst), errors ${requestErrors}`,
);
console.log(
  `approvals: burst ${ms(approved.length)}, p50 ${ms(approved.p50)}, ${confirmed} confirmed, ${approved.outcomes.length - confirmed - approveErrors} refused as overlapping (409), errors ${approveErrors}; overlapping confirmed bookings: ${overlaps!.n}`,
);
console.log(
  `small answers compressed: ${smallCompressed} (booking ≈ ${requested.outcomes[0]?.bytes ?? 0} B); /api/venues/stats content-encoding: ${statsEncoding ?? 'none'}`,
);
const pass =
  requested.p50 <= 0.65 * requested.length &&
  requested.first <= 0.15 * requested.length &&
  requestErrors === 0 &&
  approveErrors === 0 &&
  overlaps!.n === 0 &&
  confirmed === BURST / 2 &&
  smallCompressed === 0 &&
  statsEncoding === null;
console.log(
  `budget: p50 ≤ 0.65 of the burst, first answer ≤ 0.15 of it, 0 errors, 0 overlaps, ${BURST / 2} confirmed, small answers uncompressed → ${pass ? 'PASS' : 'FAIL'}`,
);
process.exitCode = pass ? 0 : 1;
