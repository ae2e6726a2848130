/*
 * Disputes of additional charges (issue 30 item 5, decision 82), in the browser: the demo host
 * charges the demo guest Priya after an event (through the API, as the dialog would), the guest disputes
 * the charge from My Bookings, the admin refunds it from Transaction Management › Disputes, and
 * the guest's card then says it was refunded.
 */
import { expect, test } from './fixtures';
import { asRole, DEMO } from './support';

test('a guest disputes a charge and the admin refunds it', async ({ browser }) => {
  test.setTimeout(90_000);
  const host = await asRole(browser, 'host');
  const guest = await asRole(browser, 'otherGuest');
  const admin = await asRole(browser, 'admin');
  try {
    // A past minimum-spend night of Priya with its card on file and the window open.
    await host.goto('/');
    const list = await host.request.get('/api/host/bookings?status=confirmed&limit=100');
    expect(list.status()).toBe(200);
    const now = Date.now();
    const yesterday = new Date(now - 86_400_000).toISOString().slice(0, 10);
    const chargeable = (await list.json()).bookings.find(
      (b: {
        guest?: { email: string };
        contact_email: string;
        date: string;
        payment_status?: string;
        additional_charge_until?: string | null;
        additional_charge_left_cents?: number;
      }) =>
        (b.guest?.email ?? b.contact_email) === DEMO.otherGuest &&
        b.payment_status === 'card_on_file' &&
        b.date < yesterday &&
        b.additional_charge_until &&
        Date.parse(b.additional_charge_until) > now &&
        (b.additional_charge_left_cents ?? 0) >= 137,
    );
    expect(chargeable, 'a chargeable demo booking').toBeTruthy();
    const charged = await host.request.post('/api/charge-additional', {
      headers: { origin: new URL(host.url()).origin },
      data: {
        paymentIntentId: chargeable.payment_intent_id,
        amount: 1.37,
        reason: 'damages',
        description: 'A chipped glass (browser test)',
        bookingId: chargeable.id,
        venueId: chargeable.venue_id,
        userId: chargeable.user_id,
      },
    });
    expect(charged.status(), await charged.text()).toBe(200);
    expect((await charged.json()).success).toBe(true);

    // The guest disputes it from My Bookings.
    await guest.goto('/user-dashboard');
    const row = guest.getByTestId('guest-charges').locator('li').filter({ hasText: '$1.37' });
    await expect(row).toBeVisible({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Dispute this charge' }).click();
    const dialog = guest.getByTestId('dispute-dialog');
    await dialog.getByLabel('Reason').fill('short');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog.getByText('Reason must be at least 10 characters.')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The glass was chipped before we arrived.');
    await dialog.getByRole('button', { name: 'Send dispute' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByText('Disputed — under review')).toBeVisible();
    await expect(row.getByRole('button', { name: 'Dispute this charge' })).toHaveCount(0);

    // The admin refunds it.
    await admin.goto('/admin-dashboard?tab=transactions');
    const item = admin
      .getByTestId('disputes-panel')
      .locator('li')
      .filter({ hasText: 'The glass was chipped before we arrived.' });
    await expect(item).toBeVisible();
    await item.getByRole('button', { name: 'Refund' }).click();
    const decide = admin.getByTestId('dispute-decide-dialog');
    await expect(decide.getByRole('heading', { name: 'Refund $1.37?' })).toBeVisible();
    await decide.getByLabel('Note (optional)').fill('Refunded: the venue had no photo of it.');
    await decide.getByRole('button', { name: 'Refund' }).click();
    await expect(decide).toBeHidden();
    await expect(item.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: 'Refund' })).toHaveCount(0);

    // The guest sees the outcome.
    await guest.reload();
    await expect(row.getByText('Dispute decided: refunded')).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText('Refunded: the venue had no photo of it.');
  } finally {
    for (const p of [host, guest, admin]) await p.context().close();
  }
});
