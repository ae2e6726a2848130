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

test('at 390 px the earnings table scrolls: every amount on one line, venue names readable', async ({
  browser,
}) => {
  const host = await asRole(browser, 'host', { viewport: { width: 390, height: 844 } });
  await host.goto('/host-dashboard?tab=earnings');
  const rows = host.getByTestId('earning-row');
  await expect(rows.first()).toBeVisible();
  // The lines each money cell's text is drawn on ("$1,350.00" broken after "$1,35" drew two).
  const lines = await rows.evaluateAll((trs) =>
    trs.flatMap((tr) =>
      [...tr.querySelectorAll('td')]
        .filter((td) => /\$/.test(td.textContent ?? '') || td.cellIndex === 1)
        .map((td) => {
          const range = document.createRange();
          range.selectNodeContents(td);
          // A line starts where a box sits a line lower (the smaller "(10%)" sits a few px lower).
          const tops = [...range.getClientRects()].map((r) => r.top).sort((a, b) => a - b);
          const count = tops.filter((top, i) => i === 0 || top - tops[i - 1]! > 8).length;
          return `${td.textContent}: ${count}`;
        }),
    ),
  );
  expect(lines.length).toBeGreaterThan(0);
  // The venue's name keeps a readable width too (squeezed, it stood one letter a line).
  expect(lines.filter((l) => !/: [12]$/.test(l) || (/\$/.test(l) && !l.endsWith(': 1')))).toEqual([]);
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
