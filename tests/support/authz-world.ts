/**
 * The data and the vocabulary of the authorization matrix (tests/authz-matrix.test.ts): the
 * shared subjects every read row looks at (built once), the builders write rows call to get a
 * fresh subject for each role, the row type and the database fingerprint a refused call must
 * leave unchanged.
 */
import { sql } from 'drizzle-orm';
import type { Booking, Venue } from '../../src/server/db/schema';
import { type Accounts, type Role, freshDate, insertBooking, insertVenue } from '../factories';
import { call, type Actor, type Res } from './client';
import type { TestEnv } from './env';
import type { Secret } from './authz-leaks';
import { insertPaidNight, postReview } from './reviews-fixtures';

/** Expected status per role, in ROLES order: signedOut, guest, otherGuest, host, otherHost, admin. */
export type Expected = readonly [number, number, number, number, number, number];

export interface Prepared {
  path: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  /** Send this cookie instead of the role's own (a second session of the same account). */
  cookie?: string | null;
  /** The rows this call may change: compared before and after a refused call. */
  snapshot?: () => Promise<unknown>;
  /** The server clock during the call (else the matrix's NOW). */
  at?: Date;
}

export interface Row {
  /** `METHOD /api/path` exactly as the app registers it. */
  route: string;
  /** What the subject is, when a route has more than one row. */
  subject?: string;
  /** Where the expected statuses come from: the access policy action, SPEC, the feature test. */
  source: string;
  expect: Expected;
  /** Builds the call for one role; a write row makes fresh data for each role. */
  prepare: (role: Role) => Promise<Prepared>;
  /** Extra checks on a successful answer. */
  check?: (role: Role, res: Res) => void | Promise<void>;
  /** Calls the route itself (the event stream); answers like `call`. */
  run?: (role: Role, cookie: string | null) => Promise<Res>;
  /** The answer describes fields rather than holding data (the API reference): check values only. */
  documentation?: true;
  /** Judge the answer's fields with this role's rights (a secret URL carries its owner's, decision 17). */
  judgeAs?: Role;
}

/* ---------- common expectations (ROLES order) ---------- */

export const ANYONE: Expected = [200, 200, 200, 200, 200, 200];
export const SIGNED_IN: Expected = [401, 200, 200, 200, 200, 200];
export const ADMIN_ONLY: Expected = [401, 403, 403, 403, 403, 200];
/** A route for the guest role only (requireRole 'user'). */
export const GUESTS: Expected = [401, 200, 200, 403, 403, 403];
/** A route for the host role only (requireRole 'host'), each host on their own data. */
export const HOSTS: Expected = [401, 403, 403, 200, 200, 403];
/** BOOKING_ACTIONS.read: the guest, the venue's host, the admin; strangers learn nothing (404). */
export const BOOKING_READERS: Expected = [401, 200, 404, 200, 404, 200];
/** VENUE_ACTIONS on the host's active venue for [admin, owner] (readOverrides, readBookings, …). */
export const VENUE_OWNER_ADMIN: Expected = [401, 403, 403, 200, 403, 200];
/** The same on the host's inactive venue: the others may not know it exists. */
export const INACTIVE_OWNER_ADMIN: Expected = [401, 404, 404, 200, 404, 200];

/* ---------- the world ---------- */

export const GUEST_PHONE = '+1 555 0101';
export const OTHER_GUEST_PHONE = '+1 555 0102';
export const HOLDER_PHONE = '+1 555 0103';
export const OTHER_BANK = {
  bank_account_holder_name: 'Hugo Otherhost',
  bank_account_number: '000987654321',
  bank_routing_number: '011000015',
  tax_id: '98-7654321',
};

export interface World {
  env: TestEnv;
  a: Accounts;
  /** A third guest who holds the taken nights of the waitlist rows. */
  holder: Actor;
  /** The host's active venue, where every booking of the matrix is. */
  venue: Venue;
  /** The host's pending venue. */
  inactive: Venue;
  /** The other host's active venue: other bank details, no bookings. */
  otherVenue: Venue;
  /** The guest's confirmed booking at `venue`, with a message from the guest. */
  booking: Booking;
  /** The other guest's pending booking at `venue`. */
  otherBooking: Booking;
  /** The guest's paid night two days ago (reviewable). */
  night: Booking;
  /** The path of the venue's calendar feed (its secret token). */
  feedPath: string;
  secrets: Secret[];
}

/** Filled by the matrix's beforeAll; rows read it only when they run. */
export const w = {} as World;

