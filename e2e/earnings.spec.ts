/**
 * Issue 29 in the browser: the demo host (marcus) opens the Earnings tab, sees their paid
 * bookings' net with Velvet's fee, and downloads a statement whose total row equals the tab's;
 * the admin records a payout and the host's available balance goes to zero while they watch.
 */
import { expect, test } from './fixtures';
import { asRole } from './support';

const dollars = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

test('the host sees net earnings and a statement that adds up to them', async ({ browser }) => {
  const host = await asRole(browser, 'host');
  await host.goto('/host-dashboard?tab=earnings');
  await expect(host.locator('#earnings-heading')).toBeVisible();
  await expect(host.getByText(/Velvet keeps \d+% of what guests pay/)).toBeVisible();
  const rows = host.getByTestId('earning-row');
  await expect(rows.first()).toBeVisible(); // the demo host has paid bookings
  const net = dollars(await host.getByTestId('earnings-net-earnings').innerText());
  expect(net).toBeGreaterThan(0);

  const download = host.waitForEvent('download');
  await host.getByRole('link', { name: 'Download statement (CSV)' }).click();
  const file = await download;
  const stream = await file.createReadStream();
  let csv = '';
  for await (const chunk of stream) csv += chunk;
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'Date,Venue,Booking,Gross,Additional charges,Refunds,Platform fee,Net,Paid out,Status',
  );
  expect(lines.length - 2).toBe(await rows.count());
  expect(Number(lines.at(-1)!.split(',')[7])).toBeCloseTo(net, 2);
});

test('the admin records a payout and the host sees their balance go to zero live', async ({ browser }) => {
  const host = await asRole(browser, 'host');
  await host.goto('/host-dashboard?tab=earnings');
  const available = host.getByTestId('earnings-available-now');
  await expect(available).toBeVisible();
  expect(dollars(await available.innerText())).toBeGreaterThan(0); // the demo host has money to pay

  const admin = await asRole(browser, 'admin');
  await admin.goto('/admin-dashboard?tab=payouts');
  const card = admin.getByTestId('host-balance').filter({ hasText: 'marcus@velvet.test' });
  await expect(card.getByTestId('balance-available')).not.toHaveText('$0.00');
  await card.getByRole('button', { name: /^Record payout to / }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog.getByText("Enter the bank transfer's reference.")).toBeVisible();
  const reference = `E2E-ACH-${Date.now()}`;
  await dialog.getByLabel('Bank reference').fill(reference);
  await dialog.getByRole('button', { name: 'Record payout' }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('balance-available')).toHaveText('$0.00');
  await expect(admin.getByTestId('admin-payout').filter({ hasText: reference })).toBeVisible();
  await expect(admin.getByTestId('reconciliation')).toContainText('The books balance');
  await expect(admin.getByTestId('ledger-check')).toContainText('The ledger balances');

  // The host's page was not reloaded: the payout event refreshed it.
  await expect(available).toHaveText('$0.00');
  await expect(host.getByTestId('host-payout').filter({ hasText: reference })).toBeVisible();
});
