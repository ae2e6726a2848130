/**
 * GET /api/venues under load, on PGlite and on PostgreSQL, against a bare node:http server
 * answering one cached JSON page from memory (the ceiling).
 *
 * 10,000 active venues (and 500 pending) are bulk-inserted; then, for each engine, autocannon
 * (50 connections, BENCH_DURATION seconds, default 10) replays a mix of more than a hundred
 * different filter + page requests, with the list cache on (as served) and off (every request
 * runs the SQL). It also measures what the original design cost: the whole active list as one
 * JSON response. The load generator runs in a child process so it does not share the
 * server's event loop.
 *
 *   npm run bench            (BENCH_DATABASE_URL, BENCH_DURATION to override)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { WEEK_DAYS } from '@/domain/calendar';
import { PRICE_BANDS } from '@/domain/filters';
import { defaultHours } from '@/domain/hours';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import type { AppContext } from '../src/server/context';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import { authUsers, profiles, venueAvailability, venues } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';

const ACTIVE_VENUES = 10_000;
const PENDING_VENUES = 500;
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET_RATIO = 0.1;
const BUDGET_P99_MS = 50;

/* ---------- the load generator (child process) ---------- */

interface LoadSpec {
  url: string;
  paths: string[];
  duration: number;
  connections: number;
}

interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytes: number;
}

