import path from 'node:path';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';

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
  const res = await page.request.post('/api/accounts/sign-in', {
    headers: { origin: new URL(page.url()).origin },
    data: { email: DEMO[role], password: DEMO_PASSWORD, portal: PORTAL[role] },
  });
  expect(res.status(), await res.text()).toBe(200);
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
