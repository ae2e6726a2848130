/**
 * Forgot password and "sign out other devices" (issue 12 item 5), on a fresh account so that
 * the demo accounts' passwords and stored sessions stay as they are.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole, openOutboxMessage, confirmedGuest } from './support';

// Each test signs up and confirms an account through the mailbox first: a longer budget.
test.describe.configure({ timeout: 180_000 });

const OLD_PASSWORD = 'MidnightRun2026';
const NEW_PASSWORD = 'SunriseWalk2031';

const freshGuest = (browser: Browser, admin: Page) =>
  confirmedGuest(browser, admin, { prefix: 'reset', password: OLD_PASSWORD, fullName: 'Rita Reset' });

async function signInThroughApi(browser: Browser, email: string, password: string, origin: string) {
  const page = await (await browser.newContext()).newPage();
  const res = await page.request.post(`${origin}/api/accounts/sign-in`, {
    headers: { origin },
    data: { email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  return page;
}

const signedIn = async (page: Page) =>
  ((await (await page.request.get('/api/session')).json()) as { profile: unknown }).profile !== null;

test('forgot password: the emailed link sets a new password and signs out every device', async ({
  browser,
}) => {
  const admin = await asRole(browser, 'admin');
  const { email, origin } = await freshGuest(browser, admin);
  const otherDevice = await signInThroughApi(browser, email, OLD_PASSWORD, origin);
  await otherDevice.goto('/');
  expect(await signedIn(otherDevice)).toBe(true);

  // Both sign-in pages offer it.
  const page = await (await browser.newContext()).newPage();
  await page.goto('/host-auth');
  await expect(page.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
    'href',
    '/forgot-password?portal=host',
  );
  await page.goto('/user-auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password\?portal=user$/);
  await expect(page.getByRole('heading', { name: 'Forgot Password' })).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // The link arrives in the built-in mailbox.
  await admin.goto('/admin-dashboard');
  const message = await openOutboxMessage(admin, /Reset your Velvet password/, email);
  const href = await message
    .getByRole('link', { name: /reset-password/ })
    .first()
    .getAttribute('href');
  expect(href).toContain('/reset-password?token=');

  await page.goto(href!);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  // The sign-up rules apply (the same PasswordRules hint, and the server's reasons).
  await expect(page.getByText('At least 8 characters')).toBeVisible();
  await page.getByLabel('New Password', { exact: true }).fill('password123');
  await page.getByLabel('Repeat New Password').fill('password123');
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page.getByText(/This password is too common/)).toBeVisible();

  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Repeat New Password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save New Password' }).click();
  await expect(page).toHaveURL(/\/user-auth$/);
  await expect(page.getByText('Password updated')).toBeVisible();

  // Every session of the account ended.
  expect(await signedIn(otherDevice)).toBe(false);

  // The old password no longer works; the new one does.
  const form = page.locator('form').filter({ has: page.getByLabel('Password') });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(OLD_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await form.getByLabel('Password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);

  // The link works once.
  const again = await (await browser.newContext()).newPage();
  await again.goto(href!);
  await again.getByLabel('New Password', { exact: true }).fill('AnotherOne2032');
  await again.getByLabel('Repeat New Password').fill('AnotherOne2032');
  await again.getByRole('button', { name: 'Save New Password' }).click();
  await expect(again.getByText(/already been used/)).toBeVisible();
  await expect(again.getByRole('link', { name: 'Request a New Link' })).toBeVisible();

  for (const p of [admin, otherDevice, page, again]) await p.context().close();
});

test('an unknown address gets the same page as a known one', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill('no.such.account@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('if it belongs to a Velvet account');
});

test('sign out other devices: this one stays signed in, the others are signed out', async ({ browser }) => {
  const admin = await asRole(browser, 'admin');
  const { email, origin } = await freshGuest(browser, admin);
  await admin.context().close();
  const phone = await signInThroughApi(browser, email, OLD_PASSWORD, origin);
  const laptop = await signInThroughApi(browser, email, OLD_PASSWORD, origin);
  await laptop.goto('/user-dashboard');
  await expect(laptop).toHaveURL(/\/user-dashboard$/);

  await laptop.getByRole('button', { name: /Account menu/ }).click();
  await laptop.getByRole('menuitem', { name: 'Sign out other devices' }).click();
  await expect(laptop.getByText('Signed out of other devices')).toBeVisible();
  await expect(laptop.getByText('1 other device was signed out.', { exact: false })).toBeVisible();

  await phone.goto('/');
  expect(await signedIn(phone)).toBe(false);
  expect(await signedIn(laptop)).toBe(true);
  await laptop.reload();
  await expect(laptop).toHaveURL(/\/user-dashboard$/);
  for (const p of [phone, laptop]) await p.context().close();
});
