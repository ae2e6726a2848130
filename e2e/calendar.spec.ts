/**
 * Calendars that sync, the documented API and the venue's own clock (issues 14 and 12): the
 * host's private feed (copy, regenerate, old URL 404), the guest's Add to calendar file read by
 * a real iCalendar parser, the API reference page, the new venue's server default zone, the
 * city search of the zone picker, and the venue's zone beside times when it is not the viewer's.
 */
import { readFile } from 'node:fs/promises';
import { request as playwrightRequest, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import ICAL from 'ical.js';
import { zoneCity } from '../src/domain/time-zones';
import { asRole, authFile } from './support';

interface HostVenue {
  id: string;
  name: string;
  is_active: boolean;
  time_zone: string;
}

async function firstActiveVenue(page: Page): Promise<HostVenue> {
  const res = await page.request.get('/api/host/venues');
  expect(res.ok()).toBeTruthy();
  const { venues } = (await res.json()) as { venues: HostVenue[] };
  const venue = venues.find((v) => v.is_active);
  expect(venue, 'the demo host has an active venue').toBeTruthy();
  return venue!;
}

/** The events of an iCalendar text, as ical.js reads them. */
function events(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
}

/** GET without any session or cookie, as a calendar app subscribes. */
async function fetchWithoutSession(url: string) {
  const context = await playwrightRequest.newContext();
  const res = await context.get(url);
  const answer = { status: res.status(), type: res.headers()['content-type'], text: await res.text() };
  await context.dispose();
  return answer;
}

test.describe('the host’s calendar feed', () => {
  test.use({ storageState: authFile('host') });

  test('create, copy, subscribe without a session, regenerate: the old URL is gone', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const venue = await firstActiveVenue(page);
    await page.goto(`/venue-management/${venue.id}?tab=bookings`);
    const card = page.getByTestId('calendar-feed');
    await expect(card.getByRole('heading', { name: 'Calendar feed' })).toBeVisible();

    const create = card.getByRole('button', { name: 'Create feed URL' });
    const field = card.getByLabel('Calendar feed URL');
    await expect(create.or(field)).toBeVisible();
    if (await create.isVisible()) await create.click();
    await expect(field).toHaveValue(/\/api\/calendar\/venues\/[A-Za-z0-9_-]{43}\.ics$/);
    const first = await field.inputValue();

    await card.getByRole('button', { name: 'Copy URL' }).click();
    await expect(page.getByText('Feed URL copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);

    const feed = await fetchWithoutSession(first);
    expect(feed.status).toBe(200);
    expect(feed.type).toContain('text/calendar');
    const confirmed = await page.request.get(`/api/venues/${venue.id}/bookings`);
    const recent = (
      (await confirmed.json()) as { bookings: { id: string; status: string; ends_at: string }[] }
    ).bookings.filter(
      (b) => b.status === 'confirmed' && Date.parse(b.ends_at) > Date.now() - 80 * 86_400_000,
    );
    const parsed = events(feed.text);
    expect(parsed.map((e) => e.uid).sort()).toEqual(recent.map((b) => `booking-${b.id}@127.0.0.1`).sort());

    // Regenerate asks first, then replaces the URL.
    await card.getByRole('button', { name: 'Regenerate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Regenerate the feed URL?' });
    await expect(dialog).toContainText('stop updating');
    await dialog.getByRole('button', { name: 'Regenerate URL' }).click();
    await expect(field).not.toHaveValue(first);
    const second = await field.inputValue();
    expect((await fetchWithoutSession(first)).status).toBe(404);
    expect((await fetchWithoutSession(second)).status).toBe(200);
  });
});

test.describe('the guest’s Add to calendar', () => {
  test.use({ storageState: authFile('guest') });

  test('downloads the booking as an .ics file with the venue, its address and the right instants', async ({
    page,
  }) => {
    const res = await page.request.get('/api/me/bookings');
    const { bookings } = (await res.json()) as {
      bookings: Array<{
        id: string;
        status: string;
        starts_at: string;
        ends_at: string;
        venue: { name: string; address: string; city: string; time_zone: string };
      }>;
    };
    const booking = bookings.find((b) => b.status !== 'cancelled')!;
    await page.goto('/user-dashboard');
    const card = page.locator(`[data-booking-id="${booking.id}"]`);
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Add to calendar' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^velvet-.+\.ics$/);
    const text = await readFile((await download.path())!, 'utf8');
    const [event] = events(text);
    expect(event!.summary).toBe(`${booking.venue.name} (Velvet booking)`);
    expect(event!.location).toBe(`${booking.venue.name}, ${booking.venue.address}, ${booking.venue.city}`);
    expect(event!.startDate.toJSDate().toISOString()).toBe(new Date(booking.starts_at).toISOString());
    expect(event!.endDate.toJSDate().toISOString()).toBe(new Date(booking.ends_at).toISOString());
    expect(text).toContain(`X-WR-TIMEZONE:${booking.venue.time_zone}`);
  });
});

test.describe('the venue’s own clock', () => {
  test('a new venue starts in the server’s zone, not the browser’s, and the picker finds cities', async ({
    browser,
  }) => {
    // The browser is in Tokyo; the server's DEFAULT_TIME_ZONE is America/New_York.
    const page = await asRole(browser, 'host', { timezoneId: 'Asia/Tokyo' });
    const config = await (await page.request.get('/api/config')).json();
    expect(config.default_time_zone).toBe('America/New_York');
    await page.goto('/upload-venue');
    const picker = page.getByRole('combobox', { name: 'Time Zone' });
    // Filled once GET /api/config answers (slow on a loaded machine).
    await expect(picker).toHaveValue(/^America\/New York \(GMT-[45]\)$/, { timeout: 30_000 });

    await picker.click();
    await picker.fill('Paris');
    const list = page.getByRole('listbox', { name: 'Time zones' });
    await expect(list.getByRole('option')).toHaveCount(1);
    await list.getByRole('option', { name: /Europe\/Paris/ }).click();
    await expect(picker).toHaveValue(/^Europe\/Paris \(GMT\+[12]\)$/);

    await picker.click();
    await picker.fill('new york');
    await page.keyboard.press('Enter');
    await expect(picker).toHaveValue(/^America\/New York/);
    await page.context().close();
  });

  test('the venue’s zone is named beside times only for a viewer in another zone', async ({ browser }) => {
    const host = await asRole(browser, 'host');
    const venue = await firstActiveVenue(host);
    await host.context().close();
    const label = `${zoneCity(venue.time_zone)} time`;
    const elsewhere = venue.time_zone === 'Europe/London' ? 'Asia/Tokyo' : 'Europe/London';

    const away = await asRole(browser, 'guest', { timezoneId: elsewhere });
    await away.goto(`/venue/${venue.id}`);
    await expect(away.getByRole('heading', { name: 'Hours of Operation' })).toBeVisible();
    await expect(away.getByTestId('venue-time-zone').first()).toHaveText(label);
    await away.goto('/user-dashboard');
    const card = away.getByTestId('guest-booking').first();
    const zone = (await away.request.get('/api/me/bookings').then((r) => r.json())).bookings[0].venue
      .time_zone;
    await expect(card.getByTestId('venue-time-zone')).toHaveText(`${zoneCity(zone)} time`);
    await away.context().close();

    const local = await asRole(browser, 'guest', { timezoneId: venue.time_zone });
    await local.goto(`/venue/${venue.id}`);
    await expect(local.getByRole('heading', { name: 'Hours of Operation' })).toBeVisible();
    await expect(local.getByTestId('venue-time-zone')).toHaveCount(0);
    await local.context().close();
  });
});

test('the API reference page renders the OpenAPI document from this server only', async ({ page }) => {
  const outside: string[] = [];
  const problems: string[] = [];
  page.on('request', (r) => {
    if (!r.url().startsWith(new URL(page.url() || 'http://127.0.0.1').origin) && !r.url().startsWith('data:'))
      outside.push(r.url());
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) problems.push(m.text());
  });
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /Velvet API/ })).toBeVisible();
  await expect(page.getByText('/api/venues/{id}/calendar-feed').first()).toBeVisible();
  expect(outside.filter((u) => !u.startsWith(new URL(page.url()).origin))).toEqual([]);
  expect(problems).toEqual([]);
});
