/*
 * Status you can trust at a glance (issue 12, item 9), in the browser: every tile of the guest,
 * host and admin dashboards shows the figure the API counts for its label (what the API counts
 * is pinned by tests/dashboards-tiles.test.ts), and agrees with the list beside it. A request
 * made during the test moves exactly the tiles it should, by one.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole, requestAtHostVenue } from './support';

const count = (n: number) => new Intl.NumberFormat('en-US').format(n);
const dollars = (n: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);

/** The big number of the tile labelled `label`. */
function tile(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Summary' })
    .getByText(label, { exact: true })
    .locator('xpath=following-sibling::p[1]');
}

async function json<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), `${path} → ${res.status()}`).toBeTruthy();
  return (await res.json()) as T;
}

test('every dashboard tile shows what its label counts, and a new request moves exactly its tiles', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const guest = await asRole(browser, 'guest');
  const host = await asRole(browser, 'host');
  const admin = await asRole(browser, 'admin');

  const guestTiles = async () => {
    const s = await json<{ total_bookings: number; total_spent: number; confirmed_bookings: number }>(
      guest,
      '/api/me/bookings/stats',
    );
    await guest.goto('/user-dashboard');
    await expect(tile(guest, 'Total Bookings')).toHaveText(count(s.total_bookings));
    await expect(tile(guest, 'Total Spent')).toHaveText(dollars(s.total_spent));
    await expect(tile(guest, 'Confirmed Bookings')).toHaveText(count(s.confirmed_bookings));
    // The list beside the tiles holds exactly Total Bookings cards, Confirmed Bookings of them confirmed.
    const { bookings } = await json<{ bookings: { status: string }[] }>(guest, '/api/me/bookings');
    expect(bookings).toHaveLength(s.total_bookings);
    expect(bookings.filter((b) => b.status === 'confirmed')).toHaveLength(s.confirmed_bookings);
    await expect(guest.getByTestId('guest-booking')).toHaveCount(s.total_bookings);
    return s;
  };
  const hostTiles = async () => {
    const s = await json<{ total_venues: number; active_bookings: number }>(host, '/api/host/stats');
    await host.goto('/host-dashboard');
    await expect(tile(host, 'Total Venues')).toHaveText(count(s.total_venues));
    await expect(tile(host, 'Active Bookings')).toHaveText(count(s.active_bookings));
    const { venues } = await json<{ venues: unknown[] }>(host, '/api/host/venues');
    expect(venues).toHaveLength(s.total_venues);
    const { total } = await json<{ total: number }>(host, '/api/host/bookings?status=confirmed&limit=1');
    expect(total).toBe(s.active_bookings);
    return s;
  };
  const adminTiles = async () => {
    const s = await json<Record<string, number>>(admin, '/api/admin/stats');
    await admin.goto('/admin-dashboard');
    await expect(tile(admin, 'Pending Venues')).toHaveText(count(s.pending_venues!));
    await expect(tile(admin, 'Pending Bookings')).toHaveText(count(s.pending_bookings!));
    await expect(tile(admin, 'Total Venues')).toHaveText(count(s.total_venues!));
    await expect(tile(admin, 'Total Bookings')).toHaveText(count(s.total_bookings!));
    const { venues } = await json<{ venues: unknown[] }>(admin, '/api/admin/venues?status=pending');
    expect(venues).toHaveLength(s.pending_venues!);
    return s;
  };

  const before = { guest: await guestTiles(), host: await hostTiles(), admin: await adminTiles() };

  // The guest asks the host's active venue for a night: one more booking, pending.
  // The first open night two months out.
  await requestAtHostVenue(guest, host, 60, 'Dashboard tiles test.');

  const after = { guest: await guestTiles(), host: await hostTiles(), admin: await adminTiles() };
  expect(after.guest).toEqual({ ...before.guest, total_bookings: before.guest.total_bookings + 1 });
  expect(after.host).toEqual(before.host);
  expect(after.admin).toEqual({
    ...before.admin,
    pending_bookings: before.admin.pending_bookings! + 1,
    total_bookings: before.admin.total_bookings! + 1,
  });
});

test('at 390 px a dashboard opened on a later tab shows that tab in its scrolled tab bar', async ({
  browser,
}) => {
  const viewport = { width: 390, height: 844 };
  const cases = [
    { role: 'host', url: '/host-dashboard?tab=activity', name: 'Activity' },
    { role: 'admin', url: '/admin-dashboard?tab=operations', name: 'Operations' },
  ] as const;
  for (const c of cases) {
    const page = await asRole(browser, c.role, { viewport });
    await page.goto(c.url);
    const tab = page.getByRole('tab', { name: c.name, exact: true });
    await expect(tab).toHaveAttribute('data-state', 'active');
    await tab.evaluate((el) => el.closest('[role="tablist"]')!.scrollIntoView({ block: 'center' }));
    // Whole, not cut off by the tab bar's edge: the viewer sees which section they are in.
    await expect(tab).toBeInViewport({ ratio: 1 });
    await page.context().close();
  }
});
