// `node scripts/check-fast-refresh.mjs`: shows that `npm run dev` swaps an edited page in without
// reloading the document (React Fast Refresh). Starts the dev server on PORT (default 3710), opens
// /how-it-works in Chromium, sets a marker on window that only a reload would clear
// (window.__notReloaded), edits the page's heading in src/web/pages/HowItWorksPage.tsx, waits for
// the new heading, checks the marker survived, and puts the file back. Exits non-zero on failure.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT ?? 3710);
const file = path.join(root, 'src/web/pages/HowItWorksPage.tsx');
const original = readFileSync(file, 'utf8');
const HEADING = /(<h1 className="[^"]*">\s*)([^<{]+)/;
if (!HEADING.test(original)) throw new Error('The heading of HowItWorksPage.tsx was not found.');

const dev = spawn(process.execPath, [path.join(root, 'scripts/dev.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(port) },
  stdio: ['ignore', 'pipe', 'pipe'],
  detached: true,
});
let log = '';
dev.stdout.on('data', (d) => (log += d));
dev.stderr.on('data', (d) => (log += d));

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
let failed = false;
try {
  const url = `http://localhost:${port}/how-it-works`;
  for (let i = 0; ; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    const api = await fetch(`http://localhost:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && api) break;
    if (i > 240) throw new Error(`The dev server did not start:\n${log}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const page = await browser.newPage();
  await page.goto(url);
  const heading = page.getByRole('heading', { level: 1 });
  await heading.waitFor();
  const before = (await heading.textContent())?.trim();
  await page.evaluate(() => {
    window.__notReloaded = true;
  });
  writeFileSync(
    file,
    original.replace(HEADING, (_, open, text) => `${open}${text.trim()} (edited) `),
  );
  await page.waitForFunction(
    () => document.querySelector('h1')?.textContent?.includes('(edited)'),
    undefined,
    { timeout: 20_000 },
  );
  const kept = await page.evaluate(() => window.__notReloaded === true);
  console.log(`Heading "${before}" → "${(await heading.textContent())?.trim()}"; document kept: ${kept}`);
  if (!kept) {
    failed = true;
    console.error('The page was reloaded: no Fast Refresh.');
  }
} catch (err) {
  failed = true;
  console.error(err);
} finally {
  writeFileSync(file, original);
  await browser.close();
  process.kill(-dev.pid, 'SIGTERM');
}
process.exit(failed ? 1 : 0);
