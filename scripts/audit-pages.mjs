// `npm run audit:pages`: how fast the public pages are for a visitor, against their budgets.
//
// Builds nothing: `npm run audit:pages` builds first. Starts the built server on a fresh data
// directory with the demo data (measuring the fresh and the later start), then runs Lighthouse
// (mobile, simulated throttling) on Debian's Chromium against the pages the server renders (the
// page manifest, src/domain/pages.ts: /, /venue/{id}, /how-it-works, /user-auth, /host-auth)
// and the two signed-in dashboards (/user-dashboard as the demo guest, /host-dashboard as the
// demo host, decision 85), AUDIT_RUNS times each (default 3), and prints the median of every
// score, the first-load JavaScript of every audited page (gzipped) and the largest bundles.
// Exits non-zero when a budget is missed. Environment: AUDIT_PORT (default 4509), AUDIT_RUNS,
// AUDIT_PAGES (comma-separated paths, default all of them, the dashboards included), AUDIT_STARTS (start-time runs, default
// AUDIT_RUNS; 0 skips them), AUDIT_JSON_DIR (keeps each run's Lighthouse JSON there), CHROMIUM_PATH.
// A run Lighthouse could not complete (no scores: e.g. NO_NAVSTART, its trace lost the page's
// navigation start) is printed with its error and run again, up to 3 attempts; a run that never
// completes fails the audit. Never counted as a score of 0.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { ensureChromium } from './chromium.mjs';
import { PAGES } from '../src/domain/pages.ts';

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.AUDIT_PORT ?? 4509);
const RUNS = Math.max(1, Number(process.env.AUDIT_RUNS ?? 3));
const BASE = `http://127.0.0.1:${PORT}`;
const JSON_DIR = process.env.AUDIT_JSON_DIR;
/** Attempts at one Lighthouse run before the page is failed (see the loop in main). */
const MAX_ATTEMPTS = 3;

export const BUDGETS = {
  performance: 0.95,
  /** The signed-in dashboards (SIGNED_IN below): what a returning user sees first. */
  signedInPerformance: 0.9,
  accessibility: 1,
  'best-practices': 1,
  seo: 0.95,
  /** First-load JavaScript of /, gzipped (React 19, decision 61). */
  firstLoadJsKb: 150,
  /**
   * Scripts in the first load of each public page: over HTTP/1.1 a browser fetches six at a time,
   * and every round costs a round trip (decision 46). React's build splits more finely than the
   * Preact one (8); small shared chunks are inlined (vite.config.ts).
   */
  firstLoadFiles: 18,
  /** A fresh first start (empty data directory, demo data) until /api/health answers. */
  freshStartMs: 3000,
  /** A later start on the same data directory. */
  laterStartMs: 1500,
};
/**
 * The pages audited: those the server renders (the page manifest, src/domain/pages.ts), each page
 * module once (/browse and /auth show the pages of / and /user-auth).
 */
const AUDITED = PAGES.filter((p) => p.ssr && !p.canonical);
/**
 * The signed-in pages audited, each as its demo account (the demo data of a fresh start, no
 * two-factor step): Lighthouse sends the session cookie with every request. Their budgets:
 * performance ≥ signedInPerformance, accessibility and best practices as the public pages; SEO
 * is printed, not budgeted (a dashboard is not for search engines).
 */
export const SIGNED_IN = [
  { path: '/user-dashboard', page: 'UserDashboardPage', email: 'jamie@velvet.test', portal: 'user' },
  { path: '/host-dashboard', page: 'HostDashboardPage', email: 'marcus@velvet.test', portal: 'host' },
];
/** The demo accounts' password (src/server/seed/accounts.ts). */
const DEMO_PASSWORD = 'VelvetDemo2026';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * CPU time (user + system) a process has used so far, in ms (Linux /proc; NaN elsewhere). On a
 * shared machine the wall time of a start depends on the neighbours; its CPU time much less.
 */
