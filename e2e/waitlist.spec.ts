/**
 * The waitlist for a taken night (issue 14): a guest picks a date whose time another guest holds,
 * joins the waitlist from the booking dialog, sees it on My Bookings (the venue's host sees the
 * demand on the calendar), and leaves it.
 */
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDaysToDate, formatLongDate, weekDayOf } from '../src/domain/calendar';
import { hoursForDate, type WeeklyHours } from '../src/domain/hours';
import { minutesToTime, timeToMinutes } from '../src/domain/time';
import { authFile, showDay } from './support';

interface Availability {
  today: string;
  hours: Record<string, { closed: boolean }>;
  overrides: { date: string; is_available: boolean }[];
  taken: { date: string }[];
}

/** An open date two to five weeks ahead with no confirmed booking on it or next to it. */
async function pickOpenDate(page: Page, venueId: string): Promise<string> {
  const { today } = (await (
    await page.request.get(`/api/venues/${venueId}/availability`)
  ).json()) as Availability;
  const res = await page.request.get(
    `/api/venues/${venueId}/availability?from=${addDaysToDate(today, 14)}&to=${addDaysToDate(today, 40)}`,
  );
  const data = (await res.json()) as Availability;
  const busy = new Set(data.taken.map((t) => t.date));
  for (let offset = 16; offset <= 38; offset++) {
    const date = addDaysToDate(today, offset);
    const override = data.overrides.find((o) => o.date === date);
    const open = override ? override.is_available : !data.hours[weekDayOf(date)]!.closed;
    if (open && ![-1, 0, 1].some((d) => busy.has(addDaysToDate(date, d)))) return date;
  }
  throw new Error('No open date found for the waitlist test');
}

async function chooseDate(page: Page, date: string) {
  const day = await showDay(page, date);
  await expect(day).toHaveAttribute('data-state', /^(available|override)$/);
  await day.click();
}

test('a guest joins the waitlist of a taken time, sees it on My Bookings, and leaves it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const hostContext = await browser.newContext({ storageState: authFile('host') });
  const otherGuestContext = await browser.newContext({ storageState: authFile('otherGuest') });
  const guestContext = await browser.newContext({ storageState: authFile('guest') });
  const host = await hostContext.newPage();
  const otherGuest = await otherGuestContext.newPage();
  const guest = await guestContext.newPage();
  await host.goto('/');
  await otherGuest.goto('/');
  const origin = new URL(host.url()).origin;

  // The host's active venue and an open date; another guest holds its first two hours (confirmed).
  const { venues } = (await (await host.request.get('/api/host/venues')).json()) as {
    venues: Array<{ id: string; name: string; is_active: boolean }>;
  };
  const venue = venues.find((v) => v.is_active)!;
  const date = await pickOpenDate(host, venue.id);
  const { hours } = (await (await host.request.get(`/api/venues/${venue.id}`)).json()) as {
    hours: WeeklyHours;
  };
  const open = hoursForDate(hours, date).open;
  const requested = await otherGuest.request.post('/api/bookings', {
    headers: { origin },
    data: {
      venue_id: venue.id,
      date,
      start_time: open,
      end_time: minutesToTime(timeToMinutes(open) + 120),
      guest_count: 6,
      special_requests: `E2E waitlist holder ${Date.now()}`,
    },
  });
  expect(requested.status(), await requested.text()).toBe(201);
  const booking = (await requested.json()) as { id: string };
  const approved = await host.request.post(`/api/bookings/${booking.id}/approve`, { headers: { origin } });
  expect(approved.status(), await approved.text()).toBe(200);

  // The guest picks that date: the dialog lists the taken time (its times are disabled in the
  // time lists) with a Join Waitlist button beside it.
  await guest.goto(`/venue/${venue.id}`);
  await chooseDate(guest, date);
  const dialog = guest.getByRole('dialog');
  const takenSlot = dialog.locator('[data-taken-slot]').first();
  await expect(takenSlot).toBeVisible();
  await takenSlot.getByRole('button', { name: /^Join the waitlist for / }).click();
  await expect(guest.getByText("You're on the waitlist")).toBeVisible();
  await expect(dialog).toBeHidden();

  // My Bookings lists it.
  await guest.goto('/user-dashboard');
  const entry = guest
    .getByTestId('waitlist-entry')
    .filter({ hasText: venue.name })
    .filter({ hasText: formatLongDate(date) });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('#1 in line');

  // The host sees the demand for that date on the venue's calendar.
  await host.goto(`/venue-management/${venue.id}?tab=calendar`);
  await expect(host.getByTestId('waitlist-demand').locator(`[data-demand-date="${date}"]`)).toContainText(
    '1 guest',
  );

  // The guest leaves it; the list updates, and so does the host's calendar, live.
  await entry.getByRole('button', { name: /Leave the waitlist/ }).click();
  await expect(guest.getByText('You left the waitlist')).toBeVisible();
  await expect(entry).toHaveCount(0);
  await expect(host.locator(`[data-demand-date="${date}"]`)).toHaveCount(0);

  // Tidy up: the holder cancels, so other tests find the date free.
  await otherGuest.request.post(`/api/bookings/${booking.id}/cancel`, { headers: { origin }, data: {} });
  await hostContext.close();
  await otherGuestContext.close();
  await guestContext.close();
});