async function runLoader(specFile: string) {
  const spec = JSON.parse(await readFile(specFile, 'utf8')) as LoadSpec;
  const result = await autocannon({
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    requests: spec.paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  const out: LoadResult = {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytes: result.throughput.total,
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

async function load(url: string, paths: string[]): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-'));
  const specFile = path.join(dir, 'spec.json');
  await writeFile(
    specFile,
    JSON.stringify({ url, paths, duration: DURATION, connections: CONNECTIONS } satisfies LoadSpec),
  );
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, self, '--load', specFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let stdout = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await rm(dir, { recursive: true, force: true });
  if (code !== 0) throw new Error(`load generator failed (exit ${code})`);
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as LoadResult;
}

/* ---------- data ---------- */

/** Deterministic pseudo-random numbers: every run benchmarks the same data and requests. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

const CITIES = [
  'New York',
  'Brooklyn',
  'Miami',
  'Miami Beach',
  'Chicago',
  'Los Angeles',
  'West Hollywood',
  'Austin',
  'Las Vegas',
  'San Francisco',
  'San Diego',
  'Seattle',
  'Portland',
  'Denver',
  'Boston',
  'Nashville',
  'New Orleans',
  'Atlanta',
  'Houston',
  'Dallas',
  'Phoenix',
  'Philadelphia',
  'Washington',
  'Detroit',
  'Minneapolis',
  'Orlando',
  'Tampa',
  'San Antonio',
  'Salt Lake City',
  'Honolulu',
];
const STREETS = [
  'Main Street',
  'Ocean Drive',
  'Sunset Boulevard',
  'Broadway',
  'Park Avenue',
  'Market Street',
  'Lake Shore Drive',
  'Bourbon Street',
  'Rainey Street',
  'Collins Avenue',
  'Elm Street',
  'Harbor Way',
  'Pine Street',
  'River Road',
];
const DATES = ['2031-06-02', '2031-06-06', '2031-06-07'];

export async function seed(ctx: AppContext): Promise<{ seconds: number }> {
  const started = performance.now();
  const userId = randomUUID();
  await ctx.db
    .insert(authUsers)
    .values({ id: userId, name: 'Bench Host', email: 'bench-host@velvet.test', emailVerified: true });
  const [host] = await ctx.db
    .insert(profiles)
    .values({ user_id: userId, email: 'bench-host@velvet.test', full_name: 'Bench Host', role: 'host' })
    .returning();
  const rand = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const now = Date.now();
  const rows = Array.from({ length: ACTIVE_VENUES + PENDING_VENUES }, (_, i) => {
    const id = randomUUID();
    const hours = defaultHours();
    for (const day of WEEK_DAYS) {
      if (rand() < 0.25) hours[day] = { ...hours[day], closed: true };
      else if (rand() < 0.5) hours[day] = { ...hours[day], open: '20:00', close: '02:00' };
    }
    const pricing_type = rand() < 0.5 ? ('hourly_rate' as const) : ('minimum_spend' as const);
    const base_price =
      Math.round((pricing_type === 'hourly_rate' ? 20 + rand() * 900 : 100 + rand() * 6000) * 100) / 100;
    return {
      id,
      host_id: host!.id,
      name: `Venue ${i + 1}`,
      description: 'A generated venue for the benchmark.',
      address: `${1 + Math.floor(rand() * 2000)} ${pick(STREETS)}`,
      city: pick(CITIES),
      capacity: 10 + Math.floor(rand() * 990),
      base_price,
      pricing_type,
      amenities: ['bar', 'sound_system'],
      images: [`${id}/1700000000000-0-photo.jpg`, `${id}/1700000000001-1-photo.jpg`],
      is_active: i < ACTIVE_VENUES,
      hours,
      open_to_flexible_hours: rand() < 0.3,
      time_zone: 'America/New_York',
      business_name: 'Bench Co',
      phone: '+1 555 0100',
      email: 'bench@velvet.test',
      bank_account_holder_name: 'Bench Co',
      bank_account_number: '000123456789',
      bank_routing_number: '021000021',
      tax_id: '12-3456789',
      created_at: new Date(now - i * 37_000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await ctx.db.insert(venues).values(rows.slice(i, i + 500));
  const overrides = DATES.flatMap((date) =>
    rows
      .filter(() => rand() < 0.05)
      .map((r) => ({ venue_id: r.id, date, price: 0, is_available: rand() < 0.5 })),
  );
  for (let i = 0; i < overrides.length; i += 1000)
    await ctx.db.insert(venueAvailability).values(overrides.slice(i, i + 1000));
  await ctx.db.execute('vacuum analyze');
  return { seconds: (performance.now() - started) / 1000 };
}

/** More than a hundred different first pages, plus second and third pages of some of them. */
async function requestMix(baseUrl: string): Promise<string[]> {
  const rand = rng(7);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const locations = [
    '',
    '',
    'new',
    'york',
    'miami',
    'chicago',
    'los angeles',
    'austin',
    'vegas',
    'san',
    'ocean',
    'main st',
    'park',
    'beach',
  ];
  const guests = ['', '', '10', '50', '100', '250', '500', '900'];
  const types = ['', '', 'hourly_rate', 'minimum_spend'];
  const bands = ['', '', ...PRICE_BANDS.map((b) => b.value)];
  const dates = ['', '', '', ...DATES];
  const firstPages = new Set<string>();
  while (firstPages.size < 120) {
    const q = new URLSearchParams();
    const add = (k: string, v: string) => v && q.set(k, v);
    add('location', pick(locations));
    add('guests', pick(guests));
    add('pricingType', pick(types));
    add('pricing', pick(bands));
    add('date', pick(dates));
    if (rand() < 0.2) q.set('limit', pick(['24', '48']));
    firstPages.add(`/api/venues${q.size ? `?${q}` : ''}`);
  }
  const paths = [...firstPages];
  for (const first of paths.slice(0, 40)) {
    let url = first;
    for (let page = 2; page <= 3; page++) {
      const body = (await (await fetch(baseUrl + url, { headers: { connection: 'close' } })).json()) as {
        next_cursor: string | null;
      };
      if (!body.next_cursor) break;
      url = `${first}${first.includes('?') ? '&' : '?'}cursor=${body.next_cursor}`;
      paths.push(url);
    }
  }
  return paths;
}

/* ---------- engines ---------- */

async function openEngine(
  engine: 'pglite' | 'postgres',
): Promise<{ database: Database; drop: () => Promise<void> }> {
  if (engine === 'pglite') {
    const database = await openPglite(new PGlite({ extensions: pgliteExtensions }));
    return { database, drop: () => database.close() };
  }
  const name = `velvet_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 20);
  return {
    database,
    drop: async () => {
      await database.close();
      // Let the closed connections finish leaving before the database is dropped.
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

interface EngineResult {
  engine: string;
  seedSeconds: number;
  /** Mean time of one request on an empty cache (the SQL path, no concurrency). */
  coldMs: number;
  cached: LoadResult;
  uncached: LoadResult;
  wholeList: { bytes: number; ms: number };
  pageBytes: number;
  distinct: number;
  firstPage: string;
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<EngineResult> {
  const { database, drop } = await openEngine(engine);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-data-'));
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(24).toString('hex'),
      ...(engine === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
    });
    const ctx = await createContext(config, database, createLogger('silent'));
    const { seconds } = await seed(ctx);
    const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const paths = await requestMix(base);
      const firstPage = await (
        await fetch(`${base}/api/venues`, { headers: { connection: 'close' } })
      ).text();

      // Cold pass: every distinct request once, one at a time, on an empty cache (all misses).
      const cache = ctx.venueListCache;
      cache.invalidate();
      cache.enabled = true;
      const coldStarted = performance.now();
      for (const p of paths) {
        const res = await fetch(base + p, { headers: { connection: 'close' } });
        if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
        await res.arrayBuffer();
      }
      const coldMs = (performance.now() - coldStarted) / paths.length;
      const cached = await load(base, paths);
      cache.enabled = false;
      const uncached = await load(base, paths);
      cache.enabled = true;

      // The original design: every active venue, every column, as one JSON response.
      const runs: number[] = [];
      let bytes = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const all = await ctx.db
          .select()
          .from(venues)
          .where(eq(venues.is_active, true))
          .orderBy(desc(venues.created_at));
        bytes = Buffer.byteLength(JSON.stringify(all));
        runs.push(performance.now() - t);
      }
      return {
        engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL',
        seedSeconds: seconds,
        coldMs,
        cached,
        uncached,
        wholeList: { bytes, ms: runs.sort((a, b) => a - b)[2]! },
        pageBytes: Buffer.byteLength(firstPage),
        distinct: paths.length,
        firstPage,
      };
    } finally {
      await new Promise((r) => server.close(r));
      await ctx.changes.stop();
    }
  } finally {
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchCeiling(payload: string, paths: number): Promise<LoadResult> {
  const body = Buffer.from(payload);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': body.byteLength,
    });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return await load(
      base,
      Array.from({ length: paths }, (_, i) => `/api/venues?n=${i}`),
    );
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/* ---------- report ---------- */

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  console.log(
    `Velvet GET /api/venues — ${fmt(ACTIVE_VENUES)} active + ${PENDING_VENUES} pending venues, ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} CPUs`,
  );
  const results: EngineResult[] = [];
  for (const engine of ['pglite', 'postgres'] as const) {
    process.stdout.write(`${engine}: seeding and running … `);
    const r = await benchEngine(engine);
    console.log(`done (seeded in ${fmt(r.seedSeconds, 1)} s, ${r.distinct} distinct requests)`);
    results.push(r);
  }
  process.stdout.write('ceiling: running … ');
  const ceiling = await benchCeiling(results[0]!.firstPage, results[0]!.distinct);
  console.log('done');

  const rows: Array<[string, LoadResult]> = [
    ['ceiling: node:http, one page from memory', ceiling],
    ...results.flatMap((r): Array<[string, LoadResult]> => [
      [`${r.engine}, list cache warm (as served)`, r.cached],
      [`${r.engine}, list cache off (SQL every request)`, r.uncached],
    ]),
  ];
  console.log('');
  console.log(
    `${'target'.padEnd(46)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'vs ceiling'.padStart(12)}${'non-2xx'.padStart(9)}`,
  );
  for (const [label, r] of rows) {
    console.log(
      `${label.padEnd(46)}${fmt(r.rps).padStart(10)}${fmt(r.p50).padStart(9)}${fmt(r.p99).padStart(9)}${`${fmt((r.rps / ceiling.rps) * 100, 1)} %`.padStart(12)}${String(r.non2xx + r.errors).padStart(9)}`,
    );
  }
  console.log('');
  for (const r of results) {
    console.log(
      `cold cache on ${r.engine}: ${fmt(r.coldMs, 1)} ms per request (each distinct request once, one at a time)`,
    );
  }
  for (const r of results) {
    console.log(
      `original design on ${r.engine}: the whole active list as one JSON = ${fmt(r.wholeList.bytes / 1024 / 1024, 1)} MB, ${fmt(r.wholeList.ms)} ms per request (query + JSON); one page now = ${fmt(r.pageBytes / 1024, 1)} KB`,
    );
  }
  console.log('');
  let ok = true;
  for (const r of results) {
    const ratio = r.cached.rps / ceiling.rps;
    const pass =
      ratio >= BUDGET_RATIO && r.cached.p99 < BUDGET_P99_MS && r.cached.non2xx + r.cached.errors === 0;
    ok &&= pass;
    console.log(
      `budget ${r.engine} (as served): ${fmt(ratio * 100, 1)} % of the ceiling (≥ ${BUDGET_RATIO * 100} %), p99 ${fmt(r.cached.p99)} ms (< ${BUDGET_P99_MS} ms) → ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const loadIndex = process.argv.indexOf('--load');
  if (loadIndex >= 0) await runLoader(process.argv[loadIndex + 1]!);
  else await main();
}
