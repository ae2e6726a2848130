/**
 * What the booking use cases share: the messages, the booking as the API answers it (with its
 * venue, and the guest for those who may see them), the one select they read it with, the
 * email data, and reading a booking by the access policy (src/domain/access.ts).
 */
import { count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { pageHref } from '@/domain/pages';
import { bookingRelation, canOnBooking, type BookingRef } from '@/domain/access';
import { guestCountProblem } from '@/domain/booking';
import { invalid, notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { bookings, profiles, venues, type Booking, type Venue } from '../../db/schema';
import type { BookingEmailData } from '../../mail/booking-emails';

export const BOOKING_NOT_FOUND = 'Booking not found';
export const BOOKING_CHANGED = 'This booking was changed by someone else. Refresh and try again.';
export const TERMS_CHANGED_AGAIN =
  'The venue changed this booking again. Review the new details before approving.';
export const NO_CONTACT_EMAIL = 'Your profile has no contact email. Add one to your profile before booking.';

/* ---------- shapes ---------- */

export interface BookingVenue {
  id: string;
  name: string;
  pricing_type: Venue['pricing_type'];
  address: string;
  city: string;
  description: string | null;
  capacity: number;
  time_zone: string;
  cancellation_policy: Venue['cancellation_policy'];
}

export interface BookingGuest {
  id: string;
  email: string;
  full_name: string | null;
}

export type BookingView = Booking & { venue: BookingVenue; guest?: BookingGuest };

const venueColumns = {
  id: venues.id,
  name: venues.name,
  pricing_type: venues.pricing_type,
  address: venues.address,
  city: venues.city,
  description: venues.description,
  capacity: venues.capacity,
  time_zone: venues.time_zone,
  cancellation_policy: venues.cancellation_policy,
};
const guestColumns = { id: profiles.id, email: profiles.email, full_name: profiles.full_name };

export function selectBookings(db: DbOrTx) {
  return db
    .select({
      booking: bookings,
      venue: venueColumns,
      guest: guestColumns,
      host_id: venues.host_id,
      /** The row version for compare-and-swap: updated_at to the microsecond. */
      version: sql<string>`${bookings.updated_at}::text`,
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .innerJoin(profiles, eq(profiles.id, bookings.user_id));
}

export type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

/** How many bookings `selectBookings(db).where(where)` would read. */
export async function countBookings(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .innerJoin(profiles, eq(profiles.id, bookings.user_id))
    .where(where);
  return row?.n ?? 0;
}

/** A search text matched literally (its %, _ and \ are not wildcards). */
export const literalLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The search box of a booking list: the text appears (case-insensitively, literally) in the
 * guest's name or email, the contact email or the venue's name, or is the start of the booking's
 * reference as the pages show it (#1a2b3c4d).
 */
export function bookingSearch(q: string): SQL {
  const text = `%${literalLike(q)}%`;
  const ref = literalLike(q.replace(/^#/, '').toLowerCase());
  return or(
    ilike(profiles.full_name, text),
    ilike(profiles.email, text),
    ilike(bookings.contact_email, text),
    ilike(venues.name, text),
    ...(ref ? [ilike(sql`${bookings.id}::text`, `${ref}%`)] : []),
  )!;
}

export function toView(row: BookingRow, withGuest: boolean): BookingView {
  return withGuest
    ? { ...row.booking, venue: row.venue, guest: row.guest }
    : { ...row.booking, venue: row.venue };
}

/** What a booking email needs of a booking read (the bookings' and the payments' reads both fit). */
export interface EmailSource {
  booking: Pick<
    BookingRow['booking'],
    | 'id'
    | 'date'
    | 'start_time'
    | 'end_time'
    | 'guest_count'
    | 'total_price'
    | 'contact_phone'
    | 'special_requests'
  >;
  venue: Pick<BookingRow['venue'], 'name' | 'address' | 'city' | 'pricing_type'>;
  guest: Pick<BookingRow['guest'], 'full_name' | 'email'>;
}

export function emailData(row: EmailSource): BookingEmailData {
  const { booking: b, venue: v, guest: g } = row;
  return {
    id: b.id,
    venueName: v.name,
    venueAddress: v.address,
    venueCity: v.city,
    pricingType: v.pricing_type,
    date: b.date,
    startTime: b.start_time,
    endTime: b.end_time,
    guestCount: b.guest_count,
    totalPrice: b.total_price,
    guestName: g.full_name,
    guestEmail: g.email,
    contactPhone: b.contact_phone,
    specialRequests: b.special_requests,
  };
}

export const appUrl = (ctx: AppContext, path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();
export const guestDashboardUrl = (ctx: AppContext) => appUrl(ctx, pageHref('/user-dashboard'));
export const manageBookingsUrl = (ctx: AppContext, venueId: string) =>
  appUrl(ctx, pageHref('/venue-management/:id', { id: venueId }, { tab: 'bookings' }));

/* ---------- access ---------- */

export const bookingRef = (row: Pick<BookingRow, 'booking' | 'host_id'>): BookingRef => ({
  user_id: row.booking.user_id,
  host_id: row.host_id,
});

/** The booking with its venue and guest, if the viewer may read it (else 404). */
export async function readableBooking(db: DbOrTx, viewer: Viewer, id: string) {
  const [row] = await selectBookings(db).where(eq(bookings.id, id));
  const relation = row ? bookingRelation(viewerRef(viewer), bookingRef(row)) : null;
  if (!row || !relation || !canOnBooking(viewerRef(viewer), bookingRef(row), 'read')) {
    throw notFound(BOOKING_NOT_FOUND);
  }
  return { row, relation };
}

/** Whether the viewer sees the guest's profile and contact data on this booking. */
export const withGuestFor = (viewer: Viewer, row: BookingRow) =>
  canOnBooking(viewerRef(viewer), bookingRef(row), 'readGuestContact');

export function checkCapacity(guestCount: number, capacity: number) {
  const problem = guestCountProblem(guestCount, capacity);
  if (problem) throw invalid(problem, 'guest_count');
}
