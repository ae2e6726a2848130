/**
 * What users do, under load, on PGlite and on PostgreSQL, against a bare node:http server
 * answering one cached JSON page from memory (the ceiling, measured in the same run).
 *
 * BENCH_VENUES active venues (default 10,000; and 5 % pending) are generated inside the database.
 * Then, for each engine:
 * - search: the filtered first page with the list cache off, server time of the service call for
 *   2,000 distinct filter mixes, one at a time (budget: median ≤ 5 ms, p99 ≤ 20 ms);
 * - load: autocannon (50 connections, BENCH_DURATION s, default 10) replays a mix of 20,000
 *   distinct list URLs (most requests miss the list cache), venue details and availability
 *   reads, with the cache on as served (budget: ≥ 0.10 of the ceiling, p99 < 50 ms, no error).
 * The load generator runs in a child process so it does not share the server's event loop.
 * Exits non-zero when a budget is missed.
 *
 *   npm run bench venues            (BENCH_VENUES, BENCH_ENGINES, BENCH_DATABASE_URL, BENCH_DURATION,
 *                                    BENCH_PROFILE: a directory for CPU profiles of the served mixes)
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { Session } from 'node:inspector/promises';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { PRICE_BANDS } from '@/domain/filters';
import { venueListQuerySchema } from '@/domain/schemas';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPglite, openPostgres, pgliteExtensions, type Database } from '../src/server/db/client';
import { authUsers, profiles } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { listVenues } from '../src/server/services/venues/search';
import { BENCH_CITIES, BENCH_STREETS, OVERRIDE_DATES, generateVenues } from './lib/generate-venues';

export const VENUES = Number(process.env.BENCH_VENUES ?? 10_000);
const CONNECTIONS = 50;
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET_RATIO = 0.1;
const BUDGET_P99_MS = 50;
const BUDGET_SEARCH_MEDIAN_MS = 5;
const BUDGET_SEARCH_P99_MS = 20;
const SEARCH_SAMPLES = 2_000;
/** How many of the slowest search mixes the report prints (BENCH_SLOWEST, default 10). */
const SLOWEST_SHOWN = Number(process.env.BENCH_SLOWEST ?? 10);
/** BENCH_ENGINES=postgres (or pglite) runs one engine only. */
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres')
  .split(',')
  .filter((e): e is 'pglite' | 'postgres' => e === 'pglite' || e === 'postgres');
const LIST_URLS = 20_000;

/* ---------- the load generator (child process) ---------- */

interface LoadSpec {
  urls: string[];
  paths: string[];
  duration: number;
  connections: number;
}

export interface LoadResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Every connection takes the next path of one shared list, so the mix is spread over them. */
async function runLoader(specFile: string) {
  const spec = JSON.parse(await readFile(specFile, 'utf8')) as LoadSpec;
  let next = 0;
  const perServer = Math.max(1, Math.round(spec.connections / spec.urls.length));
  const results = await Promise.all(
    spec.urls.map((url) =>
      autocannon({
        url,
        connections: perServer,
        duration: spec.duration,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => ({
              ...req,
              path: spec.paths[next++ % spec.paths.length],
              headers: { 'accept-encoding': 'gzip' },
            }),
          },
        ],
      }),
    ),
  );
  const out: LoadResult = {
    requests: results.reduce((n, r) => n + r.requests.total, 0),
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    non2xx: results.reduce((n, r) => n + r.non2xx, 0),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
  };
  process.stdout.write(`${JSON.stringify(out)}\n`);
}

