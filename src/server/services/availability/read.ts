/**
 * A venue's calendar as guests see it: weekly hours, date overrides and the confirmed times
 * shown as taken; and the two reads bookings share with it (overrides of a range, overlap).
 */
import { and, asc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import { addDaysToDate, daysBetween } from '@/domain/calendar';
import { invalid, notFound } from '@/domain/errors';
import { normalizeWeeklyHours, type WeeklyHours } from '@/domain/hours';
import { venueToday, zonedInstant } from '@/domain/instants';
import type { DateOverride } from '@/domain/pricing';
import type { TakenSlot, VenueAvailability } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { bookings, venueAvailability, venues, type Venue } from '../../db/schema';
import { getVenue } from '../venues/queries';
import { VENUE_NOT_FOUND } from '../venues/shared';

export const MAX_AVAILABILITY_DAYS = 93;

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

/**
 * The confirmed bookings of the venue that may touch `date` at the venue (the day before to the
 * day after, as instants), for the bookable-times rule (src/domain/bookable-times.ts).
 */
export async function confirmedAround(
  db: DbOrTx,
  venueId: string,
  date: string,
  timeZone: string,
  exceptBookingId?: string,
): Promise<Array<{ starts_at: Date; ends_at: Date }>> {
  const from = zonedInstant(addDaysToDate(date, -1), '00:00', timeZone);
  const to = zonedInstant(addDaysToDate(date, 3), '00:00', timeZone);
  return db
    .select({ starts_at: bookings.starts_at, ends_at: bookings.ends_at })
    .from(bookings)
    .where(
      and(
        eq(bookings.venue_id, venueId),
        eq(bookings.status, 'confirmed'),
        sql`tstzrange(${bookings.starts_at}, ${bookings.ends_at}, '[)') && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`,
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    );
}

/* ---------- availability ---------- */

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
): Promise<VenueAvailability> {
  // The venue as the viewer may read it (404 otherwise): an active venue's public detail is kept
  // (decision 0031) and has what the calendar needs — its zone and weekly hours.
  const cache = ctx.publicReads;
  const venue = await getVenue(ctx, viewer, venueId, { countAsDetailRead: false });
  const today = venueToday(venue, ctx.now());
  const from = range.from ?? today;
  const to = range.to ?? addDaysToDate(from, MAX_AVAILABILITY_DAYS - 1);
  const span = daysBetween(from, to);
  if (span < 0) throw invalid('The end of the date range must not be before its start.', 'to');
  if (span >= MAX_AVAILABILITY_DAYS) {
    throw invalid(`The date range can cover at most ${MAX_AVAILABILITY_DAYS} days.`, 'to');
  }

  // The range's overrides and confirmed times are kept until the venue changes (decision 0034).
  const calendars = cache.enabled ? cache.calendars : undefined;
  const cached = calendars?.get(venue.id, from, to);
  if (cached)
    return { time_zone: venue.time_zone, today, hours: normalizeWeeklyHours(venue.hours), ...cached };
  const version = calendars?.version ?? 0;

  const { overrides, taken } = await rangeOfVenue(ctx.db, venue.id, from, to);

  calendars?.store(venue.id, from, to, { overrides, taken }, version);
  return { time_zone: venue.time_zone, today, hours: normalizeWeeklyHours(venue.hours), overrides, taken };
}

/**
 * The overrides of a range (by date) and its confirmed times (from the day before, by start),
 * read in one statement: a calendar not kept yet costs one round trip, not two — on PGlite, where
 * each statement runs on the server's own thread, the first reads of calendars were most of the
 * database's work in the served mix (decision 0040). The values are those the two column reads
 * gave: dates as yyyy-MM-dd, the price as a number, times as text.
 */
async function rangeOfVenue(
  db: DbOrTx,
  venueId: string,
  from: string,
  to: string,
): Promise<{ overrides: DateOverride[]; taken: TakenSlot[] }> {
  const result = (await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_object(
                'date', o.date, 'price', o.price, 'is_available', o.is_available,
                'pricing_type', o.pricing_type) order by o.date), '[]'::json)
         from ${venueAvailability} o
        where o.venue_id = ${venueId} and o.date >= ${from} and o.date <= ${to}) as overrides,
      (select coalesce(json_agg(json_build_object(
                'date', b.date, 'start_time', b.start_time, 'end_time', b.end_time) order by b.starts_at), '[]'::json)
         from ${bookings} b
        where b.venue_id = ${venueId} and b.status = 'confirmed'
          and b.date >= ${addDaysToDate(from, -1)} and b.date <= ${to}) as taken
  `)) as unknown as {
    rows: Array<{ overrides: DateOverride[] | string; taken: TakenSlot[] | string }>;
  };
  const row = result.rows[0]!;
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { overrides: parse(row.overrides), taken: parse(row.taken) };
}

/**
 * An active venue, locked FOR SHARE for the transaction (its time zone, which a booking's
 * instants are computed in, cannot change meanwhile; a time zone change moves the bookings it
 * finds), with its weekly hours and the overrides of `date` and the day before (a past-midnight
 * slot of the day before reaches into `date`). A request or a waitlist join reads this first.
 */
export async function lockBookableVenueDay(
  tx: DbOrTx,
  venueId: string,
  date: string,
): Promise<{ venue: Venue; hours: WeeklyHours; overrides: DateOverride[]; override?: DateOverride }> {
  const [venue] = await tx.select().from(venues).where(eq(venues.id, venueId)).for('share');
  if (!venue || !venue.is_active) throw notFound(VENUE_NOT_FOUND);
  const overrides = await overridesBetween(tx, venue.id, addDaysToDate(date, -1), date);
  return {
    venue,
    hours: normalizeWeeklyHours(venue.hours),
    overrides,
    override: overrides.find((o) => o.date === date),
  };
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
