import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { addDaysToDate } from '../src/domain/calendar';
import { totpCode } from '../tests/support/two-factor';

export const DEMO_PASSWORD = 'VelvetDemo2026';

/** The demo accounts behind the suite's roles (the same vocabulary as the API suite's tests/factories.ts). */
export const DEMO = {
  admin: 'admin@velvet.test',
  host: 'marcus@velvet.test',
  otherHost: 'sofia@velvet.test',
  guest: 'jamie@velvet.test',
  otherGuest: 'priya@velvet.test',
} as const;
export type Role = keyof typeof DEMO;
export const ROLES = Object.keys(DEMO) as Role[];

/**
 * The browser suite's admin turns two-factor sign-in on in the setup (e2e/auth.setup.ts), as the
 * admin must before revealing bank details or recording payouts (decision 76); its secret is kept
 * beside the stored sessions, and sign-ins complete with a code computed from it.
 */
export const totpSecretFile = (role: Role) =>
  path.join(import.meta.dirname, '..', 'test-results', '.auth', `${role}.totp`);

function totpSecretOf(email: string): string | null {
  const role = ROLES.find((r) => DEMO[r] === email);
  if (!role || !existsSync(totpSecretFile(role))) return null;
  return readFileSync(totpSecretFile(role), 'utf8').trim();
}

