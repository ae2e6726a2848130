/*
 * The host's inbox (issue 31 item 5, decision 77), at 390 and 1280 px: the host filters the
 * Bookings tab by status and venue (kept in the URL across a reload), searches a guest's name,
 * pages, and approves a fresh request in place — its row turns Confirmed and the pending-request
 * badges go down. The request is made through the API so the demo data stays as other specs expect.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { asRole, requestAtHostVenue } from './support';

async function json<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as T;
}

const cards = (page: Page) => page.getByTestId('host-booking');
const pendingCount = async (host: Page) =>
  (await json<{ pending_count: number }>(host, '/api/host/bookings?limit=1')).pending_count;
/** The number a pending badge shows (its sr-only text aside). */
const badgeNumber = (page: Page, testId: string) => page.getByTestId(testId).locator('[aria-hidden="true"]');

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const width of [390, 1280] as const) {
  test(`the host's inbox at ${width} px: filters, search, pages, approve in place`, async ({ browser }) => {
    test.setTimeout(90_000);
    const viewport = { width, height: 900 };
    const host = await asRole(browser, 'host', { viewport });
    const guest = await asRole(browser, 'guest', { viewport });
    await guest.goto('/');
    // The tab is open, its live stream connected and its badge drawn before the request is made.
    const live = host.waitForResponse((res) => new URL(res.url()).pathname === '/api/events');
    await host.goto('/host-dashboard?tab=bookings');
    await live;
    const before = await pendingCount(host);
    if (before > 0) await expect(badgeNumber(host, 'tab-pending')).toHaveText(String(before));
    else
      await expect(host.getByTestId('inbox-summary')).toHaveText('No requests are waiting for your answer.');
    const { booking } = await requestAtHostVenue(guest, host, width === 390 ? 150 : 190, 'Host inbox test.');

    // The request shows up live; the badges count the requests awaiting an answer.
    const pending = await pendingCount(host);
    expect(pending).toBe(before + 1);
    await expect(badgeNumber(host, 'tab-pending')).toHaveText(String(pending));
    await expect(host.getByTestId('inbox-summary')).toHaveText(
      `${pending} ${pending === 1 ? 'request is' : 'requests are'} waiting for your answer.`,
    );
    if (width === 1280) await expect(badgeNumber(host, 'nav-pending')).toHaveText(String(pending));
    else
      await expect(host.getByRole('button', { name: /^Open menu/ })).toHaveAccessibleName(
        new RegExp(`${pending} requests? awaiting your answer`),
      );
    // Awaiting requests come first.
    await expect(cards(host).first().getByTestId('booking-status')).toHaveText(
      'Pending Confirmation from Venue',
    );

    // Status and venue filters (a venue with confirmed nights), kept in the URL through a reload.
    const {
      bookings: [confirmed],
    } = await json<{ bookings: { venue: { id: string; name: string } }[] }>(
      host,
      '/api/host/bookings?status=confirmed&limit=1',
    );
    const venue = confirmed!.venue;
    await choose(host, 'Filter by status', 'Confirmed');
    await expect(host).toHaveURL(/bookings_status=confirmed/);
    await choose(host, 'Filter by venue', venue.name);
    await expect(host).toHaveURL(new RegExp(`bookings_venue=${venue.id}`));
    await host.reload();
    await expect(host.getByRole('combobox', { name: 'Filter by status' })).toHaveText('Confirmed');
    await expect(cards(host).first()).toBeVisible();
    const statuses = await cards(host).getByTestId('booking-status').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Confirmed']));
    const titles = await cards(host).locator('h3').allTextContents();
    expect(new Set(titles)).toEqual(new Set([venue.name]));
    // Away to a booking's page and back: the filters are still there.
    await cards(host).first().getByRole('link', { name: 'Manage This Booking' }).click();
    await expect(host).toHaveURL(/\/venue-management\//);
    await host.goBack();
    await expect(host).toHaveURL(
      new RegExp(
        `bookings_status=confirmed.*bookings_venue=${venue.id}|bookings_venue=${venue.id}.*bookings_status=confirmed`,
      ),
    );
    await expect(host.getByRole('combobox', { name: 'Filter by venue' })).toHaveText(venue.name);

    // Search a guest's name.
    await host.getByRole('button', { name: 'Clear filters' }).click();
    await expect(host).not.toHaveURL(/bookings_status/);
    await host.getByRole('searchbox', { name: 'Search bookings' }).fill('Priya');
    await expect(host).toHaveURL(/bookings_q=Priya/);
    await expect(cards(host).first()).toContainText('Priya Patel');
    for (const card of await cards(host).all()) await expect(card).toContainText('Priya');

    // Pages: the next page shows other bookings.
    await host.getByRole('button', { name: 'Clear filters' }).click();
    await expect(host).not.toHaveURL(/bookings_q/);
    await expect(host.getByText(/^Showing 1–10 of /)).toBeVisible();
    const firstPage = await cards(host).evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-booking-id')),
    );
    await host.getByRole('button', { name: 'Next page' }).click();
    await expect(host).toHaveURL(/bookings_page=2/);
    await expect(host.getByText(/^Showing 11–/)).toBeVisible();
    await expect(host.getByRole('list', { name: 'Bookings for your venues' })).toHaveAttribute(
      'aria-busy',
      'false',
    );
    await expect(cards(host).first()).not.toHaveAttribute('data-booking-id', firstPage[0]!);
    const secondPage = await cards(host).evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-booking-id')),
    );
    expect(secondPage.filter((id) => firstPage.includes(id))).toEqual([]);

    // A page past the end (an old link) offers the way back.
    await host.goto('/host-dashboard?tab=bookings&bookings_page=99');
    await expect(host.getByRole('heading', { name: 'No bookings on this page' })).toBeVisible();
    await host.getByRole('button', { name: 'Back to the first page' }).click();
    await expect(host).not.toHaveURL(/bookings_page/);
    await expect(cards(host)).toHaveCount(10);

    // Approve the fresh request in place, found by its reference.
    await host.getByRole('searchbox', { name: 'Search bookings' }).fill(`#${booking.id.slice(0, 8)}`);
    const row = host.locator(`[data-testid="host-booking"][data-booking-id="${booking.id}"]`);
    await expect(row.getByTestId('booking-status')).toHaveText('Pending Confirmation from Venue');
    await expect(cards(host)).toHaveCount(1);
    await row.getByRole('button', { name: 'Approve' }).click();
    await expect(host.getByText('Booking accepted successfully.')).toBeVisible();
    await expect(row.getByTestId('booking-status')).toHaveText('Confirmed');
    await expect(row.getByRole('button', { name: 'Approve' })).toHaveCount(0);
    if (pending > 1) await expect(badgeNumber(host, 'tab-pending')).toHaveText(String(pending - 1));
    else await expect(host.getByTestId('tab-pending')).toHaveCount(0);
    if (width === 1280 && pending > 1)
      await expect(badgeNumber(host, 'nav-pending')).toHaveText(String(pending - 1));
    expect(await pendingCount(host)).toBe(pending - 1);

    await host.context().close();
    await guest.context().close();
  });
}
