/**
 * Bookings: requests, the lifecycle of SPEC §4 (approve, reject, edit, approve or reject
 * changes, admin edits) and reads. Every change runs in one transaction with its emails;
 * every status change is a compare-and-swap on the row as it was read, and a confirmation
 * relies on the bookings_no_overlap exclusion constraint (23P01 → 409).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { dayState, fitsOpeningHours } from '@/domain/availability';
import {
  BOOKING_MESSAGES,
  guestCountProblem,
  nextStatus,
  type BookingAction,
  type BookingActor,
  type BookingStatus,
} from '@/domain/booking';
import { addDaysToDate } from '@/domain/calendar';
import { formatDayHours, hoursForDate, normalizeWeeklyHours } from '@/domain/hours';
import { quoteBooking } from '@/domain/pricing';
import type { AdminBookingEdit, BookingEdit, BookingRequest } from '@/domain/schemas';
import type { AppContext, Viewer } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { bookings, profiles, venues, type Booking, type Venue } from '../db/schema';
import { OVERLAP_MESSAGE, conflict, forbidden, invalid, notFound } from '@/domain/errors';
import { inTransaction as runInTransaction } from '../db/transaction';
import {
  BOOKING_TEMPLATES,
  bookingAcceptedEmail,
  bookingConfirmedEmail,
  bookingEditedEmail,
  bookingRejectedEmail,
  bookingSubmittedEmail,
  customerBookingConfirmationEmail,
  type BookingEmailData,
} from '../mail/booking-emails';
import { enqueueEmail } from '../mail/outbox';
import {
  VENUE_NOT_FOUND,
  bookingInstants,
  findConfirmedOverlap,
  overridesBetween,
  venueFor,
  venueToday,
} from './availability';

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

type BookingRow = Awaited<ReturnType<typeof selectBookings>>[number];

export function toView(row: BookingRow, withGuest: boolean): BookingView {
  return withGuest
    ? { ...row.booking, venue: row.venue, guest: row.guest }
    : { ...row.booking, venue: row.venue };
}

function emailData(row: Pick<BookingRow, 'booking' | 'venue' | 'guest'>): BookingEmailData {
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

const appUrl = (ctx: AppContext, path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();
const guestDashboardUrl = (ctx: AppContext) => appUrl(ctx, '/user-dashboard');
const manageBookingsUrl = (ctx: AppContext, venueId: string) =>
  appUrl(ctx, `/venue-management/${venueId}?tab=bookings`);

/* ---------- transactions ---------- */

const inTransaction = <T>(ctx: AppContext, fn: (tx: Tx) => Promise<T>) => runInTransaction(ctx.db, fn);

/**
 * Confirmations of one venue take turns (a transaction-scoped advisory lock), so concurrent
 * confirmations meet the exclusion constraint one after the other and the losers get a clean
 * 23P01 instead of a deadlock. The constraint itself stays the rule. A change of the venue's
 * time zone (which moves the instants of its bookings) takes the same turn.
 */