/** Runs autocannon in a child process against one or more servers (connections split among them). */
export async function load(urls: string[], paths: string[], connections = CONNECTIONS): Promise<LoadResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-'));
  const specFile = path.join(dir, 'spec.json');
  await writeFile(
    specFile,
    JSON.stringify({ urls, paths, duration: DURATION, connections } satisfies LoadSpec),
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

/** Deterministic pseudo-random numbers: every run benchmarks the same requests. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

/** What people type and pick: cities, streets, fragments of them, house numbers. */
const LOCATIONS = [
  ...BENCH_CITIES,
  ...BENCH_CITIES.map((c) => c.split(' ')[0]!.toLowerCase()),
  ...BENCH_STREETS,
  ...BENCH_STREETS.map((s) => s.split(' ')[0]!),
  'san',
  'new',
  'beach',
  'ave',
  'st',
  'la',
  'ny',
  '12',
  '7',
  'drive',
  'nowhere',
];
const GUESTS = ['10', '20', '50', '80', '100', '150', '200', '250', '300', '400', '500', '750', '900', '990'];
const DATES = [...OVERRIDE_DATES, '2031-06-03', '2031-06-04', '2031-06-05', '2031-06-08', '2031-07-11'];

/** Filter mixes as users make them: most set one or two filters, some set many. */
export function filterMixes(n: number, seed = 7): Array<Record<string, string>> {
  const rand = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const seen = new Set<string>();
  const out: Array<Record<string, string>> = [];
  for (let tries = 0; out.length < n && tries < n * 20; tries++) {
    const q: Record<string, string> = {};
    if (rand() < 0.55) q.location = pick(LOCATIONS);
    if (rand() < 0.4) q.guests = pick(GUESTS);
    if (rand() < 0.35) q.pricingType = pick(['hourly_rate', 'minimum_spend']);
    if (rand() < 0.35) q.pricing = pick(PRICE_BANDS).value;
    if (rand() < 0.4) q.date = pick(DATES);
    if (rand() < 0.15) q.sort = 'rating';
    if (rand() < 0.1) q.limit = pick(['24', '48']);
    const key = new URLSearchParams(q).toString();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(q);
  }
  return out;
}

/** Seeds a host and the venues; PostgreSQL seeds through its own pool without the app's timeouts. */
export async function seedVenues(database: Database, pgUrl?: string): Promise<{ seconds: number }> {
  const started = performance.now();
  const bulk = pgUrl ? await openPostgres(pgUrl, 1, { connectMs: 10_000, queryMs: 600_000 }) : undefined;
  const db = bulk?.db ?? database.db;
  try {
    const userId = randomUUID();
    await db
      .insert(authUsers)
      .values({ id: userId, name: 'Bench Host', email: 'bench-host@velvet.test', emailVerified: true });
    const [host] = await db
      .insert(profiles)
      .values({ user_id: userId, email: 'bench-host@velvet.test', full_name: 'Bench Host', role: 'host' })
      .returning();
    await generateVenues(db, { hostId: host!.id, active: VENUES, pending: Math.round(VENUES / 20) });
    await db.execute('vacuum analyze');
  } finally {
    await bulk?.close();
  }
  return { seconds: (performance.now() - started) / 1000 };
}

/* ---------- engines ---------- */

export async function openEngine(
  engine: 'pglite' | 'postgres',
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
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
    url: url.toString(),
    drop: async () => {
      await database.close();
      // Let the closed connections finish leaving before the database is dropped.
      await new Promise((r) => setTimeout(r, 500));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

interface EngineResult {
  engine: string;
  seedSeconds: number;
  search: {
    median: number;
    p99: number;
    samples: number;
    errors: string[];
    cpu?: { median: number; p99: number };
    /** The slowest filter mixes (wall ms), to find what misses the budget. */
    slowest: Array<{ query: string; ms: number }>;
  };
  served: LoadResult;
  /** The server's side of the load window: event-loop delay (ms) and GC pauses, for the tail. */
  loop: { p50: number; p99: number; max: number; gcMs: number; gcMaxMs: number; gcCount: number };
  hitRate: number;
  /** Of the list requests: answered from the venue index (decision 0031), and by SQL. */
  indexRate: number;
  sqlRate: number;
  /** Of the detail requests: answered from the kept public details. */
  detailRate: number;
  firstPage: string;
}

/** The request mix: 60 % list pages, 25 % venue details, 15 % availability of a month. */
export async function requestMix(ctx: { db: Database['db'] }): Promise<string[]> {
  const rand = rng(11);
  const ids = (
    (await ctx.db.execute(
      sql`select id from venues where is_active order by created_at desc limit 2000`,
    )) as unknown as { rows: Array<{ id: string }> }
  ).rows.map((r) => r.id);
  const lists = filterMixes(LIST_URLS, 13).map((q) => `/api/venues?${new URLSearchParams(q)}`);
  const paths: string[] = [];
  let l = 0;
  while (l < lists.length) {
    const r = rand();
    const id = ids[Math.floor(rand() * ids.length)]!;
    if (r < 0.6) paths.push(lists[l++]!);
    else if (r < 0.85) paths.push(`/api/venues/${id}`);
    else paths.push(`/api/venues/${id}/availability?from=2031-06-01&to=2031-06-30`);
  }
  return paths;
}

async function benchEngine(engine: 'pglite' | 'postgres'): Promise<EngineResult> {
  const { database, url, drop } = await openEngine(engine);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-data-'));
  try {
    await database.migrate();
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(24).toString('hex'),
      // Production requires a bank-details key with DATABASE_URL (decision 59).
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      RATE_LIMITS: 'false',
      ...(url ? { DATABASE_URL: url } : {}),
    });
    const ctx = await createContext(config, database, createLogger('silent'));
    const { seconds } = await seedVenues(database, url);

    // Search: the service call with the list cache off, one distinct mix at a time.
    const cache = ctx.publicReads;
    cache.enabled = false;
    const times: number[] = [];
    const cpu: number[] = [];
    const searchErrors: string[] = [];
    const perMix: Array<{ query: string; ms: number }> = [];
    for (const q of filterMixes(SEARCH_SAMPLES, 29)) {
      const query = venueListQuerySchema.parse(q);
      const c = process.cpuUsage();
      const t = performance.now();
      try {
        await listVenues(ctx, query);
      } catch (err) {
        // A statement timeout (1.8 s) is a missed budget, not the end of the run.
        searchErrors.push(`${new URLSearchParams(q)}: ${(err as Error).cause ?? err}`);
      }
      times.push(performance.now() - t);
      perMix.push({ query: new URLSearchParams(q).toString(), ms: times.at(-1)! });
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1000);
    }
    cache.enabled = true;
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);

    const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const paths = await requestMix(ctx);
      const firstPage = await (
        await fetch(`${base}/api/venues`, { headers: { connection: 'close' } })
      ).text();
      ctx.changes.missed('the bench starts from a cold read model');
      // The server loads its venue index on first use; the run starts once it answers. (A load
      // still running from the first page above predates the invalidation: it is not installed,
      // and the next answer starts another — at 100k, 2 s that would be inside the run.)
      const index = cache.index!;
      const waitUntil = performance.now() + 120_000;
      while (index.answer(venueListQuerySchema.parse({})) === undefined) {
        if (performance.now() > waitUntil) throw new Error('The venue index did not load in 2 minutes.');
        await index.settled();
        await new Promise((r) => setTimeout(r, 10));
      }
      const [hits, misses] = [cache.hits, cache.misses];
      const [answered, declined, kept, notKept] = [
        index.answered,
        index.declined,
        index.detailHits,
        index.detailMisses,
      ];
      const loop = await watchLoop(() => load([base], paths));
      const served = loop.result;
      const h = cache.hits - hits;
      const m = cache.misses - misses;
      const d = index.detailHits - kept;
      return {
        engine: engine === 'pglite' ? 'PGlite' : 'PostgreSQL',
        seedSeconds: seconds,
        search: {
          median: quantile(times, 0.5),
          p99: quantile(times, 0.99),
          samples: times.length,
          errors: searchErrors,
          slowest: perMix.sort((a, b) => b.ms - a.ms).slice(0, SLOWEST_SHOWN),
          // On PGlite the database runs in this process: its CPU time is the server's own work,
          // whatever else the machine is doing. PostgreSQL's backend is out of reach: wall only.
          cpu: engine === 'pglite' ? { median: quantile(cpu, 0.5), p99: quantile(cpu, 0.99) } : undefined,
        },
        served,
        loop: loop.loop,
        hitRate: h / Math.max(1, h + m),
        indexRate: (index.answered - answered) / Math.max(1, h + m),
        sqlRate: (index.declined - declined) / Math.max(1, h + m),
        detailRate: d / Math.max(1, d + index.detailMisses - notKept),
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

/**
 * Runs `work` while watching this process: how late its event loop ran (a histogram sampled
 * every 1 ms: a request arriving then waited at least that long) and the GC pauses — what the
 * slowest requests of the load waited for.
 */
async function watchLoop<T>(work: () => Promise<T>): Promise<{ result: T; loop: EngineResult['loop'] }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  const gc: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gc.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  histogram.enable();
  const profile = await startProfile();
  try {
    const result = await work();
    await profile?.stop();
    return {
      result,
      loop: {
        p50: histogram.percentile(50) / 1e6,
        p99: histogram.percentile(99) / 1e6,
        max: histogram.max / 1e6,
        gcMs: gc.reduce((a, b) => a + b, 0),
        gcMaxMs: Math.max(0, ...gc),
        gcCount: gc.length,
      },
    };
  } finally {
    histogram.disable();
    observer.disconnect();
  }
}

/**
 * BENCH_PROFILE=dir: a CPU profile of the server's process during each served mix, written to
 * dir/served-<n>.cpuprofile (open it in Chrome's DevTools, Performance panel).
 */
let profilesWritten = 0;
async function startProfile() {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return undefined;
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `served-${++profilesWritten}.cpuprofile`), JSON.stringify(profile));
      session.disconnect();
    },
  };
}