/** On the sign-in form's code step (decision 76), if `email` has two-factor on: its code. */
export async function enterCodeIfAsked(page: Page, email: string) {
  const secret = totpSecretOf(email);
  if (!secret) return;
  await page.getByLabel('6-digit code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Signs a demo role in through the API (the request context keeps the session cookie). */
export async function signInByApi(request: APIRequestContext, role: Role, origin: string) {
  const res = await request.post('/api/accounts/sign-in', {
    headers: { origin },
    data: { email: DEMO[role], password: DEMO_PASSWORD, portal: PORTAL[role] },
  });
  expect(res.status(), await res.text()).toBe(200);
  if (!(await res.json()).two_factor_required) return;
  const code = await request.post('/api/accounts/sign-in/two-factor', {
    headers: { origin },
    data: { method: 'totp', code: totpCode(totpSecretOf(DEMO[role])!), portal: PORTAL[role] },
  });
  expect(code.status(), await code.text()).toBe(200);
}

/** The portal each role signs in through. */
export const PORTAL: Record<Role, 'user' | 'host'> = {
  admin: 'user',
  host: 'host',
  otherHost: 'host',
  guest: 'user',
  otherGuest: 'user',
};

/**
 * Where e2e/auth.setup.ts stores each role's signed-in session (cookies), written once per run
 * and reused by every test: `test.use({ storageState: authFile('guest') })` or `asRole(...)`.
 */
export const authFile = (role: Role) =>
  path.join(import.meta.dirname, '..', 'test-results', '.auth', `${role}.json`);

/** A new browser context signed in as `role` (from the stored session), and a page in it. */
export async function asRole(
  browser: Browser,
  role: Role,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({ ...options, storageState: authFile(role) });
  return context.newPage();
}

/**
 * A new browser context with a session of its own, signed in through the API: for tests that
 * sign out (signing out revokes the session, so they must not use a stored one).
 */
export async function asRoleFreshSession(
  browser: Browser,
  role: Role,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto('/');
  await signInByApi(page.request, role, new URL(page.url()).origin);
  return page;
}

/** Signs in through the portal's form and waits for the dashboard it leads to. */
export async function signInThroughForm(
  page: Page,
  email: string,
  opts: { portal?: 'user' | 'host'; lands: string },
) {
  await page.goto(opts.portal === 'host' ? '/host-auth' : '/user-auth');
  const form = page.locator('form').filter({ has: page.getByLabel('Password') });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await enterCodeIfAsked(page, email);
  await expect(page).toHaveURL(new RegExp(`${opts.lands}$`));
}

/**
 * On the admin dashboard: opens Operations › Outbox and the newest message with this subject to
 * this recipient; returns the message dialog (its links, HTML and text).
 */
export async function openOutboxMessage(page: Page, subject: RegExp, to: string) {
  await page.getByRole('tab', { name: 'Operations' }).click();
  await page.getByRole('button', { name: 'Outbox', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search messages' }).fill(to);
  await page.getByRole('button', { name: subject }).filter({ hasText: to }).first().click();
  return page.getByRole('dialog');
}

/**
 * Waits (at most 5 s) for the network to go quiet. Pages that poll (the admin's Operations) or
 * stream never go fully idle, so this bounds the wait instead of hanging until the test's timeout;
 * callers then wait for what they need on the page itself.
 */
export async function networkQuiet(page: Page, timeout = 5_000) {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => undefined);
}

/**
 * A fresh guest: signed up through the API and confirmed through the link in the built-in
 * mailbox, which `admin` (a signed-in admin page) opens. For tests that change an account's
 * password or sign-in, so the demo accounts stay as they are.
 */
export async function confirmedGuest(
  browser: Browser,
  admin: Page,
  account: { prefix: string; password: string; fullName: string },
) {
  const email = `${account.prefix}.${Date.now()}@example.com`;
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/');
  const origin = new URL(visitor.url()).origin;
  const res = await visitor.request.post('/api/accounts/sign-up', {
    headers: { origin },
    data: { email, password: account.password, full_name: account.fullName },
  });
  expect(res.status(), await res.text()).toBe(201);
  await admin.goto('/admin-dashboard');
  const message = await openOutboxMessage(admin, /Confirm your Velvet account/, email);
  const href = await message
    .getByRole('link', { name: /confirm-email/ })
    .first()
    .getAttribute('href');
  await admin.keyboard.press('Escape');
  await visitor.goto(href!);
  await expect(visitor.getByRole('heading', { name: 'Email Confirmed!' })).toBeVisible();
  await visitor.context().close();
  return { email, origin };
}

/**
 * Pages a booking calendar forward until the month of `date` is shown and returns that day's
 * button. It waits for each month to render before reading it, so a calendar still loading
 * is never paged past the date.
 */
export async function showDay(page: Page, date: string): Promise<Locator> {
  const target = date.slice(0, 7);
  const first = page.locator('button[data-date]').first();
  for (let i = 0; i < 13; i++) {
    await expect(first).toBeVisible();
    const shown = (await first.getAttribute('data-date'))!.slice(0, 7);
    if (shown >= target) break;
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(first).not.toHaveAttribute('data-date', new RegExp(`^${shown}`));
  }
  const day = page.locator(`button[data-date="${date}"]`);
  await expect(day).toBeVisible();
  return day;
}

/**
 * A new pending request of the demo guest (`guest`, a page of the app) at an active venue of the
 * demo host (`host`), open to flexible hours when one is: the first of 30 nights from
 * `firstOffset` days after the venue's today that is open and free (a closed night answers 400,
 * a taken one 409).
 */
export async function requestAtHostVenue(guest: Page, host: Page, firstOffset: number, note: string) {
  const { venues } = (await (await host.request.get('/api/host/venues')).json()) as {
    venues: { id: string; name: string; is_active: boolean; open_to_flexible_hours: boolean }[];
  };
  const venue =
    venues.find((v) => v.is_active && v.open_to_flexible_hours) ?? venues.find((v) => v.is_active)!;
  const { today } = (await (await guest.request.get(`/api/venues/${venue.id}/availability`)).json()) as {
    today: string;
  };
  for (let offset = firstOffset; offset < firstOffset + 30; offset++) {
    const res = await guest.request.post('/api/bookings', {
      headers: { origin: new URL(guest.url()).origin },
      data: {
        venue_id: venue.id,
        date: addDaysToDate(today, offset),
        start_time: '21:00',
        end_time: '23:00',
        guest_count: 4,
        special_requests: note,
      },
    });
    if (res.status() === 201) return { booking: (await res.json()) as { id: string }, venue };
    expect([400, 409], await res.text()).toContain(res.status());
  }
  throw new Error(`No open night for the request "${note}"`);
}