export async function lockVenueConfirmations(tx: Tx, venueId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`velvet.booking-confirm.${venueId}`}, 0))`,
  );
}

/* ---------- access ---------- */

type Relation = 'guest' | 'owner' | 'admin';

function relationOf(viewer: Viewer, row: Pick<BookingRow, 'booking' | 'host_id'>): Relation | null {
  if (viewer.profile.role === 'admin') return 'admin';
  if (row.host_id === viewer.profile.id) return 'owner';
  if (row.booking.user_id === viewer.profile.id) return 'guest';
  return null;
}

/** The booking with its venue and guest, if the viewer may read it (else 404). */
async function readableBooking(db: DbOrTx, viewer: Viewer, id: string) {
  const [row] = await selectBookings(db).where(eq(bookings.id, id));
  const relation = row ? relationOf(viewer, row) : null;
  if (!row || !relation) throw notFound(BOOKING_NOT_FOUND);
  return { row, relation };
}

/* ---------- reads ---------- */

export async function getBooking(ctx: AppContext, viewer: Viewer, id: string): Promise<BookingView> {
  const { row, relation } = await readableBooking(ctx.db, viewer, id);
  return toView(row, relation !== 'guest');
}

/** The guest's own bookings, newest first. */
export async function listGuestBookings(ctx: AppContext, viewer: Viewer): Promise<BookingView[]> {
  const rows = await selectBookings(ctx.db)
    .where(eq(bookings.user_id, viewer.profile.id))
    .orderBy(desc(bookings.created_at), desc(bookings.id));
  return rows.map((r) => toView(r, false));
}

/** Bookings of the host's own venues, last changed first. */
export async function listHostBookings(ctx: AppContext, viewer: Viewer): Promise<BookingView[]> {
  const rows = await selectBookings(ctx.db)
    .where(eq(venues.host_id, viewer.profile.id))
    .orderBy(desc(bookings.updated_at), desc(bookings.id));
  return rows.map((r) => toView(r, true));
}

/** Bookings of one venue (its owner or the admin), last changed first. */
export async function listVenueBookings(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<BookingView[]> {
  const venue = await venueFor(ctx.db, viewer, venueId, ['owner', 'admin']);
  const rows = await selectBookings(ctx.db)
    .where(eq(bookings.venue_id, venue.id))
    .orderBy(desc(bookings.updated_at), desc(bookings.id));
  return rows.map((r) => toView(r, true));
}

/* ---------- request ---------- */

function checkCapacity(guestCount: number, capacity: number) {
  const problem = guestCountProblem(guestCount, capacity);
  if (problem) throw invalid(problem, 'guest_count');
}

/** A guest asks for a booking: validated against the venue and priced by the server. */
export async function requestBooking(
  ctx: AppContext,
  viewer: Viewer,
  input: BookingRequest,
): Promise<BookingView> {
  const contactEmail = viewer.profile.email.trim();
  return inTransaction(ctx, async (tx) => {
    // FOR SHARE: the venue's time zone (which the instants below are computed in) cannot change
    // until this request is stored; a time zone change moves the bookings it finds (updateVenue).
    const [venue] = await tx.select().from(venues).where(eq(venues.id, input.venue_id)).for('share');
    if (!venue || !venue.is_active) throw notFound(VENUE_NOT_FOUND);

    const hours = normalizeWeeklyHours(venue.hours);
    const overrides = await overridesBetween(tx, venue.id, addDaysToDate(input.date, -1), input.date);
    const override = overrides.find((o) => o.date === input.date);

    const today = venueToday(ctx, venue);
    const state = dayState({ date: input.date, today, hours, override });
    if (state === 'past') throw invalid('This date has passed. Please choose a future date.', 'date');
    if (state === 'unavailable') throw invalid('This date is not available for booking.', 'date');
    checkCapacity(input.guest_count, venue.capacity);
    if (!contactEmail) throw invalid(NO_CONTACT_EMAIL, 'contact_email');
    if (
      !venue.open_to_flexible_hours &&
      !fitsOpeningHours(hours, overrides, input.date, input.start_time, input.end_time)
    ) {
      const day = hoursForDate(hours, input.date);
      throw invalid(
        `Please choose a time within the venue's opening hours (${formatDayHours({ ...day, closed: false })}).`,
        'start_time',
      );
    }

    const instants = bookingInstants(input.date, input.start_time, input.end_time, venue.time_zone);
    if (instants.starts_at.getTime() <= ctx.now().getTime()) {
      throw invalid('This start time has already passed. Please choose a later time.', 'start_time');
    }
    if (await findConfirmedOverlap(tx, venue.id, instants))
      throw conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');

    const quote = quoteBooking(
      { base_price: venue.base_price, pricing_type: venue.pricing_type, hours },
      input,
      override,
    );
    const [created] = await tx
      .insert(bookings)
      .values({
        venue_id: venue.id,
        user_id: viewer.profile.id,
        date: input.date,
        start_time: input.start_time,
        end_time: input.end_time,
        ...instants,
        guest_count: input.guest_count,
        total_price: quote.total,
        status: 'pending',
        approval_status: 'pending',
        special_requests: input.special_requests,
        contact_email: contactEmail,
        contact_phone: input.contact_phone ?? viewer.profile.phone ?? null,
      })
      .returning();

    const [row] = await selectBookings(tx).where(eq(bookings.id, created!.id));
    const data = emailData(row!);
    const [host] = await tx
      .select({ email: profiles.email })
      .from(profiles)
      .where(eq(profiles.id, venue.host_id));
    if (host?.email.trim()) {
      await enqueueEmail(
        tx,
        BOOKING_TEMPLATES.submitted,
        host.email,
        bookingSubmittedEmail(data, manageBookingsUrl(ctx, venue.id)),
      );
    }
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.customerConfirmation,
      contactEmail,
      customerBookingConfirmationEmail(data, guestDashboardUrl(ctx)),
    );
    return toView(row!, false);
  });
}

/* ---------- lifecycle ---------- */

const APPROVAL_STATUS: Record<BookingStatus, Booking['approval_status']> = {
  pending: 'pending',
  confirmed: 'approved',
  cancelled: 'rejected',
  edited: 'pending',
};

