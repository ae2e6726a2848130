/**
 * Venue availability: weekly hours, per-date overrides and the confirmed times a calendar
 * shows as taken. Also the venue access rules and the time-zone arithmetic that bookings
 * share with it.
 */
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { addDaysToDate, daysBetween } from '@/domain/calendar';
import { normalizeWeeklyHours, type WeeklyHours } from '@/domain/hours';
import type { DateOverrideInput } from '@/domain/schemas';
import type { DateOverride } from '@/domain/pricing';
import { todayInZone } from '@/domain/availability';
import type { AppContext, Viewer } from '../context';
import type { DbOrTx } from '../db/client';
import { bookings, venueAvailability, venues, type Venue, type VenueAvailability } from '../db/schema';
import { conflict, forbidden, invalid, notFound } from '@/domain/errors';

export const VENUE_NOT_FOUND = 'Venue not found';
export const PAST_DATE_MESSAGE = 'Past dates cannot be selected.';
export const MAX_AVAILABILITY_DAYS = 93;

/* ---------- time zones ---------- */

export { bookingInstants, zonedInstant } from '@/domain/instants';

/** The venue's today at the server's current time. */
export const venueToday = (ctx: AppContext, venue: Pick<Venue, 'time_zone'>) =>
  todayInZone(venue.time_zone, ctx.now());

/* ---------- venue access ---------- */

export type VenueRelation = 'owner' | 'admin' | 'public';

export async function findVenue(db: DbOrTx, id: string): Promise<Venue | undefined> {
  const [venue] = await db.select().from(venues).where(eq(venues.id, id));
  return venue;
}

/** How the viewer relates to a venue: its owner, the admin, anyone (active venues) or nobody. */
export function venueRelation(viewer: Viewer | null, venue: Venue): VenueRelation | null {
  if (viewer?.profile.role === 'admin') return 'admin';
  if (viewer && viewer.profile.id === venue.host_id) return 'owner';
  return venue.is_active ? 'public' : null;
}

/**
 * The venue if the viewer's relation is one of `allowed`: 404 'Venue not found' when the viewer
 * may not even see it, 403 when they see it but may not do this.
 */
export async function venueFor(
  db: DbOrTx,
  viewer: Viewer | null,
  venueId: string,
  allowed: readonly VenueRelation[],
  deniedMessage = "Only the venue's host can do that.",
): Promise<Venue> {
  const venue = await findVenue(db, venueId);
  const relation = venue ? venueRelation(viewer, venue) : null;
  if (!venue || !relation) throw notFound(VENUE_NOT_FOUND);
  if (!allowed.includes(relation)) throw forbidden(deniedMessage);
  return venue;
}

/* ---------- overlap ---------- */

/** A confirmed booking of the venue whose [starts_at, ends_at) overlaps the given range, if any. */
export async function findConfirmedOverlap(
  db: DbOrTx,
  venueId: string,
  range: { starts_at: Date; ends_at: Date },
  exceptBookingId?: string,
): Promise<{ id: string } | undefined> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.venue_id, venueId),
        eq(bookings.status, 'confirmed'),
        sql`tstzrange(${bookings.starts_at}, ${bookings.ends_at}, '[)') && tstzrange(${range.starts_at.toISOString()}::timestamptz, ${range.ends_at.toISOString()}::timestamptz, '[)')`,
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/* ---------- availability ---------- */

export type PublicOverride = Pick<VenueAvailability, 'date' | 'price' | 'is_available' | 'pricing_type'>;

export interface Availability {
  time_zone: string;
  today: string;
  hours: WeeklyHours;
  overrides: PublicOverride[];
  taken: Array<{ date: string; start_time: string; end_time: string }>;
}

/**
 * The calendar of a venue between `from` and `to` (inclusive; default: today and the 92 days
 * after it). `taken` lists confirmed bookings only, without ids or guests, starting from the
 * day before `from` so a booking that crosses midnight into `from` is included.
 */
export async function getAvailability(
  ctx: AppContext,
  viewer: Viewer | null,
  venueId: string,
  range: { from?: string; to?: string },
): Promise<Availability> {
  const venue = await venueFor(ctx.db, viewer, venueId, ['owner', 'admin', 'public']);
  const today = venueToday(ctx, venue);
  const from = range.from ?? today;
  const to = range.to ?? addDaysToDate(from, MAX_AVAILABILITY_DAYS - 1);
  const span = daysBetween(from, to);
  if (span < 0) throw invalid('The end of the date range must not be before its start.', 'to');
  if (span >= MAX_AVAILABILITY_DAYS) {
    throw invalid(`The date range can cover at most ${MAX_AVAILABILITY_DAYS} days.`, 'to');
  }

  const overrides = await overridesBetween(ctx.db, venue.id, from, to);

  const taken = await ctx.db
    .select({ date: bookings.date, start_time: bookings.start_time, end_time: bookings.end_time })
    .from(bookings)
    .where(
      and(
        eq(bookings.venue_id, venue.id),
        eq(bookings.status, 'confirmed'),
        gte(bookings.date, addDaysToDate(from, -1)),
        lte(bookings.date, to),
      ),
    )
    .orderBy(asc(bookings.starts_at));

  return { time_zone: venue.time_zone, today, hours: normalizeWeeklyHours(venue.hours), overrides, taken };
}

