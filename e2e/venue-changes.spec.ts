/**
 * Issue 30 / decision 74 in the browser: a host fixing a live venue's description keeps it live
 * (visitors still see and open it, with the approved text); the admin sees the proposed text in
 * Venue Approvals and approves it; visitors then see the new text.
 */
import { expect, test } from './fixtures';
import { asRole } from './support';

test('a host edits a live venue: it stays live until the admin approves the change', async ({ browser }) => {
  test.setTimeout(120_000);
  const host = await asRole(browser, 'host');
  const mine = await host.request.get('/api/host/venues');
  expect(mine.ok()).toBeTruthy();
  const body = (await mine.json()) as
    | { venues?: Array<{ id: string; name: string; is_active: boolean; pending_since: string | null }> }
    | Array<{ id: string; name: string; is_active: boolean; pending_since: string | null }>;
  const venues = Array.isArray(body) ? body : (body.venues ?? []);
  const venue = venues.find((v) => v.is_active && !v.pending_since)!;
  expect(venue, 'an approved demo venue of the host').toBeTruthy();
  const newText = `Freshly corrected description ${Date.now()}.`;

  await host.goto(`/edit-venue/${venue.id}`);
  const description = host.getByLabel('Description (optional)');
  await expect(description).toBeVisible();
  const approvedText = await description.inputValue();
  await description.fill(newText);
  await host.getByRole('button', { name: 'Save Changes' }).click();
  await expect(host.getByText('Venue updated successfully.')).toBeVisible();

  // Visitors still find the venue, with the approved text.
  const visitor = await (await browser.newContext()).newPage();
  const page = await visitor.goto(`/venue/${venue.id}`);
  expect(page?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { name: venue.name, level: 1 })).toBeVisible();
  await expect(visitor.getByText(newText)).toHaveCount(0);
  if (approvedText) await expect(visitor.getByText(approvedText).first()).toBeVisible();

  // The host's form shows what waits, with the note.
  await host.goto(`/edit-venue/${venue.id}`);
  await expect(host.getByTestId('pending-changes-note')).toBeVisible();
  await expect(host.getByLabel('Description (optional)')).toHaveValue(newText);

  // The admin sees the proposed text in Venue Approvals and approves it.
  const admin = await asRole(browser, 'admin');
  await admin.goto('/admin-dashboard?tab=approvals');
  const card = admin
    .getByTestId('pending-venue')
    .filter({ has: admin.getByTestId('proposed-changes') })
    .filter({
      hasText: newText,
    });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('proposed-changes')).toContainText('Changes awaiting approval');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText('Changes Approved')).toBeVisible();

  await visitor.goto(`/venue/${venue.id}`);
  await expect(visitor.getByText(newText)).toBeVisible();
});
