/**
 * The one set of factories for the API suite: the six roles every endpoint is tested with,
 * venues, date overrides and bookings in each state, and the small readers tests assert with.
 *
 * Two ways to make data, named apart so a reader knows which one a test uses:
 * - `submitVenue`, `createActiveVenue`, `requestBooking`, `createBooking` go through the API,
 *   as a browser would (emails queued, rules applied);
 * - `insertVenue`, `insertOverride`, `insertBooking` write rows straight into the database, for
 *   tests that need a state quickly and are not about how it is reached.
 * Neither imports a service: services move, the HTTP contract and the tables stay.
 */
import { expect, inject } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { WEEK_DAYS, addDaysToDate, type WeekDay } from '../src/domain/calendar';
import type { DayHours, WeeklyHours } from '../src/domain/hours';
import { bookingInstants } from '../src/domain/instants';
import {
  bookings,
  emailOutbox,
  venueAvailability,
  venues,
  type Booking,
  type Venue,
} from '../src/server/db/schema';
import { call, signUpAndSignIn, withTwoFactor, type Actor, type Res } from './support/client';
import type { TestEnv } from './support/env';
import { replayStandardAccounts, replayable } from './support/standard-accounts';
import { sealBankDetails } from '../src/server/services/venues/bank-details';

export type { Actor } from './support/client';

/* ---------- roles ---------- */

/**
 * The one vocabulary of roles. `host` owns the venues a test makes (unless it says otherwise);
 * `otherHost` owns none of them; `guest` makes the bookings; `otherGuest` made none of them.
 */
