// Refreshes docs/screenshots from a running Velvet with the demo data:
//   npm run build && PORT=4000 DATA_DIR=$(mktemp -d) SEED_DEMO=true node dist/server/main.js &
//   node scripts/screenshots.mjs http://127.0.0.1:4000
// The home page, a venue page, the guest's and host's dashboards, Settings, a receipt and the
// terms, privacy and help pages, at 375 and 1280 px.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const out = path.resolve(import.meta.dirname, '..', 'docs', 'screenshots');
const PASSWORD = 'VelvetDemo2026';
const WIDTHS = { mobile: { width: 375, height: 812 }, desktop: { width: 1280, height: 860 } };

mkdirSync(out, { recursive: true });
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

async function context(viewport, account) {
  const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, reducedMotion: 'reduce' });
  if (account) {
    const res = await ctx.request.post(`${base}/api/accounts/sign-in`, {
      headers: { origin: base },
      data: { email: account.email, password: PASSWORD, portal: account.portal },
    });
    if (res.status() !== 200)
      throw new Error(`sign-in ${account.email}: ${res.status()} ${await res.text()}`);
  }
  return ctx;
}

// The venue: the first active demo venue with a photo.
const list = await (await fetch(`${base}/api/venues?limit=48`)).json();
const venue = list.venues.find((v) => v.image) ?? list.venues[0];

// A receipt: the demo guest's first paid booking.
const JAMIE = { email: 'jamie@velvet.test', portal: 'user' };
const guestCtx = await context(WIDTHS.desktop, JAMIE);
const mine = await (await guestCtx.request.get(`${base}/api/me/bookings`)).json();
const paid = mine.bookings.find((b) => (b.paid_cents ?? 0) > 0);
await guestCtx.close();

const shots = [
  { name: 'home', url: '/' },
  { name: 'venue', url: `/venue/${venue.id}` },
  { name: 'user-dashboard', url: '/user-dashboard', account: { email: 'jamie@velvet.test', portal: 'user' } },
  {
    name: 'host-dashboard',
    url: '/host-dashboard',
    account: { email: 'marcus@velvet.test', portal: 'host' },
  },
  {
    name: 'host-inbox',
    url: '/host-dashboard?tab=bookings',
    account: { email: 'marcus@velvet.test', portal: 'host' },
  },
  {
    name: 'host-earnings',
    url: '/host-dashboard?tab=earnings',
    account: { email: 'marcus@velvet.test', portal: 'host' },
  },
  {
    name: 'admin-payouts',
    url: '/admin-dashboard?tab=payouts',
    account: { email: 'admin@velvet.test', portal: 'user' },
  },
  { name: 'account', url: '/account', account: JAMIE },
  ...(paid ? [{ name: 'receipt', url: `/receipt/${paid.id}`, account: JAMIE }] : []),
  { name: 'terms', url: '/terms' },
  { name: 'privacy', url: '/privacy' },
  { name: 'help', url: '/help' },
];

for (const shot of shots) {
  for (const [label, viewport] of Object.entries(WIDTHS)) {
    const ctx = await context(viewport, shot.account);
    const page = await ctx.newPage();
    await page.goto(base + shot.url);
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => document.querySelectorAll('.animate-pulse').length === 0);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    const file = path.join(out, `${shot.name}-${label}.png`);
    await page.screenshot({ path: file });
    console.log(`${file} (${viewport.width} px)`);
    await ctx.close();
  }
}
await browser.close();