function cpuTime(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

/** Starts the built server; resolves with the process and the ms until /api/health said 200. */
export async function startServer(dataDir, port = PORT) {
  const started = performance.now();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  };
  // The embedded database (PGlite) in its own directory.
  delete env.DATABASE_URL;
  delete env.AUTH_SECRET;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  child.on('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error('The server exited while starting.');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return { child, ms: performance.now() - started, cpuMs: cpuTime(child.pid) };
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 300_000) {
      child.kill('SIGKILL');
      throw new Error('The server did not start within 300 s.');
    }
    await sleep(25);
  }
}

export function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Fresh and later start times (median of `runs` each, each fresh one on a new data directory). */
export async function measureStarts(runs = RUNS, port = PORT) {
  const fresh = [];
  const later = [];
  const freshCpu = [];
  const laterCpu = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'velvet-audit-'));
    try {
      const first = await startServer(dir, port);
      fresh.push(first.ms);
      freshCpu.push(first.cpuMs);
      await stopServer(first.child);
      const second = await startServer(dir, port);
      later.push(second.ms);
      laterCpu.push(second.cpuMs);
      await stopServer(second.child);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { fresh, later, freshCpu, laterCpu };
}

/**
 * The JavaScript a page needs before it is interactive, gzipped: the entry (the page's own, for a
 * server-rendered page), its static imports, the page's chunk and its static imports, from Vite's
 * manifest (chunks loaded later on demand —
 * a dialog, the toaster — are not counted).
 */
export function firstLoadJs(page) {
  const dir = path.join(root, 'dist/web');
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
  const files = new Set();
  const walk = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imp of chunk.imports ?? []) walk(imp);
  };
  // A server-rendered page has an entry of its own (src/web/boot, decision 45), sent in place of
  // index.html's: the app and the page in one module graph.
  const boot = page.replace(/^src\/web\/pages\//, 'src/web/boot/');
  if (manifest[boot]) walk(boot);
  else {
    walk('index.html');
    walk(page);
  }
  let bytes = 0;
  for (const f of files) bytes += gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length;
  return { kb: bytes / 1024, files: files.size };
}