type BookingChanges = Partial<
  Pick<
    typeof bookings.$inferInsert,
    | 'guest_count'
    | 'start_time'
    | 'end_time'
    | 'starts_at'
    | 'ends_at'
    | 'total_price'
    | 'host_notes'
    | 'status'
  >
>;

/**
 * Compare-and-swap: writes `changes` only if the booking is still as it was read (same status
 * and same updated_at), and sets updated_at. Otherwise answers 409 with why it cannot be done
 * now (the state machine's message) or that someone else changed it.
 */
async function swap(
  tx: Tx,
  row: BookingRow,
  changes: BookingChanges,
  recheck?: (fresh: Booking) => string | null,
): Promise<BookingRow> {
  const status = changes.status ?? (row.booking.status as BookingStatus);
  const [updated] = await tx
    .update(bookings)
    .set({ ...changes, approval_status: APPROVAL_STATUS[status], updated_at: sql`now()` })
    .where(
      and(
        eq(bookings.id, row.booking.id),
        eq(bookings.status, row.booking.status),
        sql`${bookings.updated_at} = ${row.version}::timestamptz`,
      ),
    )
    .returning({ id: bookings.id });
  if (!updated) {
    const [fresh] = await tx.select().from(bookings).where(eq(bookings.id, row.booking.id));
    if (!fresh) throw notFound(BOOKING_NOT_FOUND);
    throw conflict(recheck?.(fresh) ?? BOOKING_CHANGED, 'BOOKING_CHANGED');
  }
  const [after] = await selectBookings(tx).where(eq(bookings.id, row.booking.id));
  return after!;
}

/**
 * Whether the booking is still the version the caller's page showed: its updated_at as JSON
 * carried it (to the millisecond). The swap then checks the row was not changed since it was
 * read, to the microsecond, so together they are one compare-and-swap on what the caller saw.
 */
const isSeenVersion = (booking: Pick<Booking, 'updated_at'>, seen: Date) =>
  booking.updated_at.getTime() === seen.getTime();

function transitionOrRefuse(
  booking: { status: string; host_notes?: string | null },
  actor: BookingActor,
  action: BookingAction,
): BookingStatus {
  const result = nextStatus(booking, actor, action);
  if (!result.ok) throw conflict(result.message, 'INVALID_TRANSITION');
  return result.status;
}

const refusal = (actor: BookingActor, action: BookingAction) => (fresh: Booking) => {
  const result = nextStatus(fresh, actor, action);
  return result.ok ? null : result.message;
};

/** Loads a booking for a venue-side action: the owner or the admin (guests: 403, others: 404). */
async function forVenueAction(tx: Tx, viewer: Viewer, id: string, allowAdmin: boolean) {
  const { row, relation } = await readableBooking(tx, viewer, id);
  if (relation === 'guest') throw forbidden(BOOKING_MESSAGES.venueOnly);
  if (relation === 'admin' && !allowAdmin) {
    throw forbidden(
      "Only the venue's host can send changes to the guest. Use the admin booking editor instead.",
    );
  }
  const actor: BookingActor = relation === 'admin' ? 'admin' : 'host';
  return { row, actor };
}

/** Loads a booking for the guest's answer to changes (owner and admin: 403, others: 404). */
async function forGuestAction(tx: Tx, viewer: Viewer, id: string) {
  const { row, relation } = await readableBooking(tx, viewer, id);
  if (relation !== 'guest') throw forbidden(BOOKING_MESSAGES.guestOnly);
  return row;
}

/**
 * Host or admin accepts a pending request: pending → confirmed (409 when it overlaps a confirmed
 * booking). With `seenUpdatedAt` (the booking's updated_at as the caller's page showed it), 409
 * when the booking has changed since.
 */
export async function approveBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  seenUpdatedAt?: Date,
): Promise<BookingView> {
  return inTransaction(ctx, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, true);
    const status = transitionOrRefuse(row.booking, actor, 'approve');
    if (seenUpdatedAt && !isSeenVersion(row.booking, seenUpdatedAt)) {
      throw conflict(BOOKING_CHANGED, 'BOOKING_CHANGED');
    }
    await lockVenueConfirmations(tx, row.booking.venue_id);
    const after = await swap(tx, row, { status }, refusal(actor, 'approve'));
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.accepted,
      after.booking.contact_email,
      bookingAcceptedEmail(emailData(after), guestDashboardUrl(ctx)),
    );
    return toView(after, true);
  });
}

/** Host or admin rejects a pending request: pending → cancelled, with an optional reason for the guest. */
export async function rejectBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<BookingView> {
  return inTransaction(ctx, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, true);
    const status = transitionOrRefuse(row.booking, actor, 'reject');
    const after = await swap(tx, row, { status }, refusal(actor, 'reject'));
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.rejected,
      after.booking.contact_email,
      bookingRejectedEmail(emailData(after), reason, appUrl(ctx, '/')),
    );
    return toView(after, true);
  });
}

