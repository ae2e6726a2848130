/**
 * Issue 13 figure: how long the BUILT server takes to answer /api/health on a fresh data
 * directory with the demo data, and again on the same directory (as `npm run audit:pages` starts
 * it), with the CPU time used until then and the server's own table of phases (main.ts logs it).
 * Give several built trees to compare them under the same load: their runs are interleaved.
 * Run: `npm run bench starts`   (STARTS_RUNS=3, STARTS_PORT=4551, STARTS_ROOTS=/path/to/other/tree,.
 * to compare with another checkout). A tree without a build is built first (`npm run build`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.STARTS_RUNS ?? 3);
const PORT = Number(process.env.STARTS_PORT ?? 4551);
const ROOTS = (process.env.STARTS_ROOTS ?? '.').split(',').map((r) => path.resolve(r));

interface Start {
  wallMs: number;
  cpuMs: number;
  phases: Record<string, { wallMs: number; cpuMs: number }>;
}

/** CPU time (user + system, every thread) a process has used so far, in ms (Linux /proc). */
function cpuTime(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10; // USER_HZ is 100 on Linux
}

async function start(root: string, dataDir: string): Promise<Start> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${PORT}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  };
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  let result: Omit<Start, 'phases'> | undefined;
  while (!result) {
    if (child.exitCode !== null) throw new Error(`The server of ${root} exited while starting.`);
    try {
      const res = await fetch(`http://127.0.0.1:${PORT}/api/health`);
      if (res.ok) result = { wallMs: performance.now() - started, cpuMs: cpuTime(child.pid!) };
    } catch {
      // not listening yet
    }
    if (!result) await new Promise((r) => setTimeout(r, 25));
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  const line = out.split('\n').find((l) => l.includes('"msg":"started"'));
  return { ...result, phases: line ? (JSON.parse(line) as { phases: Start['phases'] }).phases : {} };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

for (const root of ROOTS) {
  if (existsSync(path.join(root, 'dist/server/main.js'))) continue;
  console.log(`${root} has no build: npm run build …`);
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
  if (built.status !== 0) {
    process.stderr.write(built.stdout + built.stderr);
    throw new Error(`npm run build failed in ${root} (exit ${built.status}).`);
  }
}

const results = new Map(ROOTS.map((r) => [r, { fresh: [] as Start[], later: [] as Start[] }]));
const loads: number[] = [];
for (let i = 0; i < RUNS; i++) {
  for (const root of ROOTS) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'velvet-bench-starts-'));
    try {
      loads.push(os.loadavg()[0]!);
      results.get(root)!.fresh.push(await start(root, dir));
      results.get(root)!.later.push(await start(root, dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

console.log(`Starts until /api/health answers, ${RUNS} runs each (medians; wall / CPU ms):`);
for (const [root, r] of results) {
  console.log(`\n${root}`);
  for (const kind of ['fresh', 'later'] as const) {
    const runs = r[kind];
    const names = [...new Set(runs.flatMap((s) => Object.keys(s.phases)))];
    const phases = names
      .map((n) => {
        const w = median(runs.map((s) => s.phases[n]?.wallMs ?? 0));
        const c = median(runs.map((s) => s.phases[n]?.cpuMs ?? 0));
        return `${n} ${w}/${c}`;
      })
      .join(', ');
    console.log(
      `  ${kind.padEnd(5)} ${median(runs.map((s) => s.wallMs)).toFixed(0)} / ${median(runs.map((s) => s.cpuMs)).toFixed(0)}` +
        `  [wall ${runs.map((s) => s.wallMs.toFixed(0)).join(', ')}]`,
    );
    if (phases) console.log(`        phases: ${phases}`);
  }
}
console.log(
  `\nLoad average during the runs: ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on ${os.availableParallelism()} cores.`,
);
