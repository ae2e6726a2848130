import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4317);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  // A flow of six page loads took over 60 s once on a slow CI machine (every step slow, none
  // stuck): a test gets 90 s.
  timeout: 90_000,
  // A step waits up to 20 s: on a loaded CI machine (load 12 on 2 cores, 2026-11-30) a live update
  // or a dashboard's first render took over 10 s now and then; a step that passes is not slower.
  expect: { timeout: 20_000 },
  fullyParallel: false,
  // The page checks (project 'pages') run on two workers beside the flows, which run one at a
  // time (decision 91).
  workers: 2,
  // In CI a failed test is run once more; one that passes then is reported as flaky, by name,
  // in Playwright's list and in npm test's summary (decision 93). Locally nothing is retried.
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  outputDir: 'test-results/e2e',
  use: {
    baseURL: BASE_URL,
    // A trace costs every test about a sixth of the suite's CPU (the screencast in Chromium's
    // browser and GPU processes, the snapshots in the runner; decision 94). In CI a trace is
    // recorded only on the retry of a failed test; locally, where nothing is retried, on every
    // test, and kept for those that fail.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // Every page asks for reduced motion, which the app honours (styles.css): spinners and
    // skeleton pulses stop drawing frames nobody looks at (decision 94).
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs each role in once and stores the sessions in test-results/.auth/<role>.json, then
    // seeds the long-word data the page checks open.
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    // The flows change shared accounts (the demo guest's bookings, the outbox): one at a time.
    // Listed first, so they start at once on one worker while the page checks take the other.
    {
      name: 'e2e',
      testMatch: /\.spec\.ts$/,
      testIgnore: /pages\.spec\.ts$/,
      workers: 1,
      dependencies: ['setup'],
    },
    // Every route × viewer, loaded and checked (layout and axe): they only read, so in parallel.
    { name: 'pages', testMatch: /pages\.spec\.ts$/, fullyParallel: true, dependencies: ['setup'] },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: { E2E_PORT: String(PORT) },
  },
});
