/**
 * Reviews need paid nights in the past. By contract with the payments work, a booking is paid
 * (or has its card on file) when it is confirmed and payment_intent_id is set; these helpers
 * write such bookings straight to the database.
 */
import { eq, sql } from 'drizzle-orm';
import { addDaysToDate } from '../../src/domain/calendar';
import type { bookings } from '../../src/server/db/schema';
import { venueReviews, venues, type Booking, type Venue } from '../../src/server/db/schema';
import { TODAY, insertBooking } from '../factories';
import { call, type Actor } from './client';
import type { TestEnv } from './env';

let paymentCounter = 0;
const slotsTaken = new Map<string, number>();

/**
 * A confirmed, paid booking of `guest` at `venue`, `daysAgo` days before the test's TODAY (each
 * call takes the next free hour of that venue and date, so confirmed bookings never overlap).
 */
export async function insertPaidNight(
  env: TestEnv,
  venue: Venue,
  guest: Actor,
  fields: Partial<typeof bookings.$inferInsert> & { daysAgo?: number } = {},
): Promise<Booking> {
  const { daysAgo = 2, ...rest } = fields;
  const date = (rest.date as string | undefined) ?? addDaysToDate(TODAY, -daysAgo);
  const key = `${venue.id}:${date}`;
  const hour = slotsTaken.get(key) ?? 0;
  if (hour > 23) throw new Error(`no free hour left at ${key}`);
  slotsTaken.set(key, hour + 1);
  const hh = String(hour).padStart(2, '0');
  return insertBooking(env, venue, guest, {
    date,
    start_time: `${hh}:00`,
    end_time: `${hh}:45`,
    status: 'confirmed',
    payment_intent_id: `pi_test_${paymentCounter++}`,
    ...rest,
  });
}

export const reviewBody = (bookingId: string, patch: Record<string, unknown> = {}) => ({
  booking_id: bookingId,
  rating: 5,
  comment: 'A wonderful night, great staff and music.',
  ...patch,
});

/** POST /api/reviews as `actor` (null: signed out). */
export const postReview = (
  env: TestEnv,
  actor: Actor | null,
  bookingId: string,
  patch: Record<string, unknown> = {},
) => call(env, 'POST', '/api/reviews', { cookie: actor?.cookie, json: reviewBody(bookingId, patch) });

/** The rating columns of a venue as stored. */
export async function storedSummary(env: TestEnv, venueId: string) {
  const [row] = await env.ctx.db
    .select({
      count: venues.rating_count,
      sum: venues.rating_sum,
      r1: venues.rating_1,
      r2: venues.rating_2,
      r3: venues.rating_3,
      r4: venues.rating_4,
      r5: venues.rating_5,
    })
    .from(venues)
    .where(eq(venues.id, venueId));
  return row!;
}

/** The same summary recomputed from the reviews table. */
export async function recomputedSummary(env: TestEnv, venueId: string) {
  const [row] = await env.ctx.db
    .select({
      count: sql<number>`count(*)::int`,
      sum: sql<number>`coalesce(sum(${venueReviews.rating}), 0)::int`,
      r1: sql<number>`(count(*) filter (where ${venueReviews.rating} = 1))::int`,
      r2: sql<number>`(count(*) filter (where ${venueReviews.rating} = 2))::int`,
      r3: sql<number>`(count(*) filter (where ${venueReviews.rating} = 3))::int`,
      r4: sql<number>`(count(*) filter (where ${venueReviews.rating} = 4))::int`,
      r5: sql<number>`(count(*) filter (where ${venueReviews.rating} = 5))::int`,
    })
    .from(venueReviews)
    .where(sql`${venueReviews.venue_id} = ${venueId} and ${venueReviews.is_published}`);
  return row!;
}
