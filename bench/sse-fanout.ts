/**
 * Live updates at scale (issue 13, item 6): SSE_CLIENTS clients (default 10,000) hold
 * GET /api/events open on one server process — most signed out, every SSE_SIGNED_IN_EVERY-th
 * (default 100th) signed in as one of five accounts. Three processes: the server
 * (bench/lib/sse-server.ts, --expose-gc), the clients (bench/lib/sse-clients.ts, raw sockets)
 * and this orchestrator. For each engine it measures
 * - memory: the server's RSS and heap after GC, before and after the clients connect, divided
 *   by the number of clients (budget: both ≤ 30 KB per client);
 * - fan-out: the admin edits the venue through the API (PATCH /api/venues/:id); the time from
 *   just before that request until the LAST client has read the `venue` event, 5 rounds
 *   (budget: p99 ≤ 500 ms, every client reached).
 * Exits non-zero when a budget is missed.
 *
 *   npm run bench sse        (SSE_CLIENTS, SSE_ROUNDS, BENCH_ENGINES, BENCH_DATABASE_URL)
 */
import { fork, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import type { ServerMemory, ServerReady, ServerTiming } from './lib/sse-server';

const CLIENTS = Number(process.env.SSE_CLIENTS ?? 10_000);
const ROUNDS = Number(process.env.SSE_ROUNDS ?? 5);
const SIGNED_IN_EVERY = Number(process.env.SSE_SIGNED_IN_EVERY ?? 100);
const WARM_UP_CLIENTS = 200;
const BUDGET_BYTES_PER_CLIENT = 30 * 1024;
const BUDGET_LAST_CLIENT_MS = 500;
const ROUND_TIMEOUT_MS = 30_000;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres')
  .split(',')
  .filter((e): e is 'pglite' | 'postgres' => e === 'pglite' || e === 'postgres');

const lib = path.join(import.meta.dirname, 'lib');
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};
const load = () => os.loadavg()[0]!.toFixed(2);

/** The next IPC message of `type` from a child (rejects if it exits first or `ms` pass). */
function next<T>(child: ChildProcess, type: string, ms = 600_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`no '${type}' within ${ms} ms`)), ms);
    const onMessage = (m: { type: string }) => m.type === type && done(null, m as T);
    const onExit = (code: number | null) => done(new Error(`child exited (${code}) before '${type}'`));
    function done(err: Error | null, value?: T) {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(value!);
    }
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