/** The venue's host changes a pending booking and sends it back to the guest: → pending with host notes. */
export async function editBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: BookingEdit,
): Promise<BookingView> {
  return inTransaction(ctx, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, false);
    const status = transitionOrRefuse(
      { status: row.booking.status, host_notes: input.host_notes },
      actor,
      'edit',
    );
    checkCapacity(input.guest_count, row.venue.capacity);
    const instants = bookingInstants(row.booking.date, input.start_time, input.end_time, row.venue.time_zone);
    if (await findConfirmedOverlap(tx, row.booking.venue_id, instants, row.booking.id)) {
      throw conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');
    }
    const after = await swap(
      tx,
      row,
      {
        status,
        guest_count: input.guest_count,
        start_time: input.start_time,
        end_time: input.end_time,
        ...instants,
        total_price: input.total_price,
        host_notes: input.host_notes,
      },
      (fresh) => refusal(actor, 'edit')({ ...fresh, host_notes: input.host_notes }),
    );
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.edited,
      after.booking.contact_email,
      bookingEditedEmail(emailData(after), input.host_notes, guestDashboardUrl(ctx)),
    );
    return toView(after, true);
  });
}

/**
 * The guest approves the venue's changes: pending with notes → confirmed (409 on overlap). Only
 * the terms the guest saw: `seenUpdatedAt` is the booking's updated_at as the guest's page
 * showed it, and when the venue has changed the booking since, 409 and nothing changes.
 */
export async function approveChanges(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  seenUpdatedAt: Date,
): Promise<BookingView> {
  return inTransaction(ctx, async (tx) => {
    const row = await forGuestAction(tx, viewer, id);
    const status = transitionOrRefuse(row.booking, 'guest', 'approve_changes');
    if (!isSeenVersion(row.booking, seenUpdatedAt)) throw conflict(TERMS_CHANGED_AGAIN, 'BOOKING_CHANGED');
    await lockVenueConfirmations(tx, row.booking.venue_id);
    const after = await swap(
      tx,
      row,
      { status },
      (fresh) =>
        refusal('guest', 'approve_changes')(fresh) ??
        (isSeenVersion(fresh, seenUpdatedAt) ? null : TERMS_CHANGED_AGAIN),
    );
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.confirmed,
      after.booking.contact_email,
      bookingConfirmedEmail(emailData(after), guestDashboardUrl(ctx)),
    );
    return toView(after, false);
  });
}

/** The guest rejects the venue's changes: pending with notes → cancelled. */
export async function rejectChanges(ctx: AppContext, viewer: Viewer, id: string): Promise<BookingView> {
  return inTransaction(ctx, async (tx) => {
    const row = await forGuestAction(tx, viewer, id);
    const status = transitionOrRefuse(row.booking, 'guest', 'reject_changes');
    const after = await swap(tx, row, { status }, refusal('guest', 'reject_changes'));
    return toView(after, false);
  });
}

/**
 * The admin edits any booking: guests, times, price, status and notes. A change to confirmed
 * obeys the no-overlap rule like any other confirmation; the guest hears about a booking
 * becoming confirmed or cancelled.
 */
export async function adminUpdateBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  input: AdminBookingEdit,
): Promise<BookingView> {
  return inTransaction(ctx, async (tx) => {
    const { row } = await readableBooking(tx, viewer, id);
    checkCapacity(input.guest_count, row.venue.capacity);
    const instants = bookingInstants(row.booking.date, input.start_time, input.end_time, row.venue.time_zone);
    if (input.status === 'confirmed') await lockVenueConfirmations(tx, row.booking.venue_id);
    const after = await swap(tx, row, {
      status: input.status,
      guest_count: input.guest_count,
      start_time: input.start_time,
      end_time: input.end_time,
      ...instants,
      total_price: input.total_price,
      ...(input.host_notes !== undefined ? { host_notes: input.host_notes } : {}),
    });
    const before = row.booking.status;
    if (input.status !== before && (input.status === 'confirmed' || input.status === 'cancelled')) {
      const data = emailData(after);
      await enqueueEmail(
        tx,
        input.status === 'confirmed' ? BOOKING_TEMPLATES.accepted : BOOKING_TEMPLATES.rejected,
        after.booking.contact_email,
        input.status === 'confirmed'
          ? bookingAcceptedEmail(data, guestDashboardUrl(ctx))
          : bookingRejectedEmail(data, null, appUrl(ctx, '/')),
      );
    }
    return toView(after, true);
  });
}