export const cookieFor = (role: Role): string | null => (role === 'signedOut' ? null : w.a[role].cookie);
export const profileOf = (role: Role): string | null => (role === 'signedOut' ? null : w.a[role].profile.id);

/** The values the forbidden-field check looks for, and who may see each. */
export function secretsOf(world: World): Secret[] {
  const { a, holder } = world;
  const guestContact = (who: string, email: string, phone: string, own: Role | null): Secret[] => {
    const allowed: Role[] = ['host', ...(own ? [own] : [])];
    return [
      { value: email, what: `${who}'s email`, allowed },
      { value: phone, what: `${who}'s phone`, allowed },
    ];
  };
  return [
    ...guestContact('the guest', a.guest.email, GUEST_PHONE, 'guest'),
    ...guestContact('the other guest', a.otherGuest.email, OTHER_GUEST_PHONE, 'otherGuest'),
    ...guestContact('the holder', holder.email, HOLDER_PHONE, null),
    ...[world.venue.bank_account_number!, world.venue.bank_routing_number!].map((value) => ({
      value,
      what: 'the host’s bank details',
      allowed: ['host'] as Role[],
    })),
    ...[OTHER_BANK.bank_account_number, OTHER_BANK.bank_routing_number, OTHER_BANK.tax_id].map((value) => ({
      value,
      what: 'the other host’s bank details',
      allowed: ['otherHost'] as Role[],
    })),
  ];
}

/* ---------- fresh subjects for write rows ---------- */

export const freshVenue = (fields: Parameters<typeof insertVenue>[2] = {}) =>
  insertVenue(w.env, w.a.host, fields);

/** A booking of the guest at the host's venue (pending unless told). */
export const freshBooking = (fields: Parameters<typeof insertBooking>[3] = {}) =>
  insertBooking(w.env, w.venue, w.a.guest, { contact_phone: GUEST_PHONE, ...fields });

export const freshConfirmed = (venue: Venue = w.venue, fields: Parameters<typeof insertBooking>[3] = {}) =>
  insertBooking(w.env, venue, w.a.guest, {
    contact_phone: GUEST_PHONE,
    state: 'confirmed',
    confirmed_at: w.env.ctx.now(),
    ...fields,
  });

let nights = 0;
/** A paid night of the guest in the past (each on its own day, so they never run out of hours). */
export const freshNight = () =>
  insertPaidNight(w.env, w.venue, w.a.guest, { daysAgo: 2 + nights++, contact_phone: GUEST_PHONE });

/** A published review of the guest's, through the API. */
export async function freshReview(): Promise<string> {
  const night = await freshNight();
  const res = await postReview(w.env, w.a.guest, night.id);
  if (res.status !== 201) throw new Error(`review: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A date whose 20:00–23:00 at the venue the holder has booked (confirmed). */
export async function takenNight(): Promise<string> {
  const date = freshDate();
  await insertBooking(w.env, w.venue, w.holder, {
    date,
    state: 'confirmed',
    contact_phone: HOLDER_PHONE,
  });
  return date;
}

/** Caches the first result of an async builder (for subjects shared by every role of a row). */
export function once<T>(build: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= build());
}

/** POST as the admin (arranging data through the API). */
export const asAdmin = (path: string, json?: unknown) =>
  call(w.env, 'POST', path, { cookie: w.a.admin.cookie, json });

/* ---------- the fingerprint a refused call must leave unchanged ---------- */

const STATE_TABLES = [
  'profiles',
  'venues',
  'venue_availability',
  'venue_calendar_feeds',
  'bookings',
  'booking_messages',
  'booking_message_reads',
  'venue_reviews',
  'waitlist_entries',
  'payments',
  'refunds',
  'local_intents',
  'email_outbox',
  'email_attachments',
] as const;

/**
 * One sum of row hashes per table (order-free, so no sort): any insert, update or delete
 * changes it.
 */
export async function fingerprint(env: TestEnv): Promise<Record<string, string>> {
  const parts = STATE_TABLES.map(
    (t) =>
      sql`(select count(*) || ':' || coalesce(sum(hashtext(x::text)::bigint), 0) from ${sql.identifier(t)} x) as ${sql.identifier(t)}`,
  );
  const result = (await env.ctx.db.execute(sql`select ${sql.join(parts, sql`, `)}`)) as unknown as {
    rows: Array<Record<string, string>>;
  };
  return result.rows[0]!;
}
