/**
 * Scale-out: the same served mix as bench/venues.ts (list pages from 20,000 distinct filter
 * mixes, venue details, availability) against one, then two server processes sharing one
 * PostgreSQL database (each with its own list cache, kept right by LISTEN/NOTIFY). The load
 * (50 connections) is split evenly between the processes. Budget: two processes serve more
 * requests per second than one, with no error.
 *
 *   npm run bench scale-out          (BENCH_VENUES, BENCH_DATABASE_URL, BENCH_DURATION)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openPostgres } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { VENUES, fmt, load, openEngine, requestMix, seedVenues, type LoadResult } from './venues';

/** One app server process on the given database; prints its port. */
async function serveOne(url: string) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'velvet-bench-node-'));
  const database = await openPostgres(url, 10);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret',
    // Production requires a bank-details key with DATABASE_URL (decision 59); both servers share it.
    DATA_ENCRYPTION_KEY: 'b'.repeat(64),
    RATE_LIMITS: 'false',
    DATABASE_URL: url,
  });
  const ctx = await createContext(config, database, createLogger('silent'));
  const server = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
  process.on('SIGTERM', () => {
    server.close();
    void ctx.changes
      .stop()
      .then(() => database.close())
      .then(() => rm(dataDir, { recursive: true, force: true }))
      .then(() => process.exit(0));
  });
}

async function startServer(url: string): Promise<{ base: string; child: ChildProcess }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, [...process.execArgv, self, '--serve', url], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  // Warm up: connections, prepared plans, the JIT — not part of the measurement.
  for (let i = 0; i < 200; i++) await (await fetch(`${base}/api/venues?guests=${i + 1}`)).arrayBuffer();
  return { base, child };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main() {
  console.log(
    `Velvet scale-out on PostgreSQL — ${fmt(VENUES)} active venues, 50 connections split over the processes, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const { database, url, drop } = await openEngine('postgres');
  try {
    await database.migrate();
    const { seconds } = await seedVenues(database, url);
    console.log(`seeded in ${fmt(seconds, 1)} s`);
    const paths = await requestMix(database);
    const results: Array<[number, LoadResult]> = [];
    const servers = [await startServer(url!)];
    try {
      results.push([1, await load([servers[0]!.base], paths)]);
      servers.push(await startServer(url!));
      results.push([
        2,
        await load(
          servers.map((s) => s.base),
          paths,
        ),
      ]);
    } finally {
      for (const s of servers) await stop(s.child);
    }
    console.log('');
    console.log(
      `${'processes'.padEnd(12)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}`,
    );
    for (const [n, r] of results)
      console.log(
        `${String(n).padEnd(12)}${fmt(r.rps).padStart(9)}${fmt(r.p50).padStart(8)}${fmt(r.p99).padStart(8)}${String(r.non2xx + r.errors).padStart(8)}`,
      );
    const [one, two] = [results[0]![1], results[1]![1]];
    const growth = two.rps / one.rps;
    const pass = growth > 1 && one.non2xx + one.errors + two.non2xx + two.errors === 0;
    console.log(
      `\nbudget: two processes / one = ${fmt(growth, 2)}× (> 1), no error → ${pass ? 'PASS' : 'FAIL'}`,
    );
    process.exitCode = pass ? 0 : 1;
  } finally {
    await drop();
  }
}

const serveIndex = process.argv.indexOf('--serve');
if (serveIndex >= 0) await serveOne(process.argv[serveIndex + 1]!);
else await main();
