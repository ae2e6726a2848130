// `npm test`: lint, typecheck (per layer), unit tests, web component tests, the API suite (on PostgreSQL when
// TEST_DATABASE_URL is set, else on PGlite), the build and the browser suite. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'test-results', 'summary');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const pgUrl = process.env.TEST_DATABASE_URL;

const steps = [
  { name: 'lint', cmd: ['npx', 'eslint', '.', '--max-warnings=0'] },
  { name: 'format', cmd: ['npx', 'prettier', '--check', 'src', 'tests', 'e2e', 'bench', 'scripts'] },
  // One program per layer: the domain without DOM or Node types, the server with Node, the web
  // with the DOM, and the tests with both (see tsconfig.*.json). `tsc -b`, as `npm run typecheck`
  // (tsconfig.layers.json): a layer whose files have not changed since its last check is skipped.
  ...['domain', 'server', 'web', 'tests'].map((layer) => ({
    name: `typecheck (${layer})`,
    cmd: ['npx', 'tsc', '-b', `tsconfig.${layer}.json`],
  })),
  {
    name: 'unit',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'unit',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/unit.json`,
    ],
    json: 'vitest',
  },
  {
    name: 'web components',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'web',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/web.json`,
    ],
    json: 'vitest',
  },
  // The API suite on one engine: PostgreSQL when TEST_DATABASE_URL is set (CI sets it), else
  // the embedded PGlite. The browser suite runs the product on PGlite either way.
  {
    name: pgUrl ? 'api (PostgreSQL)' : 'api (PGlite)',
    cmd: [
      'npx',
      'vitest',
      'run',
      '--project',
      'api',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}/api.json`,
    ],
    json: 'vitest',
  },
  { name: 'build', cmd: ['npm', 'run', 'build'] },
  {
    name: 'browser (Playwright)',
    before: ensureChromium,
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/e2e.json` },
    cmd: ['npx', 'playwright', 'test', '--reporter=list,json'],
    json: 'playwright',
  },
];

let passed = 0;
let failed = 0;
/** Browser tests that failed, then passed on their one retry in CI (decision 93). */
let flaky = 0;
const results = [];
function summary() {
  const retried = flaky ? ` (${flaky} of them flaky: failed once, passed on the retry; named above)` : '';
  return `${passed} passed${retried}, ${failed} failed`;
}

for (const step of steps) {
  console.log(`\n━━ ${step.name} ━━`);
  step.before?.();
  const started = Date.now();
  const r = spawnSync(step.cmd[0], step.cmd.slice(1), {
    cwd: root,
    stdio: 'inherit',
    env: step.env ?? process.env,
  });
  const ok = r.status === 0;
  results.push(`${ok ? '✔' : '✘'} ${step.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (step.json) {
    try {
      const file = step.json === 'vitest' ? step.cmd.at(-1).split('=')[1] : `${out}/e2e.json`;
      const report = JSON.parse(readFileSync(file, 'utf8'));
      if (step.json === 'vitest') {
        passed += report.numPassedTests;
        failed += report.numFailedTests;
      } else {
        passed += report.stats.expected + report.stats.flaky;
        flaky += report.stats.flaky;
        failed += report.stats.unexpected;
      }
    } catch {
      if (!ok) failed += 1;
    }
  } else if (!ok) failed += 1;
  if (!ok) {
    console.log(`\n${results.join('\n')}\n\n${step.name} failed.`);
    console.log(summary());
    process.exit(1);
  }
}
console.log(`\n${results.join('\n')}\n`);
console.log(summary());
