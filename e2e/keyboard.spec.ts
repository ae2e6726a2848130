/*
 * Booking and paying by keyboard alone (issues 12 and 15), and the bookable-times rule in the
 * browser: a time a confirmed booking holds is listed disabled, with its reason, and cannot be
 * chosen.
 *
 * The setup (a fresh venue of the demo host, approved by the admin, with a confirmed booking of
 * another guest) goes through the API with those people's sessions; everything the guest does
 * goes through the UI, and in the keyboard test only through key presses.
 */
import { type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { todayInZone } from '../src/domain/availability';
import { addDaysToDate } from '../src/domain/calendar';
import { asRole, showDay, type Role } from './support';

test.describe.configure({ timeout: 150_000 });

interface Person {
  context: BrowserContext;
  page: Page;
}

const ZONE = 'America/New_York';

/**
 * The suite asks for reduced motion (playwright.config.ts); these people use the keyboard with the
 * app's animations on, unless asked otherwise.
 */
async function person(browser: Browser, role: Role, reducedMotion = false): Promise<Person> {
  const page = await asRole(browser, role, { reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
  await page.goto('/');
  return { context: page.context(), page };
}

async function call<T>(who: Person, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const base = new URL(who.page.url()).origin;
  const res = await who.page.request.fetch(path, {
    method,
    data,
    headers: { Origin: base, Accept: 'application/json' },
  });
  const body = await res.text();
  expect(res.ok(), `${method} ${path} → ${res.status()} ${body}`).toBeTruthy();
  return (body ? JSON.parse(body) : null) as T;
}

/** A fresh active venue of the demo host with the default hours (not open to flexible hours). */
async function createVenue(host: Person, admin: Person): Promise<{ id: string; name: string }> {
  const name = `E2E Keys ${Date.now().toString(36)}`;
  const venue = await call<{ id: string; name: string }>(host, 'POST', '/api/venues', {
    name,
    business_name: 'E2E Nightlife LLC',
    description: 'A venue made by the keyboard browser test.',
    address: '1 Test Street',
    city: 'Testville',
    phone: '+1 555 010 0100',
    email: 'venue@e2e.test',
    capacity: 40,
    base_price: 100,
    pricing_type: 'hourly_rate',
    amenities: ['bar'],
    open_to_flexible_hours: false,
    bank_account_holder_name: 'E2E Nightlife LLC',
    bank_account_number: '000123456789',
    bank_routing_number: '110000000',
    tax_id: '12-3456789',
    cancellation_policy: 'flexible',
    time_zone: ZONE,
    terms_accepted: true,
  });
  await call(admin, 'POST', `/api/admin/venues/${venue.id}/approve`, {});
  return venue;
}

/** Another guest's booking 12:00–14:00 on `date`, confirmed by the host. */
async function confirmedBooking(guest: Person, host: Person, venueId: string, date: string) {
  const booking = await call<{ id: string }>(guest, 'POST', '/api/bookings', {
    venue_id: venueId,
    date,
    start_time: '12:00',
    end_time: '14:00',
    guest_count: 4,
    special_requests: 'Keyboard browser test — the slot that is taken.',
  });
  await call(host, 'POST', `/api/bookings/${booking.id}/approve`, {});
}

/** What has the keyboard focus: its tag, data-date, text, and the booking card it is in. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      date: el?.getAttribute('data-date') ?? null,
      text: (el?.textContent ?? '').trim(),
      booking: el?.closest('[data-booking-id]')?.getAttribute('data-booking-id') ?? null,
    };
  });
}

/** Presses Tab until `done` holds for the focused element (at most `max` presses). */
async function tabUntil(
  page: Page,
  done: (f: Awaited<ReturnType<typeof focused>>) => boolean,
  max = 80,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (done(await focused(page))) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the element (last: ${JSON.stringify(await focused(page))})`);
}

let people: { guest: Person; otherGuest: Person; host: Person; admin: Person };
let venue: { id: string; name: string };
let date: string;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(150_000);
  people = {
    guest: await person(browser, 'guest', true),
    otherGuest: await person(browser, 'otherGuest'),
    host: await person(browser, 'host'),
    admin: await person(browser, 'admin'),
  };
  venue = await createVenue(people.host, people.admin);
  date = addDaysToDate(todayInZone(ZONE), 12);
  await confirmedBooking(people.otherGuest, people.host, venue.id, date);
});

test.afterAll(async () => {
  for (const p of Object.values(people ?? {})) await p.context.close();
});

test('a time a confirmed booking holds is shown disabled with its reason and cannot be chosen', async () => {
  const { page } = people.guest;
  await page.goto(`/venue/${venue.id}`);
  const day = await showDay(page, date);
  await day.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Request to Book ${venue.name}` })).toBeVisible();

  // The day's taken slot is visible inside the dialog while choosing.
  await expect(dialog.getByTestId('taken-times')).toContainText('12:00 PM - 2:00 PM');

  const start = dialog.getByLabel('Start Time');
  const taken = start.locator('option[value="12:30"]');
  await expect(taken).toBeDisabled();
  await expect(taken).toHaveText('12:30 PM — Overlaps a confirmed booking');
  await expect(start.locator('option[value="08:00"]')).toContainText('Outside opening hours');
  await expect(start.locator('option[value="14:00"]')).toBeEnabled();
  await expect(start.selectOption('12:30', { timeout: 2_000 })).rejects.toThrow();
  expect(await start.inputValue()).not.toBe('12:30');

  // An end that would run into the booking is disabled too.
  const end = dialog.getByLabel('End Time');
  await expect(end.locator('option[value="12:15"]')).toBeDisabled();
  await expect(end.locator('option[value="12:00"]')).toBeEnabled();

  // The total and the submit button are in view on a phone, even with the form scrolled to the top.
  await page.setViewportSize({ width: 375, height: 640 });
  await dialog.evaluate((el) => el.scrollTo(0, 0));
  await expect(dialog.getByTestId('footer-total')).toBeInViewport();
  await expect(dialog.getByRole('button', { name: 'Submit Booking Request' })).toBeInViewport();
  await dialog.getByLabel('Start Time').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  // Focus is back on the day that opened the dialog.
  await expect(day).toBeFocused();
});

