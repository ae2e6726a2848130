/**
 * Issue 30: the admin's Audit tab shows who did what — here, the admin's own reveal of a
 * venue's bank details, found by the venue's name and by the action filter.
 */
import { expect, test } from './fixtures';
import { BASE_URL } from '../playwright.config';
import { asRole } from './support';

test('the admin reveals bank details and finds the audit entry in the Audit tab', async ({ browser }) => {
  const admin = await asRole(browser, 'admin');
  const venues = await admin.request.get('/api/admin/venues?status=active&page_size=1');
  expect(venues.ok()).toBeTruthy();
  const venue = ((await venues.json()) as { venues: Array<{ id: string; name: string }> }).venues[0]!;
  const reveal = await admin.request.post(`/api/admin/venues/${venue.id}/bank-details/reveal`, {
    headers: { origin: BASE_URL },
  });
  expect(reveal.ok(), await reveal.text()).toBeTruthy();

  await admin.goto('/admin-dashboard?tab=audit');
  await expect(admin.getByRole('heading', { name: 'Audit Trail' })).toBeVisible();
  await admin.getByRole('searchbox', { name: 'Search the audit trail' }).fill(venue.name);
  const entry = admin.getByTestId('audit-entry').filter({ hasText: 'Bank details revealed' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText(venue.name);
  await expect(entry).toContainText('(admin)');
});

test('a host sees the entries about their own venues in Activity, and no one else’s', async ({ browser }) => {
  const host = await asRole(browser, 'host');
  const mine = await host.request.get('/api/host/venues');
  const venue = (
    (await mine.json()) as { venues: Array<{ id: string; name: string; is_active: boolean }> }
  ).venues.find((v) => v.is_active)!;
  const admin = await asRole(browser, 'admin');
  const reveal = await admin.request.post(`/api/admin/venues/${venue.id}/bank-details/reveal`, {
    headers: { origin: BASE_URL },
  });
  expect(reveal.ok(), await reveal.text()).toBeTruthy();

  await host.goto('/host-dashboard?tab=activity');
  await expect(host.locator('#host-activity-heading')).toBeVisible();
  await host.getByRole('searchbox', { name: 'Search the audit trail' }).fill(venue.name);
  const entry = host.getByTestId('audit-entry').filter({ hasText: 'Bank details revealed' }).first();
  await expect(entry).toBeVisible();
  await expect(entry).toContainText('(admin)');

  // Another host's venue is not in this host's trail.
  const other = await asRole(browser, 'otherHost');
  await other.goto('/host-dashboard?tab=activity');
  await other.getByRole('searchbox', { name: 'Search the audit trail' }).fill(venue.name);
  await expect(other.getByText('Nothing matches these filters.')).toBeVisible();
});
