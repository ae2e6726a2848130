/** Demo reviews: most active demo venues have published reviews, some with the host's answer. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, isNotNull } from 'drizzle-orm';
import { todayInZone } from '../src/domain/availability';
import { canWriteReview } from '../src/domain/reviews';
import { bookings, venueReviews, venues } from '../src/server/db/schema';
import { seedDemo } from '../src/server/seed';
import { createTestEnv, type TestEnv } from './support/env';
import { recomputedSummary, storedSummary } from './support/reviews-fixtures';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  expect(await seedDemo(env.ctx)).not.toBeNull();
}, 180_000);
afterAll(async () => {
  await env.close();
});

it('gives most active venues reviews, a few host answers, and averages kept by the database', async () => {
  const active = await env.ctx.db.select().from(venues).where(eq(venues.is_active, true));
  const reviewed = active.filter((v) => v.rating_count > 0);
  expect(reviewed.length).toBeGreaterThan(active.length / 2);
  for (const v of active) expect(await storedSummary(env, v.id)).toEqual(await recomputedSummary(env, v.id));
  const answered = await env.ctx.db.select().from(venueReviews).where(isNotNull(venueReviews.host_response));
  expect(answered.length).toBeGreaterThanOrEqual(2);

  // Every review belongs to a paid, past night whose booking points back at it.
  const rows = await env.ctx.db
    .select()
    .from(venueReviews)
    .innerJoin(bookings, eq(bookings.id, venueReviews.booking_id))
    .innerJoin(venues, eq(venues.id, bookings.venue_id));
  for (const r of rows) {
    expect(r.bookings.review_id).toBe(r.venue_reviews.id);
    expect(r.bookings.payment_intent_id).toBeTruthy();
    expect(r.bookings.date < todayInZone(r.venues.time_zone, env.ctx.now())).toBe(true);
  }
});

it("leaves a demo guest a paid night to review ('Write a Review' on My Bookings)", async () => {
  const rows = await env.ctx.db.select().from(bookings).innerJoin(venues, eq(venues.id, bookings.venue_id));
  expect(rows.some((r) => canWriteReview(r.bookings, todayInZone(r.venues.time_zone, env.ctx.now())))).toBe(
    true,
  );
});
