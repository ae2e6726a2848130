/**
 * Two-factor sign-in (issue 30, decision 76) on a fresh account, so the demo accounts stay as
 * they are: enrol from Settings with a code computed from the secret the page shows, sign out,
 * sign in with a code (a wrong one first), sign out, sign in with a recovery code.
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole, confirmedGuest } from './support';
import { totpCode } from '../tests/support/two-factor';

// The test signs up and confirms an account through the mailbox first: a longer budget.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'TwoStepsIn2026';

const freshGuest = (browser: Browser, admin: Page) =>
  confirmedGuest(browser, admin, { prefix: 'twofactor', password: PASSWORD, fullName: 'Tess Twofactor' });

async function passwordStep(page: Page, email: string) {
  await page.goto('/user-auth');
  const form = page.locator('form').filter({ has: page.getByLabel('Password') });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page, origin: string) {
  const res = await page.request.post('/api/accounts/sign-out', { headers: { origin }, data: {} });
  expect(res.ok()).toBeTruthy();
}

test('enrol in Settings, then sign in with a code and with a recovery code', async ({ browser }) => {
  const admin = await asRole(browser, 'admin');
  const { email, origin } = await freshGuest(browser, admin);
  const page = await (await browser.newContext()).newPage();

  // Signed in with the password alone, the guest turns two-factor on in Settings.
  await passwordStep(page, email);
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.goto('/account');
  const section = page.locator('#two-factor');
  await expect(section.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await section.getByLabel('Current password').fill(PASSWORD);
  await section.getByRole('button', { name: 'Set Up Two-Factor Sign-In' }).click();
  const secret = (await section.getByLabel('Secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expect(section.getByRole('link', { name: 'open it in the app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\/Velvet:/,
  );
  const codes = await section
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  await section.getByLabel('6-digit code').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Turn On' }).click();
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();
  await signOut(page, origin);

  // The password leads to the code step; a wrong code is refused, the right one signs in.
  await passwordStep(page, email);
  const step = page.getByRole('form', { name: 'Two-factor sign-in' });
  await expect(step.getByLabel('6-digit code')).toBeVisible();
  await step.getByLabel('6-digit code').fill(totpCode(secret) === '000000' ? '111111' : '000000');
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(
    step.getByText('That code is not correct. Check your authenticator app and try again.'),
  ).toBeVisible();
  await step.getByLabel('6-digit code').fill(totpCode(secret));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await signOut(page, origin);

  // A recovery code instead of the app.
  await passwordStep(page, email);
  await step.getByRole('button', { name: 'Use a recovery code' }).click();
  await step.getByLabel('Recovery code').fill(codes[0]!);
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/user-dashboard$/);
  await page.context().close();
});
