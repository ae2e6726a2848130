import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addDaysToDate, weekDayOf } from '../src/domain/calendar';
import { authFile, showDay } from './support';

interface HostVenue {
  id: string;
  name: string;
  is_active: boolean;
}

interface Availability {
  today: string;
  hours: Record<string, { closed: boolean }>;
  overrides: { date: string; is_available: boolean }[];
  taken: { date: string }[];
}

/** An open date about ten days ahead with no confirmed booking on it or next to it. */
async function pickOpenDate(page: Page, venueId: string): Promise<string> {
  const probe = await page.request.get(`/api/venues/${venueId}/availability`);
  expect(probe.ok()).toBeTruthy();
  const { today } = (await probe.json()) as Availability;
  const res = await page.request.get(
    `/api/venues/${venueId}/availability?from=${addDaysToDate(today, 8)}&to=${addDaysToDate(today, 40)}`,
  );
  expect(res.ok()).toBeTruthy();
  const data = (await res.json()) as Availability;
  const busy = new Set(data.taken.map((t) => t.date));
  for (let offset = 10; offset <= 38; offset++) {
    const date = addDaysToDate(today, offset);
    const override = data.overrides.find((o) => o.date === date);
    const open = override ? override.is_available : !data.hours[weekDayOf(date)]!.closed;
    const free = ![-1, 0, 1].some((d) => busy.has(addDaysToDate(date, d)));
    if (open && free) return date;
  }
  throw new Error('No open date found for the test booking');
}

/** Shows `date` in the booking calendar and picks it. */
async function chooseDate(page: Page, date: string) {
  const day = await showDay(page, date);
  await expect(day).toHaveAttribute('data-state', /^(available|override)$/);
  await day.click();
}

const card = (page: Page, testId: string, text: string): Locator =>
  page.getByTestId(testId).filter({ hasText: text });

