/**
 * Issue 15 figure: 16 concurrent uploads of 7000×7000 photos. Prints the server's peak memory
 * (RSS) and /api/health latency while they are processed; fails when memory passes 1 GB or the
 * slowest health answer passes 200 ms. The app runs in this process on an embedded database
 * and a real HTTP socket. Run: npm run bench uploads   (UPLOADS=16 SIZE=7000 to change)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import http from 'node:http';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, pgliteExtensions } from '../src/server/db/client';
import { authUsers, profiles, venues } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { signUp } from '../src/server/services/accounts';
import { IMAGE_SLOTS, imageQueue } from '../src/server/images/queue';

const UPLOADS = Number(process.env.UPLOADS ?? 16);
const SIZE = Number(process.env.SIZE ?? 7000);
const MEMORY_LIMIT_MB = 1024;
const HEALTH_LIMIT_MS = 200;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-uploads-'));
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
const app = createApp(ctx);
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
await new Promise((r) => server.once('listening', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// A confirmed host with one venue.
const email = 'bench.host@example.com';
const password = 'NightOwl2026';
await signUp(ctx, {
  email,
  password,
  full_name: 'Bench Host',
  role: 'host',
  business_name: 'Bench Co',
  phone: '+1 555 0100',
});
await ctx.db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email));
const signIn = await fetch(`${base}/api/accounts/sign-in`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, portal: 'host' }),
});
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ');
const [host] = await ctx.db.select().from(profiles).where(eq(profiles.email, email));
const [venue] = await ctx.db
  .insert(venues)
  .values({
    host_id: host!.id,
    name: 'Bench Venue',
    address: '1 Bench St',
    city: 'Benchville',
    capacity: 50,
    base_price: 100,
    pricing_type: 'hourly_rate',
    is_active: false,
    hours: {} as never,
    open_to_flexible_hours: false,
    time_zone: 'America/New_York',
    bank_account_holder_name: 'Bench Host',
    bank_account_number: '000123456789',
    bank_routing_number: '021000021',
    tax_id: '12-3456789',
  })
  .returning();

// A smooth 7000×7000 JPEG (a gradient with some texture) well under the 10 MB upload limit.
// Its raw pixels (147 MB) are the bench's, not the server's: they are dropped and collected
// before the baseline is taken, so the figure below is what the uploads cost.
async function makePhoto() {
  const gradient = Buffer.alloc(SIZE * SIZE * 3);
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 3;
      gradient[i] = (x * 255) / SIZE;
      gradient[i + 1] = (y * 255) / SIZE;
      gradient[i + 2] = (x ^ y) & 0x3f;
    }
  return sharp(gradient, { raw: { width: SIZE, height: SIZE, channels: 3 } })
    .jpeg({ quality: 70 })
    .toBuffer();
}
const photo = await makePhoto();
console.log(
  `photo: ${SIZE}×${SIZE} JPEG, ${(photo.length / 1024 / 1024).toFixed(1)} MB; uploads: ${UPLOADS}; image slots: ${IMAGE_SLOTS}`,
);
v8.setFlagsFromString('--expose-gc');
(vm.runInNewContext('gc') as () => void)();

/** One /api/health answer's time, on a keep-alive connection of its own: checked every 100 ms it is
 * never idle long enough for the server to close it (a socket shared with the uploads can be
 * closed by the server just as it is reused: ECONNRESET). */
const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
function healthCheck(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/api/health`, { agent: healthAgent }, (res) => {
        res.resume();
        res.on('end', () => resolve(performance.now() - started));
      })
      .on('error', reject);
  });
}
const healthLoop = async (times: number[], running: () => boolean) => {
  while (running()) {
    times.push(await healthCheck());
    await new Promise((r) => setTimeout(r, 100));
  }
};
// The same checks for 3 s before the uploads: what the machine's load alone costs them.
const idleTimes: number[] = [];
const idleUntil = performance.now() + 3000;
await healthLoop(idleTimes, () => performance.now() < idleUntil);
// (V8 frees large buffers' memory a moment after collecting them: the 3 s above cover it.)
const rssBefore = process.memoryUsage().rss;

const loadBefore = os.loadavg()[0]!.toFixed(2);
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
let peakRss = rssBefore;
const memoryTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const healthTimes: number[] = [];
let uploading = true;
const healthDuring = healthLoop(healthTimes, () => uploading);

const started = performance.now();
const statuses = await Promise.all(
  Array.from({ length: UPLOADS }, async (_, i) => {
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/jpeg' }), `photo-${i}.jpg`);
    const res = await fetch(`${base}/api/venues/${venue!.id}/images`, {
      method: 'POST',
      headers: { cookie, origin: config.PUBLIC_URL },
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  }),
);
const elapsed = performance.now() - started;
uploading = false;
await healthDuring;
clearInterval(memoryTimer);
loopDelay.disable();

const mb = (b: number) => Math.round(b / 1024 / 1024);
const sorted = [...healthTimes].sort((a, b) => a - b);
const quantile = (times: number[], q: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1);
const p = (q: number) => quantile(healthTimes, q);
console.log(
  `uploads: ${statuses.filter((s) => s === 201).length}/${UPLOADS} × 201 in ${(elapsed / 1000).toFixed(1)} s`,
);
console.log(`image jobs at once: at most ${imageQueue.peak}`);
console.log(`memory (RSS): ${mb(rssBefore)} MB before, ${mb(peakRss)} MB peak (limit ${MEMORY_LIMIT_MB} MB)`);
console.log(
  `event loop delay: p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms, max ${(loopDelay.max / 1e6).toFixed(1)} ms; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(2)} after (${os.availableParallelism()} cores)`,
);
console.log(
  `/api/health during uploads: ${healthTimes.length} checks, p50 ${p(0.5)} ms, p95 ${p(0.95)} ms, p99 ${p(0.99)} ms, max ${sorted.at(-1)!.toFixed(1)} ms (limit ${HEALTH_LIMIT_MS} ms)`,
);
console.log(
  `/api/health before uploads (same load, no uploads): ${idleTimes.length} checks, p50 ${quantile(idleTimes, 0.5)} ms, p99 ${quantile(idleTimes, 0.99)} ms, max ${Math.max(...idleTimes).toFixed(1)} ms`,
);

healthAgent.destroy();
server.close();
await ctx.changes.stop();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
const ok =
  statuses.every((s) => s === 201) && mb(peakRss) < MEMORY_LIMIT_MB && sorted.at(-1)! < HEALTH_LIMIT_MS;
console.log(ok ? 'PASS' : 'FAIL');
process.exit(ok ? 0 : 1);
