// `npm run bench`: runs every bench/*.ts (with tsx) one after the other and fails if any does.
// Environment: BENCH_DATABASE_URL (PostgreSQL server for the postgres runs; default
// postgres://postgres@127.0.0.1:5432/test), BENCH_DURATION (seconds per run, default 10).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, 'bench');
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !f.startsWith('_'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();
if (files.length === 0) {
  console.error('No benchmarks found in bench/.');
  process.exit(1);
}
let failed = 0;
for (const file of files) {
  console.log(`\n━━ bench/${file} ━━`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], {
    cwd: root,
    stdio: 'inherit',
    // The servers measured run as npm start runs them: two malloc arenas (decision 29).
    env: { MALLOC_ARENA_MAX: '2', ...process.env },
  });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
