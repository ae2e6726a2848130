import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'VelvetDemo2026';
export const DEMO = {
  admin: 'admin@velvet.test',
  host: 'marcus@velvet.test',
  otherHost: 'sofia@velvet.test',
  guest: 'jamie@velvet.test',
  otherGuest: 'priya@velvet.test',
};

/** Signs in through the portal's form and waits for the dashboard it leads to. */
export async function signIn(page: Page, email: string, opts: { portal?: 'user' | 'host'; lands: string }) {
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
