import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole, authFile, requestAtHostVenue } from './support';

// The admin's session from e2e/auth.setup.ts; the access test opens contexts of its own.
test.use({ storageState: authFile('admin') });

const tileValue = (page: Page, label: string) =>
  page.getByText(label, { exact: true }).locator('xpath=following-sibling::p[1]');

test('the admin sends a test email and sees it in the logs panel and the outbox', async ({ page }) => {
  const to = `ops.${Date.now()}@example.com`;
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Operations' }).click();
  await page.getByRole('button', { name: 'Email Test', exact: true }).click();
  await expect(page).toHaveURL(/tab=operations&section=email-test/);
  await expect(page.getByRole('heading', { name: 'Email Test (Email System Test)' })).toBeVisible();

  const send = page.getByRole('button', { name: 'Send Test Email' });
  await expect(send).toBeDisabled(); // no address yet
  const address = page.getByLabel('Recipient email');
  await address.fill('   ');
  await expect(send).toBeDisabled();
  await address.blur();
  await expect(page.getByText('Please enter an email address.')).toBeVisible();

  await address.fill(to);
  await send.click();
  const logs = page.getByTestId('email-logs');
  await expect(logs).toContainText(`Email system test to ${to} started.`);
  await expect(logs).toContainText('Sent from Velvet <no-reply@velvet.test>', { timeout: 15_000 });
  await expect(logs.locator('time').first()).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
  const box = await logs.boundingBox();
  expect(Math.round(box!.height)).toBe(240);

  await page.getByRole('button', { name: 'Clear Logs' }).click();
  await expect(logs).toContainText('No log entries yet.');

  // The message is in the outbox, sent.
  await page.getByRole('button', { name: 'Outbox', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search messages' }).fill(to);
  await expect(page).toHaveURL(/outbox_q=/);
  const row = page.getByTestId('outbox-message').filter({ hasText: to });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Velvet test email');
  await expect(row).toContainText('Sent');
  await row.getByRole('button', { name: /Velvet test email/ }).click();
  await expect(page.getByRole('dialog')).toContainText('Message-ID');
});

test('Fetch Email Test shows the raw answer of the public endpoint', async ({ page }) => {
  await page.goto('/admin-dashboard');
  await page.goto('/admin-dashboard?tab=operations&section=fetch-email-test');
  await page.getByLabel('Recipient email').fill(`fetch.${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Send with fetch()' }).click();
  const answer = page.getByTestId('fetch-answer');
  await expect(answer).toContainText(/Raw answer: HTTP 20[02]/, { timeout: 15_000 });
  await expect(answer).toContainText('x-request-id:');
  await expect(answer).toContainText('"sent_from"');
});

test('a guest on /admin-dashboard sees the access-denied text; a visitor is sent to sign in', async ({
  browser,
}) => {
  // Contexts inherit the file's storageState: a visitor's starts empty.
  const visitor = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await visitor.goto('/admin-dashboard');
  await expect(visitor).toHaveURL(/\/user-auth\?redirect=%2Fadmin-dashboard$/);
  await visitor.context().close();
  const page = await asRole(browser, 'guest');
  await page.goto('/admin-dashboard');
  await expect(page).toHaveURL(/\/admin-dashboard$/);
  await expect(
    page.getByRole('heading', { name: 'Access denied. Admin privileges required.' }),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Operations' })).toHaveCount(0);
  await page.context().close();
});

test('a rejected venue is not in the pending count nor the queue; it has its own filter', async ({
  page,
}) => {
  await page.goto('/admin-dashboard');
  const pendingTile = tileValue(page, 'Pending Venues');
  await expect(pendingTile).toHaveText(/^\d+$/);
  const before = Number(await pendingTile.textContent());
  expect(before).toBeGreaterThan(0);

  const card = page.getByTestId('pending-venue').first();
  const name = (await card.getByRole('heading', { level: 3 }).textContent())!;
  await card.getByLabel('Notes').fill('Please add photos of the main room.');
  await card.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Venue Rejected')).toBeVisible();

  await expect(pendingTile).toHaveText(String(before - 1));
  await expect(page.getByTestId('pending-venue').filter({ hasText: name })).toHaveCount(0);
  await page.reload();
  await expect(tileValue(page, 'Pending Venues')).toHaveText(String(before - 1));
  await expect(page.getByTestId('pending-venue').filter({ hasText: name })).toHaveCount(0);

  await page.getByRole('link', { name: 'Show rejected venues' }).click();
  await expect(page).toHaveURL(/tab=venues&venue_status=rejected/);
  const rejectedRow = page.getByTestId('admin-venue-row').filter({ hasText: name });
  await expect(rejectedRow).toBeVisible();
  await expect(rejectedRow.getByText('Rejected')).toBeVisible();
});

test('admin bookings: filters live in the URL, and the admin opens a venue’s bookings', async ({ page }) => {
  await page.goto('/admin-dashboard');
  await page.getByRole('tab', { name: 'Booking Management' }).click();
  await page.getByRole('combobox', { name: 'Filter by status' }).click();
  await page.getByRole('option', { name: /^Confirmed/ }).click();
  await expect(page).toHaveURL(/booking_status=confirmed/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Filter by status' })).toContainText('Confirmed');
  const cards = page.getByTestId('admin-booking');
  await expect(cards.first()).toBeVisible();
  for (const status of await cards.getByTestId('booking-status').allTextContents()) {
    expect(status).toBe('Confirmed');
  }

  await cards.first().getByRole('link', { name: 'Venue Bookings' }).click();
  await expect(page).toHaveURL(/\/venue-management\/[0-9a-f-]{36}\?tab=bookings$/);
  await expect(page.getByRole('tab', { name: /Bookings/ })).toHaveAttribute('data-state', 'active');
  await expect(page.getByTestId('venue-booking').first()).toBeVisible();
  await expect(page.getByText('Viewing as admin')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin-dashboard\?tab=bookings/);
});

test('admin bookings: Reject asks first, like the venue’s, and sends the optional reason to the guest', async ({
  page,
  browser,
}) => {
  // A fresh request of the demo guest, so the demo data stays as other specs expect, at a demo
  // venue open every night: the newest public venue may be one a flow made with hours of its own.
  const host = await asRole(browser, 'host');
  const guest = await asRole(browser, 'guest');
  await Promise.all([host.goto('/'), guest.goto('/')]);
  const { booking, venue } = await requestAtHostVenue(guest, host, 230, 'Admin reject test.');
  await Promise.all([host.context().close(), guest.context().close()]);

  await page.goto(`/admin-dashboard?tab=bookings&booking_q=${booking.id.slice(0, 8)}`);
  const card = page.locator(`[data-booking-id="${booking.id}"]`);
  await card.getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject this booking?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep Request' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('booking-status')).toHaveText('Pending Confirmation from Venue');

  await card.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByLabel('Reason (optional)').fill('The venue is closed for a private event that night.');
  await dialog.getByRole('button', { name: 'Reject Booking' }).click();
  await expect(page.getByText('Booking rejected successfully.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('booking-status')).toHaveText('Cancelled');

  // The guest's email carries the reason.
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `/api/admin/outbox?q=${encodeURIComponent(venue.name)}&page_size=50`,
      );
      const { items } = (await res.json()) as { items: { to: string; subject: string; html: string }[] };
      return items.some(
        (m) =>
          m.to === 'jamie@velvet.test' &&
          m.subject.includes('was not accepted') &&
          m.html.includes('The venue is closed for a private event that night.'),
      );
    })
    .toBe(true);
});
