/**
 * Venues and bookings for the availability and booking tests, written straight to the
 * database (these tests do not depend on the venue endpoints).
 */
import { expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { WEEK_DAYS, addDaysToDate, type WeekDay } from '../../src/domain/calendar';
import type { DayHours, WeeklyHours } from '../../src/domain/hours';
import { bookings, emailOutbox, venues, type Booking, type Venue } from '../../src/server/db/schema';
import { bookingInstants } from '../../src/domain/instants';
import { call, type Actor, type Res } from './client';
import type { TestEnv } from './env';

export const ZONE = 'America/New_York';
/** The server's clock in these tests: Monday 3 June 2030, 12:00 in New York. */
export const NOW = new Date('2030-06-03T16:00:00Z');
export const TODAY = '2030-06-03';
/** A Friday and the Saturday after it, a week ahead. */
export const FRIDAY = '2030-06-14';
export const SATURDAY = '2030-06-15';

/** Every day open 18:00–02:00 (closing after midnight), price 0 (the base price applies). */
export function nightHours(patch: Partial<Record<WeekDay, Partial<DayHours>>> = {}): WeeklyHours {
  return Object.fromEntries(
    WEEK_DAYS.map((d) => [
      d,
      { open: '18:00', close: '02:00', closed: false, price: 0, pricing_type: 'hourly_rate', ...patch[d] },
    ]),
  ) as WeeklyHours;
}

let venueCounter = 0;

/** Inserts an active venue owned by `host` (hourly, $100/h, capacity 50, open 18:00–02:00 daily). */
export async function createVenue(
  env: TestEnv,
  host: Actor,
  fields: Partial<typeof venues.$inferInsert> = {},
): Promise<Venue> {
  venueCounter++;
  const [venue] = await env.ctx.db
    .insert(venues)
    .values({
      host_id: host.profile.id,
      name: `Test Venue ${venueCounter}`,
      description: 'A room for tests.',
      address: `${venueCounter} Test Street`,
      city: 'New York',
      capacity: 50,
      base_price: 100,
      pricing_type: 'hourly_rate',
      is_active: true,
      hours: nightHours(),
      open_to_flexible_hours: false,
      time_zone: ZONE,
      bank_account_holder_name: 'Hana Host',
      bank_account_number: '000123456789',
      bank_routing_number: '021000021',
      tax_id: '12-3456789',
      ...fields,
    })
    .returning();
  return venue!;
}

/** Freezes the server clock at NOW. */
export function freezeClock(env: TestEnv, at: Date = NOW) {
  env.clock.now = at;
}

export interface BookingFields {
  venue_id: string;
  date: string;
  start_time: string;
  end_time: string;
  guest_count: number;
  special_requests: string;
  contact_phone?: string;
  [key: string]: unknown;
}

export const bookingBody = (venueId: string, fields: Partial<BookingFields> = {}): BookingFields => ({
  venue_id: venueId,
  date: FRIDAY,
  start_time: '20:00',
  end_time: '23:00',
  guest_count: 10,
  special_requests: 'Birthday party with a DJ.',
  ...fields,
});

/** POST /api/bookings as `guest`. */
export const requestBooking = (
  env: TestEnv,
  guest: Actor,
  venueId: string,
  fields: Partial<BookingFields> = {},
) => call(env, 'POST', '/api/bookings', { cookie: guest.cookie, json: bookingBody(venueId, fields) });

/** Requests a booking and expects it to be created. */
export async function createBooking(
  env: TestEnv,
  guest: Actor,
  venueId: string,
  fields: Partial<BookingFields> = {},
): Promise<Res['body']> {
  const res = await requestBooking(env, guest, venueId, fields);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** POST /api/bookings/:id/{action} as `actor`. */
export const bookingAction = (
  env: TestEnv,
  actor: Actor | null,
  id: string,
  action: string,
  json?: unknown,
) => call(env, 'POST', `/api/bookings/${id}/${action}`, { cookie: actor?.cookie, json });

export async function countBookings(env: TestEnv): Promise<number> {
  const [row] = await env.ctx.db.select({ n: count() }).from(bookings);
  return row?.n ?? 0;
}

export async function bookingRow(env: TestEnv, id: string) {
  const [row] = await env.ctx.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

export async function outboxCount(env: TestEnv): Promise<number> {
  const [row] = await env.ctx.db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

/** Queued emails of one template, oldest first. */
export async function emailsOf(env: TestEnv, template: string) {
  const rows = await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.template, template));
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}

let dayCounter = 0;
/** A new future date for each call (from three weeks ahead), so inserted bookings never meet. */
export const freshDate = () => addDaysToDate(FRIDAY, 7 + dayCounter++ * 2);

/** Inserts a booking straight into the database (no emails), priced at $300. */
export async function insertBooking(
  env: TestEnv,
  venue: Venue,
  guest: Actor,
  fields: Partial<typeof bookings.$inferInsert> = {},
): Promise<Booking> {
  const date = fields.date ?? freshDate();
  const start = fields.start_time ?? '20:00';
  const end = fields.end_time ?? '23:00';
  const [row] = await env.ctx.db
    .insert(bookings)
    .values({
      venue_id: venue.id,
      user_id: guest.profile.id,
      date,
      start_time: start,
      end_time: end,
      ...bookingInstants(date, start, end, venue.time_zone),
      guest_count: 10,
      total_price: 300,
      status: 'pending',
      special_requests: 'Inserted by a test.',
      contact_email: guest.email,
      ...fields,
    })
    .returning();
  return row!;
}