/** A venue's date overrides from `from` to `to` (inclusive), in date order. */
export function overridesBetween(
  db: DbOrTx,
  venueId: string,
  from: string,
  to: string,
): Promise<DateOverride[]> {
  return db
    .select({
      date: venueAvailability.date,
      price: venueAvailability.price,
      is_available: venueAvailability.is_available,
      pricing_type: venueAvailability.pricing_type,
    })
    .from(venueAvailability)
    .where(
      and(
        eq(venueAvailability.venue_id, venueId),
        gte(venueAvailability.date, from),
        lte(venueAvailability.date, to),
      ),
    )
    .orderBy(asc(venueAvailability.date));
}

/* ---------- weekly hours ---------- */

/** Replaces the weekly hours of the host's own venue; answers the updated venue row. */
export async function updateHours(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  hours: WeeklyHours,
): Promise<Venue> {
  await venueFor(ctx.db, viewer, venueId, ['owner']);
  const [venue] = await ctx.db
    .update(venues)
    .set({ hours, updated_at: sql`now()` })
    .where(eq(venues.id, venueId))
    .returning();
  if (!venue) throw notFound(VENUE_NOT_FOUND);
  return venue;
}

/* ---------- date overrides ---------- */

export async function listOverrides(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<VenueAvailability[]> {
  const venue = await venueFor(ctx.db, viewer, venueId, ['owner', 'admin']);
  return ctx.db
    .select()
    .from(venueAvailability)
    .where(eq(venueAvailability.venue_id, venue.id))
    .orderBy(asc(venueAvailability.date));
}

function refusePast(ctx: AppContext, venue: Venue, date: string, message = PAST_DATE_MESSAGE) {
  if (date < venueToday(ctx, venue)) throw invalid(message, 'date');
}

/** Creates the override of a date, or replaces the one that date already has. */
export async function upsertOverride(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  input: DateOverrideInput,
): Promise<VenueAvailability> {
  const venue = await venueFor(ctx.db, viewer, venueId, ['owner']);
  refusePast(ctx, venue, input.date);
  const values = { price: input.price, is_available: input.is_available, pricing_type: input.pricing_type };
  const [row] = await ctx.db
    .insert(venueAvailability)
    .values({ venue_id: venue.id, date: input.date, ...values })
    .onConflictDoUpdate({ target: [venueAvailability.venue_id, venueAvailability.date], set: values })
    .returning();
  return row!;
}

async function ownOverride(ctx: AppContext, viewer: Viewer, venueId: string, overrideId: string) {
  const venue = await venueFor(ctx.db, viewer, venueId, ['owner']);
  const [row] = await ctx.db
    .select()
    .from(venueAvailability)
    .where(and(eq(venueAvailability.id, overrideId), eq(venueAvailability.venue_id, venue.id)));
  if (!row) throw notFound('Date override not found.');
  return { venue, row };
}

export async function updateOverride(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  overrideId: string,
  changes: Partial<DateOverrideInput>,
): Promise<VenueAvailability> {
  const { venue, row } = await ownOverride(ctx, viewer, venueId, overrideId);
  refusePast(ctx, venue, row.date, 'Overrides of past dates cannot be changed.');
  if (changes.date !== undefined) refusePast(ctx, venue, changes.date);
  if (changes.date !== undefined && changes.date !== row.date) {
    const [clash] = await ctx.db
      .select({ id: venueAvailability.id })
      .from(venueAvailability)
      .where(and(eq(venueAvailability.venue_id, venue.id), eq(venueAvailability.date, changes.date)));
    if (clash) throw conflict('That date already has an override. Edit that one instead.', 'DUPLICATE');
  }
  if (Object.keys(changes).length === 0) return row;
  const [updated] = await ctx.db
    .update(venueAvailability)
    .set(changes)
    .where(eq(venueAvailability.id, row.id))
    .returning();
  if (!updated) throw notFound('Date override not found.');
  return updated;
}

export async function deleteOverride(ctx: AppContext, viewer: Viewer, venueId: string, overrideId: string) {
  const { row } = await ownOverride(ctx, viewer, venueId, overrideId);
  await ctx.db.delete(venueAvailability).where(eq(venueAvailability.id, row.id));
}