test('request, host edit, guest approval: both sides see every step live', async ({ browser }) => {
  test.setTimeout(120_000);
  const marker = `E2E anniversary ${Date.now()}`;
  const hostNote = 'We moved your party to our larger lounge and adjusted the total.';

  // Two people at once: a guest and the venue's host, each in their own browser context.
  const guestContext = await browser.newContext({ storageState: authFile('guest') });
  const hostContext = await browser.newContext({ storageState: authFile('host') });
  const guest = await guestContext.newPage();
  const host = await hostContext.newPage();

  // The host's active venue, found through the API with the host's session.
  const venuesRes = await host.request.get('/api/host/venues');
  expect(venuesRes.ok()).toBeTruthy();
  const { venues } = (await venuesRes.json()) as { venues: HostVenue[] };
  const venue = venues.find((v) => v.is_active);
  expect(venue, 'marcus has an active demo venue').toBeTruthy();
  const date = await pickOpenDate(host, venue!.id);

  // 1. The guest requests a booking from the venue page.
  await guest.goto(`/venue/${venue!.id}`);
  await expect(guest.getByRole('heading', { name: 'Book this venue' })).toBeVisible();
  await chooseDate(guest, date);
  const dialog = guest.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Request to Book ${venue!.name}` })).toBeVisible();
  await expect(dialog.getByTestId('booking-total')).toHaveText(/^\$[\d,]+\.\d{2}$/);
  await dialog.getByLabel('Number of Guests').fill('8');
  await dialog.getByLabel('Event Details / Special Requests').fill(marker);
  await dialog.getByRole('button', { name: 'Submit Booking Request' }).click();
  await expect(
    guest.getByText('Booking request submitted successfully. The venue will review and contact you soon.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();

  // The guest keeps My Bookings open from here on; it is never reloaded.
  await guest.goto('/user-dashboard');
  const guestCard = card(guest, 'guest-booking', marker);
  await expect(guestCard.getByTestId('booking-status')).toHaveText('Pending Confirmation from Venue');

  // The host keeps the dashboard's Bookings tab open in a second tab, also never reloaded.
  const hostDashboard = await hostContext.newPage();
  // The inbox shows one page at a time: it is searched by the new request's reference.
  const { bookings: mine } = (await (await guest.request.get('/api/me/bookings')).json()) as {
    bookings: { id: string; special_requests: string | null }[];
  };
  const requested = mine.find((b) => b.special_requests === marker);
  expect(requested, 'the new request is in My Bookings').toBeTruthy();
  await hostDashboard.goto(`/host-dashboard?tab=bookings&bookings_q=${requested!.id.slice(0, 8)}`);
  const dashboardCard = card(hostDashboard, 'host-booking', marker);
  await expect(dashboardCard.getByTestId('booking-status')).toHaveText('Pending Confirmation from Venue');

  // 2. The host opens Manage Venue → Bookings and edits the request with a note.
  await host.goto(`/venue-management/${venue!.id}?tab=bookings`);
  await expect(host.getByRole('tab', { name: /Bookings/ })).toHaveAttribute('aria-selected', 'true');
  const hostCard = card(host, 'venue-booking', marker);
  await expect(hostCard.getByTestId('booking-status')).toHaveText('Pending Confirmation from Venue');
  await hostCard.getByRole('button', { name: 'Edit Booking' }).click();
  const edit = host.getByRole('dialog');
  await expect(edit.getByRole('heading', { name: 'Edit Booking' })).toBeVisible();
  const send = edit.getByRole('button', { name: 'Send to Customer' });
  await expect(send).toBeDisabled();
  await edit.getByLabel('Number of Guests').fill('10');
  await edit.getByLabel('Notes for the Customer').fill('   ');
  await expect(send).toBeDisabled();
  await edit.getByLabel('Notes for the Customer').fill(hostNote);
  await send.click();
  await expect(
    host.getByText('Booking updated and sent to the customer for approval and payment.'),
  ).toBeVisible();
  await expect(hostCard.getByTestId('booking-status')).toHaveText('Pending Customer Approval (Modified)');

  // 3. Without reloading, the guest sees the change and approves it.
  await expect(guestCard.getByTestId('booking-status')).toHaveText('Modified - Action Required');
  await expect(guestCard.getByText(hostNote)).toBeVisible();
  await expect(guestCard.getByText('10 guests').first()).toBeVisible();
  // What changed, old → new (issue 12 item 7).
  await expect(guestCard.getByTestId('change-guests')).toContainText('8 guests');
  await expect(guestCard.getByTestId('change-guests')).toContainText('10 guests');
  await guestCard.getByRole('button', { name: 'Approve Changes' }).click();
  await expect(guestCard.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(guestCard.getByRole('button', { name: 'Approve Changes' })).toHaveCount(0);

  // 4. Both host views turn 'Confirmed' without reloading.
  await expect(hostCard.getByTestId('booking-status')).toHaveText('Confirmed');
  await expect(hostCard.getByRole('button', { name: 'Edit Booking' })).toHaveCount(0);
  await expect(dashboardCard.getByTestId('booking-status')).toHaveText('Confirmed');

  // The confirmed time now shows as taken on the venue's calendar.
  await guest.goto(`/venue/${venue!.id}`);
  // Choosing the day opens the request dialog, which lists the taken times too; close it first so
  // the check reads the calendar column's list, not whichever of the two is on screen.
  await chooseDate(guest, date);
  const requestDialog = guest.getByRole('dialog');
  await expect(requestDialog.getByTestId('taken-times')).toBeVisible();
  await guest.keyboard.press('Escape');
  await expect(requestDialog).toHaveCount(0);
  await expect(guest.getByTestId('booking-column').getByTestId('taken-times')).toBeVisible();

  await guestContext.close();
  await hostContext.close();
});

test('signed-out visitors are asked to sign in when they pick a date', async ({ page, browser }) => {
  const hostContext = await browser.newContext({ storageState: authFile('host') });
  const host = await hostContext.newPage();
  const { venues } = (await (await host.request.get('/api/host/venues')).json()) as { venues: HostVenue[] };
  const venue = venues.find((v) => v.is_active)!;
  const date = await pickOpenDate(host, venue.id);
  await hostContext.close();

  await page.goto(`/venue/${venue.id}`);
  await chooseDate(page, date);
  await expect(page.getByText('Sign In Required')).toBeVisible();
  await expect(page.getByText('Please create an account or sign in to book this venue.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