const spawnChild = (file: string, args: string[], execArgv: string[] = []) =>
  fork(path.join(lib, file), args, {
    execArgv: [...execArgv, '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });

interface EngineResult {
  engine: string;
  open: { ready: number; failed: number; ms: number };
  rssPerClient: number;
  heapPerClient: number;
  rssPerClientAfter: number;
  latencies: number[];
  /** Per round: request → feed, feed → all written, written → last client read, CPU time of the writes (ms). */
  splits: number[][];
  missed: number;
}

async function measure(engine: 'pglite' | 'postgres'): Promise<EngineResult> {
  const server = spawnChild('sse-server.ts', [engine], ['--expose-gc']);
  const clients = spawnChild('sse-clients.ts', []);
  try {
    const info = await next<ServerReady>(server, 'ready');
    const base = `http://127.0.0.1:${info.port}`;
    let round = 0;
    const change = async () => {
      const res = await fetch(`${base}/api/venues/${info.venueId}`, {
        method: 'PATCH',
        headers: { cookie: info.adminCookie, origin: info.publicUrl, 'content-type': 'application/json' },
        body: JSON.stringify({ description: `Edited for the fan-out bench, round ${++round}.` }),
      });
      if (res.status !== 200) throw new Error(`venue edit: ${res.status} ${await res.text()}`);
    };
    /** One change; the time until every open client has read its event (or null: some did not). */
    const fanOut = async (): Promise<{ ms: number | null; missed: number; split?: number[] }> => {
      clients.send({ type: 'arm', event: 'venue' });
      await next(clients, 'armed');
      // Settled at once, so a slow edit cannot leave its rejection unhandled.
      const all = next<{ at: number }>(clients, 'all', ROUND_TIMEOUT_MS).then(
        (m) => m.at,
        () => null,
      );
      const started = now();
      await change();
      const at = await all;
      if (at !== null) {
        server.send({ type: 'timing' });
        const t = await next<ServerTiming>(server, 'timing');
        return {
          ms: at - started,
          missed: 0,
          split: [t.feedAt - started, t.writtenAt - t.feedAt, at - t.writtenAt, t.cpuMs],
        };
      } else {
        clients.send({ type: 'count' });
        const c = await next<{ got: number; open: number }>(clients, 'count');
        return { ms: null, missed: c.open - c.got };
      }
    };
    const open = async (n: number) => {
      clients.send({
        type: 'open',
        port: info.port,
        n,
        cookies: info.cookies,
        signedInEvery: SIGNED_IN_EVERY,
      });
      return next<EngineResult['open']>(clients, 'opened');
    };
    const memory = async () => {
      await sleep(1000);
      server.send({ type: 'memory' });
      return next<ServerMemory>(server, 'memory');
    };

    // Warm-up (the JIT, lazily built objects, the database's plans): not measured.
    await open(WARM_UP_CLIENTS);
    for (let i = 0; i < 3; i++) await fanOut();
    clients.send({ type: 'close' });
    await next(clients, 'closed');

    const before = await memory();
    const opened = await open(CLIENTS);
    const connected = await memory();
    const latencies: number[] = [];
    const splits: number[][] = [];
    let missed = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const r = await fanOut();
      if (r.ms === null) missed += r.missed;
      else latencies.push(r.ms);
      if (r.split) splits.push(r.split);
      await sleep(500);
    }
    const after = await memory();
    clients.send({ type: 'close' });
    await next(clients, 'closed');
    const n = Math.max(1, opened.ready);
    return {
      engine,
      open: opened,
      rssPerClient: (connected.rss - before.rss) / n,
      heapPerClient: (connected.heapUsed - before.heapUsed) / n,
      rssPerClientAfter: (after.rss - before.rss) / n,
      latencies,
      splits,
      missed,
    };
  } finally {
    clients.kill();
    server.send({ type: 'stop' });
    await new Promise((r) => server.once('exit', r));
  }
}

async function main() {
  console.log(
    `Velvet live updates — ${CLIENTS.toLocaleString('en-US')} SSE clients (1 in ${SIGNED_IN_EVERY} signed in), ${ROUNDS} changes, ${os.cpus().length} CPUs, load average ${load()}`,
  );
  let ok = true;
  for (const engine of ENGINES) {
    const r = await measure(engine);
    const median = r.latencies.length ? quantile(r.latencies, 0.5) : NaN;
    const p99 = r.latencies.length ? quantile(r.latencies, 0.99) : NaN;
    console.log(
      `\n${engine}: ${r.open.ready} clients ready (${r.open.failed} failed) in ${(r.open.ms / 1000).toFixed(1)} s; load average ${load()}`,
    );
    console.log(
      `  memory per client: RSS ${kb(r.rssPerClient)} KB, heap ${kb(r.heapPerClient)} KB (after the changes: RSS ${kb(r.rssPerClientAfter)} KB)`,
    );
    console.log(
      `  change → last client: ${r.latencies.map((l) => l.toFixed(0)).join(', ')} ms; median ${median.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ${r.missed} missed`,
    );
    console.log(
      `  of which request → feed / feed → written to the sockets (server CPU ms) / → last client read: ${r.splits.map(([a, b, c, cpu]) => `${a!.toFixed(0)} / ${b!.toFixed(0)} (${cpu!.toFixed(0)}) / ${c!.toFixed(0)}`).join(', ')} ms`,
    );
    const pass =
      r.open.ready === CLIENTS &&
      r.missed === 0 &&
      r.latencies.length === ROUNDS &&
      Math.max(r.rssPerClient, r.heapPerClient) <= BUDGET_BYTES_PER_CLIENT &&
      p99 <= BUDGET_LAST_CLIENT_MS;
    ok &&= pass;
    console.log(
      `budget ${engine}: ≤ ${kb(BUDGET_BYTES_PER_CLIENT)} KB per client, last client ≤ ${BUDGET_LAST_CLIENT_MS} ms, all ${CLIENTS} reached → ${pass ? 'PASS' : 'FAIL'}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
}

await main();