test('book by keyboard alone: a date by arrow keys, times, submit, focus back; then pay by keyboard', async () => {
  const { guest, host } = people;
  const { page } = guest;
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/venue/${venue.id}`);
  await expect(page.getByRole('heading', { name: 'Book this venue' })).toBeVisible();

  // Into the calendar grid: one tab stop, on today.
  await tabUntil(page, (f) => f.date !== null);
  const today = todayInZone(ZONE);
  expect((await focused(page)).date).toBe(today);

  // Arrow keys and PageDown to the date: a week at a time, then a day at a time.
  for (let i = 0; i < 60; i++) {
    const at = (await focused(page)).date!;
    if (at === date) break;
    if (at.slice(0, 7) < date.slice(0, 7) && addDaysToDate(at, 31) <= date)
      await page.keyboard.press('PageDown');
    else if (addDaysToDate(at, 7) <= date) await page.keyboard.press('ArrowDown');
    else if (at < date) await page.keyboard.press('ArrowRight');
    else if (addDaysToDate(at, -7) >= date) await page.keyboard.press('ArrowUp');
    else await page.keyboard.press('ArrowLeft');
  }
  expect((await focused(page)).date).toBe(date);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: `Request to Book ${venue.name}` })).toBeVisible();
  // The dialog takes the focus: its first field.
  const start = dialog.getByLabel('Start Time');
  const end = dialog.getByLabel('End Time');
  await expect(start).toBeFocused();
  const firstStart = await start.inputValue();

  // Times by arrow keys: a later start, then an end a little earlier.
  await page.keyboard.press('ArrowDown');
  await expect(start).not.toHaveValue(firstStart);
  const chosenStart = await start.inputValue();
  await page.keyboard.press('Tab');
  await expect(end).toBeFocused();
  const firstEnd = await end.inputValue();
  await page.keyboard.press('ArrowUp');
  await expect(end).not.toHaveValue(firstEnd);
  const chosenEnd = await end.inputValue();

  await tabUntil(page, (f) => f.tag === 'INPUT', 5);
  await expect(dialog.getByLabel('Number of Guests')).toBeFocused();
  await page.keyboard.type('6');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel('Event Details / Special Requests')).toBeFocused();
  const marker = `Keyboard only ${Date.now()}`;
  await page.keyboard.type(marker);
  await tabUntil(page, (f) => f.text === 'Submit Booking Request', 10);
  await page.keyboard.press('Enter');

  await expect(
    page.getByText('Booking request submitted successfully. The venue will review and contact you soon.'),
  ).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus returns to the day that opened the dialog.
  await expect(page.locator(`button[data-date="${date}"]`)).toBeFocused();

  // The request as sent, with the times chosen by keys.
  const { bookings } = await call<{
    bookings: { id: string; special_requests: string; start_time: string; end_time: string }[];
  }>(guest, 'GET', '/api/me/bookings');
  const mine = bookings.find((b) => b.special_requests === marker);
  expect(mine).toBeTruthy();
  expect(mine!.start_time.slice(0, 5)).toBe(chosenStart);
  expect(mine!.end_time.slice(0, 5)).toBe(chosenEnd);

  // The host confirms; the guest pays with the local test card, by keyboard alone.
  await call(host, 'POST', `/api/bookings/${mine!.id}/approve`, {});
  await page.goto('/user-dashboard');
  const card = page.locator(`[data-booking-id="${mine!.id}"]`);
  await expect(card.getByRole('button', { name: /^Pay \$/ })).toBeVisible();
  await tabUntil(page, (f) => f.booking === mine!.id && /^Pay \$/.test(f.text), 120);
  await page.keyboard.press('Enter');

  const payment = page.getByTestId('payment-dialog');
  await expect(payment).toBeVisible();
  await tabUntil(page, (f) => f.tag === 'INPUT', 10);
  await expect(payment.getByLabel('Cardholder Name')).toBeFocused();
  await page.keyboard.type('Jamie Rivera');
  await page.keyboard.press('Tab');
  await expect(payment.getByLabel('Card number')).toBeFocused();
  await page.keyboard.type('4242424242424242');
  await page.keyboard.press('Tab');
  await page.keyboard.type('1234');
  await page.keyboard.press('Tab');
  await page.keyboard.type('123');
  const pay = payment.getByRole('button', { name: /^Pay \$/ });
  await expect(pay).toBeEnabled();
  await tabUntil(page, (f) => /^Pay \$/.test(f.text), 10);
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/payment-success\?/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('prefers-reduced-motion: dialogs open without animation', async () => {
  const { page } = people.guest;
  await page.goto(`/venue/${venue.id}`);
  const day = await showDay(page, date);
  await day.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const duration = await dialog.evaluate((el) => getComputedStyle(el).animationDuration);
  expect(parseFloat(duration)).toBeLessThanOrEqual(0.001);
});
