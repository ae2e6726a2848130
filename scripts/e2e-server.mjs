// Runs the built product on a fresh data directory (embedded database, demo data) for the browser suite.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'velvet-e2e-'));
const port = process.env.E2E_PORT ?? '4317';
const child = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    MALLOC_ARENA_MAX: '2', // as npm start (decision 29)
    ...process.env,
    TEST_DATABASE_URL: '',
    DATABASE_URL: '',
    NODE_ENV: 'production',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // The whole suite asks from one address with five accounts: the per-address and per-account
    // hourly limits (60 and 30 booking requests) are met by the suite itself once it runs within
    // the hour, and which flow is refused then depends on the machine's speed. The limits are
    // the API suite's to test (tests/accounts-rate-limits.test.ts, decision 94).
    RATE_LIMITS: 'false',
  },
});
const cleanup = () => rmSync(dataDir, { recursive: true, force: true });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