/** The ceiling: a bare node:http server answering one page from memory, same load. */
export async function benchCeiling(payload: string): Promise<LoadResult> {
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
      [base],
      Array.from({ length: 1000 }, (_, i) => `/api/venues?n=${i}`),
    );
  } finally {
    await new Promise((r) => server.close(r));
  }
}

/* ---------- report ---------- */

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main() {
  console.log(
    `Velvet — ${fmt(VENUES)} active venues, ${CONNECTIONS} connections, ${DURATION} s per run, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const results: EngineResult[] = [];
  for (const engine of ENGINES) {
    process.stdout.write(`${engine}: seeding and running … `);
    const r = await benchEngine(engine);
    console.log(`done (seeded in ${fmt(r.seedSeconds, 1)} s)`);
    results.push(r);
  }
  process.stdout.write('ceiling: running … ');
  const ceiling = await benchCeiling(results[0]!.firstPage);
  console.log('done');

  console.log('');
  console.log(
    `${'target'.padEnd(52)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'ratio'.padStart(8)}${'hits'.padStart(7)}${'index'.padStart(7)}${'errors'.padStart(8)}`,
  );
  const row = (label: string, r: LoadResult, hits: string, index: string) =>
    console.log(
      `${label.padEnd(52)}${fmt(r.rps).padStart(9)}${fmt(r.p50).padStart(8)}${fmt(r.p99).padStart(8)}${fmt(r.rps / ceiling.rps, 3).padStart(8)}${hits.padStart(7)}${index.padStart(7)}${String(r.non2xx + r.errors).padStart(8)}`,
    );
  row('ceiling: node:http, one page from memory', ceiling, '', '');
  for (const r of results)
    row(
      `${r.engine}: list 60 % / detail 25 % / availability 15 %`,
      r.served,
      `${fmt(r.hitRate * 100)} %`,
      `${fmt(r.indexRate * 100)} %`,
    );
  console.log(
    '(hits: list requests answered from the per-URL cache; index: answered from the venue index — the rest by SQL)',
  );
  console.log('');
  let ok = true;
  for (const r of results) {
    const pass =
      r.search.median <= BUDGET_SEARCH_MEDIAN_MS &&
      r.search.p99 <= BUDGET_SEARCH_P99_MS &&
      r.search.errors.length === 0;
    for (const e of r.search.errors.slice(0, 5)) console.log(`  ${r.engine} search error: ${e}`);
    for (const s of r.search.slowest)
      console.log(`  ${r.engine} slow search: ${fmt(s.ms, 2)} ms  ?${s.query}`);
    ok &&= pass;
    const cpu = r.search.cpu
      ? `; CPU time of the process (app + PGlite): median ${fmt(r.search.cpu.median, 2)} ms, p99 ${fmt(r.search.cpu.p99, 2)} ms`
      : '';
    console.log(
      `budget ${r.engine} search, cache off (${fmt(r.search.samples)} distinct filter mixes, ${r.search.errors.length} errors): wall median ${fmt(r.search.median, 2)} ms (≤ ${BUDGET_SEARCH_MEDIAN_MS}), p99 ${fmt(r.search.p99, 2)} ms (≤ ${BUDGET_SEARCH_P99_MS}) → ${pass ? 'PASS' : 'FAIL'}${cpu}`,
    );
  }
  for (const r of results) {
    const ratio = r.served.rps / ceiling.rps;
    const pass =
      ratio >= BUDGET_RATIO && r.served.p99 < BUDGET_P99_MS && r.served.non2xx + r.served.errors === 0;
    ok &&= pass;
    console.log(
      `budget ${r.engine} served mix: ${fmt(ratio, 3)} of the ceiling (≥ ${BUDGET_RATIO}), p99 ${fmt(r.served.p99)} ms (< ${BUDGET_P99_MS}); list: cache hits ${fmt(r.hitRate * 100)} %, answered from the index ${fmt(r.indexRate * 100)} %, by SQL ${fmt(r.sqlRate * 100)} %; details kept ${fmt(r.detailRate * 100)} % → ${pass ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  ${r.engine} server during the mix: event-loop delay p50 ${fmt(r.loop.p50, 1)} ms, p99 ${fmt(r.loop.p99, 1)} ms, max ${fmt(r.loop.max, 1)} ms; GC ${r.loop.gcCount} pauses, ${fmt(r.loop.gcMs)} ms in all, longest ${fmt(r.loop.gcMaxMs, 1)} ms`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const loadIndex = process.argv.indexOf('--load');
  if (loadIndex >= 0) await runLoader(process.argv[loadIndex + 1]!);
  else await main();
}