/** Every built script, gzipped, largest first. */
function bundleSizes() {
  const dir = path.join(root, 'dist/web/assets');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .map((f) => ({ file: f, gzip: gzipSync(readFileSync(path.join(dir, f)), { level: 9 }).length }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** LCP's element (its selector / snippet) and its four phases (TTFB, load delay, load time, render delay). */
function lcpBreakdown(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  const node = items[0]?.items?.[0]?.node;
  const phases = Object.fromEntries((items[1]?.items ?? []).map((p) => [p.phase, Math.round(p.timing)]));
  return { element: node?.snippet ?? node?.selector ?? '—', phases };
}

/**
 * Signs a demo account in through the API (as the sign-in form does, with the app's origin) and
 * returns its session cookie, for the header of every request of a signed-in page's runs.
 */
export async function signIn(base, email, portal) {
  const res = await fetch(`${base}/api/accounts/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, portal }),
  });
  if (!res.ok) throw new Error(`Sign-in of ${email}: ${res.status} ${await res.text()}`);
  const body = await res.json();
  if (body.two_factor_required) throw new Error(`Sign-in of ${email} asks for a code: not a demo account.`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/** One Lighthouse run; `failed` holds Lighthouse's runtimeError when the run produced no metrics. */
async function audit(url, port, jsonFile, cookie) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  const lhr = result.lhr;
  if (jsonFile) writeFileSync(jsonFile, result.report);
  const warnings = lhr.runWarnings ?? [];
  // A run Lighthouse could not complete (its page did not load, the trace had no paint…) has no
  // scores (null) rather than low ones: it is reported as failed and kept out of the medians.
  const nullCategories = CATEGORIES.filter((c) => lhr.categories[c].score === null);
  if (lhr.runtimeError || nullCategories.length) {
    return {
      failed: lhr.runtimeError
        ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
        : `no score for ${nullCategories.join(', ')}`,
      warnings,
    };
  }
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c].score]));
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytesOf = (pred) =>
    requests
      .filter((r) => r.url.startsWith(BASE) && pred(r))
      .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    scores,
    scriptKb: bytesOf((r) => r.resourceType === 'Script') / 1024,
    imageKb: bytesOf((r) => r.resourceType === 'Image') / 1024,
    fontKb: bytesOf((r) => r.resourceType === 'Font') / 1024,
    cssKb: bytesOf((r) => r.resourceType === 'Stylesheet') / 1024,
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    fcpMs: lhr.audits['first-contentful-paint']?.numericValue ?? NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcp: lcpBreakdown(lhr),
    failing,
    warnings,
  };
}

async function auditStarts(runs, fails) {
  console.log(`Start times (${runs} runs each)…`);
  const starts = await measureStarts(runs);
  const fresh = median(starts.fresh);
  const later = median(starts.later);
  console.log(
    `  fresh first start  median ${fresh.toFixed(0)} ms  [${starts.fresh.map((m) => m.toFixed(0)).join(', ')}]  budget ≤ ${BUDGETS.freshStartMs} ms`,
  );
  console.log(
    `  later start        median ${later.toFixed(0)} ms  [${starts.later.map((m) => m.toFixed(0)).join(', ')}]  budget ≤ ${BUDGETS.laterStartMs} ms`,
  );
  console.log(
    `  CPU time used until healthy: fresh median ${median(starts.freshCpu).toFixed(0)} ms, later ${median(starts.laterCpu).toFixed(0)} ms (load average now ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores)`,
  );
  if (fresh > BUDGETS.freshStartMs) fails.push(`fresh start ${fresh.toFixed(0)} ms`);
  if (later > BUDGETS.laterStartMs) fails.push(`later start ${later.toFixed(0)} ms`);
}

async function main() {
  const chromePath = ensureChromium();
  const fails = [];

  const startRuns = Number(process.env.AUDIT_STARTS ?? RUNS);
  if (startRuns > 0) await auditStarts(startRuns, fails);

  const dir = mkdtempSync(path.join(tmpdir(), 'velvet-audit-'));
  const server = await startServer(dir);
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const list = await (await fetch(`${BASE}/api/venues?limit=1`)).json();
    const venueId = list.venues?.[0]?.id;
    if (!venueId) throw new Error('The demo data has no active venue.');
    const all = [...AUDITED.map(({ path }) => path.replace(':id', venueId)), ...SIGNED_IN.map((p) => p.path)];
    if (JSON_DIR) mkdirSync(JSON_DIR, { recursive: true });
    const pages = process.env.AUDIT_PAGES
      ? process.env.AUDIT_PAGES.split(',').map((p) => (p === '/venue' ? `/venue/${venueId}` : p))
      : all;
    /** The session cookie of each signed-in page audited. */
    const cookies = new Map();
    for (const { path: signedInPath, email, portal } of SIGNED_IN) {
      if (pages.includes(signedInPath)) cookies.set(signedInPath, await signIn(BASE, email, portal));
    }

    console.log(`\nLighthouse, mobile (${RUNS} runs per page; medians, then every run):`);
    let homeScriptKb = NaN;
    let failedRuns = 0;
    for (const page of pages) {
      // A run Lighthouse could not complete is printed with its error and run again (at most
      // MAX_ATTEMPTS times in all): it says nothing about the page, and counting it as a score of 0
      // would turn one lost trace into a failed budget. The page fails when a run never completes.
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          const name = `${page.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${i + 1}${attempt > 1 ? `-attempt${attempt}` : ''}`;
          const run = await audit(
            BASE + page,
            chrome.port,
            JSON_DIR && path.join(JSON_DIR, `${name}.json`),
            cookies.get(page),
          );
          for (const w of run.warnings) console.log(`  ${page}: run ${i + 1} warning: ${w}`);
          if (!run.failed) {
            runs.push(run);
            break;
          }
          console.log(`  ${page}: run ${i + 1} attempt ${attempt} FAILED (${run.failed})`);
          failedRuns++;
          if (attempt === MAX_ATTEMPTS) fails.push(`${page} run ${i + 1} failed ${MAX_ATTEMPTS} times`);
        }
      }
      if (!runs.length) continue;
      const med = Object.fromEntries(CATEGORIES.map((c) => [c, median(runs.map((r) => r.scores[c]))]));
      const m = (key) => median(runs.map((r) => r[key]));
      if (page === '/') homeScriptKb = m('scriptKb');
      console.log(
        `  ${page.padEnd(48)} perf ${med.performance.toFixed(2)}  a11y ${med.accessibility.toFixed(2)}  ` +
          `best ${med['best-practices'].toFixed(2)}  seo ${med.seo.toFixed(2)}  LCP ${m('lcpMs').toFixed(0)} ms  ` +
          `(FCP ${m('fcpMs').toFixed(0)}, TBT ${m('tbtMs').toFixed(0)})`,
      );
      console.log(
        `    transferred: JS ${m('scriptKb').toFixed(1)} KB, CSS ${m('cssKb').toFixed(1)} KB, fonts ${m('fontKb').toFixed(1)} KB, images ${m('imageKb').toFixed(1)} KB`,
      );
      console.log(
        `    runs: ${runs.map((r) => CATEGORIES.map((c) => r.scores[c].toFixed(2)).join('/')).join('  ')}`,
      );
      const phaseNames = Object.keys(runs[0].lcp.phases);
      if (phaseNames.length) {
        const phases = phaseNames.map(
          (p) => `${p} ${median(runs.map((r) => r.lcp.phases[p] ?? NaN)).toFixed(0)}`,
        );
        console.log(`    LCP phases (ms, medians): ${phases.join(', ')}`);
      }
      console.log(`    LCP element: ${runs[0].lcp.element.slice(0, 140)}`);
      const failing = [...new Set(runs.flatMap((r) => r.failing))];
      if (failing.length) console.log(`    failing audits: ${failing.join(', ')}`);
      const signedIn = cookies.has(page);
      for (const c of CATEGORIES) {
        if (signedIn && c === 'seo') continue;
        const budget = signedIn && c === 'performance' ? BUDGETS.signedInPerformance : BUDGETS[c];
        if (med[c] < budget) fails.push(`${page} ${c} ${med[c].toFixed(2)} < ${budget}`);
      }
    }

    if (failedRuns) console.log(`\n${failedRuns} Lighthouse run(s) failed and were run again (above).`);
    console.log('\nBundles (gzip -9 of each built script, largest first):');
    for (const b of bundleSizes().slice(0, 8)) {
      console.log(`  ${(b.gzip / 1024).toFixed(1).padStart(6)} KB  ${b.file}`);
    }
    for (const { path: name, page } of AUDITED) {
      const first = firstLoadJs(`src/web/pages/${page}.tsx`);
      const budget =
        (name === '/' ? ` (budget ≤ ${BUDGETS.firstLoadJsKb} KB` : ' (budget') +
        ` in ≤ ${BUDGETS.firstLoadFiles} files)`;
      console.log(
        `First-load JavaScript of ${name.padEnd(15)} ${first.kb.toFixed(1)} KB gzipped in ${first.files} files${budget}`,
      );
      if (first.files > BUDGETS.firstLoadFiles)
        fails.push(`first-load JS of ${name} in ${first.files} files`);
      if (name === '/' && first.kb > BUDGETS.firstLoadJsKb)
        fails.push(`first-load JS of / ${first.kb.toFixed(1)} KB`);
    }
    // The dashboards: printed, no budget of their own (their Lighthouse score is the budget).
    for (const { path: name, page } of SIGNED_IN) {
      const first = firstLoadJs(`src/web/pages/${page}.tsx`);
      console.log(
        `First-load JavaScript of ${name.padEnd(15)} ${first.kb.toFixed(1)} KB gzipped in ${first.files} files (signed in)`,
      );
    }
    if (!Number.isNaN(homeScriptKb)) {
      console.log(
        `All JavaScript of / transferred until the network was idle (Lighthouse, on-demand chunks too): ${homeScriptKb.toFixed(1)} KB`,
      );
    }
  } finally {
    chrome.kill();
    await stopServer(server.child);
    rmSync(dir, { recursive: true, force: true });
  }

  if (fails.length) {
    console.log(`\nFAIL: ${fails.join('; ')}`);
    process.exit(1);
  }
  console.log('\nPASS: every page within its budgets.');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