export type Role = 'signedOut' | 'guest' | 'otherGuest' | 'host' | 'otherHost' | 'admin';
export const ROLES: readonly Role[] = ['signedOut', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'];

/** The five signed-in roles (signed out has no account). */
export type Accounts = Record<Exclude<Role, 'signedOut'>, Actor>;

/**
 * One signed-in account per role, with the names the emails show, in this file's database.
 * They were signed up, confirmed and signed in once per run through the API (the global setup,
 * tests/support/standard-accounts.ts); here their rows and sessions are copied in. A file whose
 * settings change cookies or the admin address signs them up itself, the same way.
 */
export async function createAccounts(env: TestEnv): Promise<Accounts> {
  const standard = inject('standardAccounts');
  if (replayable(standard.made, env.config)) {
    await replayStandardAccounts(env.ctx.db, standard);
    return structuredClone(standard.actors);
  }
  // The host and the admin turn two-factor on, as the standard ones have (their audit trail
  // here starts with those two entries).
  const accounts = {
    guest: await signUpAndSignIn(env, { role: 'user', name: 'Gina Guest' }),
    otherGuest: await signUpAndSignIn(env, { role: 'user', name: 'Oscar Other' }),
    host: await withTwoFactor(env, await signUpAndSignIn(env, { role: 'host', name: 'Hana Host' })),
    otherHost: await signUpAndSignIn(env, { role: 'host', name: 'Hugo Otherhost' }),
    admin: await withTwoFactor(env, await signUpAndSignIn(env, { role: 'admin', name: 'Ada Admin' })),
  };
  return accounts;
}

/** The account of a role; null when signed out. */
export const actorOf = (accounts: Accounts, role: Role): Actor | null =>
  role === 'signedOut' ? null : accounts[role];

/** The session cookie of a role; null when signed out. */
export const cookieOf = (accounts: Accounts, role: Role): string | null =>
  actorOf(accounts, role)?.cookie ?? null;

/* ---------- time ---------- */

export const ZONE = 'America/New_York';
/** The server's clock in the booking tests: Monday 3 June 2030, 12:00 in New York. */
export const NOW = new Date('2030-06-03T16:00:00Z');
export const TODAY = '2030-06-03';
/** A Friday and the Saturday after it, a week ahead. */
export const FRIDAY = '2030-06-14';
export const SATURDAY = '2030-06-15';

/** Freezes the server clock (at NOW unless told). */
export function freezeClock(env: TestEnv, at: Date = NOW) {
  env.clock.now = at;
}

let dayCounter = 0;
/** A new future date for each call (from three weeks after FRIDAY), so bookings made with it never meet. */
export const freshDate = () => addDaysToDate(FRIDAY, 7 + dayCounter++ * 2);

/* ---------- venues ---------- */

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

/** A valid Add New Venue body (POST /api/venues), unique name and address. */
export function venueInput(overrides: Record<string, unknown> = {}) {
  venueCounter++;
  return {
    name: `Test Lounge ${venueCounter}`,
    description: 'A dark, loud room with a long bar.',
    address: `${100 + venueCounter} Neon Avenue`,
    city: 'New York',
    capacity: 120,
    base_price: 250,
    pricing_type: 'hourly_rate',
    amenities: ['dj', 'bar'],
    open_to_flexible_hours: false,
    business_name: 'Night Co LLC',
    phone: '+1 212 555 0100',
    email: 'Bookings@NightCo.test',
    bank_account_holder_name: 'Night Co LLC',
    bank_account_number: '0001-2345-6789',
    bank_routing_number: '021000021',
    tax_id: '12-3456789',
    terms_accepted: true,
    ...overrides,
  };
}

/** The venue fields only the owner and the admin may read. */
export const PRIVATE_FIELDS = [
  'bank_account_holder_name',
  'bank_account_number',
  'bank_routing_number',
  'tax_id',
] as const;

/** Submits a venue through the API as `host` (201 expected): pending review. Returns the body. */
export async function submitVenue(env: TestEnv, host: Actor, overrides: Record<string, unknown> = {}) {
  const res = await call(env, 'POST', '/api/venues', { cookie: host.cookie, json: venueInput(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** Approves a venue through the admin API (200 expected). Returns the body. */
export async function approveVenue(env: TestEnv, admin: Actor, id: string, notes?: string) {
  const res = await call(env, 'POST', `/api/admin/venues/${id}/approve`, {
    cookie: admin.cookie,
    json: notes ? { notes } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Submits a venue as accounts.host and approves it as accounts.admin. */
export async function createActiveVenue(
  env: TestEnv,
  accounts: Accounts,
  overrides: Record<string, unknown> = {},
) {
  const venue = await submitVenue(env, accounts.host, overrides);
  return approveVenue(env, accounts.admin, venue.id);
}

/**
 * Inserts a venue owned by `host` straight into the database: active, hourly at $100/h,
 * capacity 50, open 18:00–02:00 daily in New York. Pass `is_active: false` for a pending
 * venue, `pricing_type: 'minimum_spend'` (with a `base_price`) for a minimum-spend one,
 * `time_zone` for another zone.
 */
export async function insertVenue(
  env: TestEnv,
  host: Actor,
  fields: Partial<typeof venues.$inferInsert> = {},
): Promise<Venue> {
  venueCounter++;
  // Stored sealed, as the product writes them (decision 0059); the row comes back with the
  // numbers as given, so tests can look for them in answers.
  const {
    bank_account_number = '000123456789',
    bank_routing_number = '021000021',
    tax_id = '12-3456789',
    ...rest
  } = fields;
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
      ...rest,
      ...sealBankDetails(env.ctx.cipher, { bank_account_number, bank_routing_number, tax_id }),
    })
    .returning();
  return { ...venue!, bank_account_number, bank_routing_number, tax_id };
}

export async function venueRow(env: TestEnv, id: string) {
  const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, id));
  return row;
}

/* ---------- date overrides ---------- */

/** Inserts a date override (open with the base price unless told) straight into the database. */
export async function insertOverride(
  env: TestEnv,
  venue: Pick<Venue, 'id'>,
  fields: Partial<typeof venueAvailability.$inferInsert> & { date: string },
) {
  const [row] = await env.ctx.db
    .insert(venueAvailability)
    .values({ venue_id: venue.id, is_available: true, price: 0, ...fields })
    .returning();
  return row!;
}

export const overridesOf = (env: TestEnv, venueId: string) =>
  env.ctx.db.select().from(venueAvailability).where(eq(venueAvailability.venue_id, venueId));

/* ---------- bookings ---------- */

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

/** A valid booking request body: FRIDAY 20:00–23:00, 10 guests. */
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

/** Requests a booking through the API and expects it to be created (201). Returns the body. */
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

/** POST /api/bookings/:id/{action} as `actor` (null: signed out). */
export const bookingAction = (
  env: TestEnv,
  actor: Actor | null,
  id: string,
  action: string,
  json?: unknown,
) => call(env, 'POST', `/api/bookings/${id}/${action}`, { cookie: actor?.cookie, json });

/** The venue fields a booking carries in every answer. */
export const BOOKING_VENUE_KEYS = [
  'address',
  'cancellation_policy',
  'capacity',
  'city',
  'description',
  'id',
  'name',
  'pricing_type',
  'time_zone',
];

/**
 * The states a booking can be in, as the app writes them: waiting for the venue, confirmed,
 * cancelled (rejected by the venue, or the guest rejected its changes), and changed by the
 * venue and waiting for the guest.
 */
export const BOOKING_STATES = {
  pending: { status: 'pending', host_notes: null },
  confirmed: { status: 'confirmed', host_notes: null },
  cancelled: { status: 'cancelled', host_notes: null },
  awaitingGuest: { status: 'pending', host_notes: 'We moved you an hour later.' },
} as const;
export type BookingState = keyof typeof BOOKING_STATES;

/**
 * Inserts a booking straight into the database (no emails): pending, 20:00–23:00 on a fresh
 * date, 10 guests, priced at $300. `state` picks one of BOOKING_STATES; `fields` override.
 */
export async function insertBooking(
  env: TestEnv,
  venue: Venue,
  guest: Actor,
  fields: Partial<typeof bookings.$inferInsert> & { state?: BookingState } = {},
): Promise<Booking> {
  const { state = 'pending', ...rest } = fields;
  const date = rest.date ?? freshDate();
  const start = rest.start_time ?? '20:00';
  const end = rest.end_time ?? '23:00';
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
      special_requests: 'Inserted by a test.',
      contact_email: guest.email,
      ...BOOKING_STATES[state],
      ...rest,
    })
    .returning();
  return row!;
}

export async function bookingRow(env: TestEnv, id: string) {
  const [row] = await env.ctx.db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/** The bookings of one venue (rows), to check that a refused call wrote nothing. */
export const bookingsOf = (env: TestEnv, venueId: string) =>
  env.ctx.db.select().from(bookings).where(eq(bookings.venue_id, venueId));

/** How many bookings a venue has, or (without a venue) the whole table. */
export async function countBookings(env: TestEnv, venueId?: string): Promise<number> {
  const [row] = await env.ctx.db
    .select({ n: count() })
    .from(bookings)
    .where(venueId ? eq(bookings.venue_id, venueId) : undefined);
  return row?.n ?? 0;
}

/* ---------- emails ---------- */

export async function outboxCount(env: TestEnv): Promise<number> {
  const [row] = await env.ctx.db.select({ n: count() }).from(emailOutbox);
  return row?.n ?? 0;
}

/** Queued emails of one template (to one address, when given), oldest first. */
export async function emailsOf(env: TestEnv, template: string, to?: string) {
  const rows = await env.ctx.db
    .select()
    .from(emailOutbox)
    .where(
      to
        ? and(eq(emailOutbox.template, template), eq(emailOutbox.to, to))
        : eq(emailOutbox.template, template),
    );
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
}
