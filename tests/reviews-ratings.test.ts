/**
 * The rating summary kept on each venue by the database (migration 0006's trigger) always equals
 * a recomputation from the reviews table, after any series of publish (a guest's review),
 * unpublish and republish (the admin's moderation), rating edits and deletions across venues.
 * Property-based (fast-check); runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq, inArray } from 'drizzle-orm';
import type { Viewer } from '../src/server/viewer';
import { bookings, profiles, venueReviews, type Booking, type Venue } from '../src/server/db/schema';
import { republishReview, submitReview, unpublishReview } from '../src/server/services/reviews';
import { createTestEnv, type TestEnv } from './support/env';
import type { Actor } from './support/client';
import {
  createAccounts as createActors,
  freezeClock,
  insertVenue as createVenue,
  type Accounts as Actors,
} from './factories';
import { insertPaidNight, recomputedSummary, storedSummary } from './support/reviews-fixtures';

let env: TestEnv;
let a: Actors;
let places: Venue[];
/** Per venue, paid nights of the guest that the runs review. */
let nights: Booking[][];

const NIGHTS_PER_VENUE = 6;

async function viewerOf(actor: Actor): Promise<Viewer> {
  const [profile] = await env.ctx.db.select().from(profiles).where(eq(profiles.id, actor.profile.id));
  return { userId: profile!.user_id, profile: profile! };
}

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createActors(env);
  places = [
    await createVenue(env, a.host),
    await createVenue(env, a.host),
    await createVenue(env, a.otherHost),
  ];
  nights = [];
  for (const place of places) {
    const list: Booking[] = [];
    for (let i = 0; i < NIGHTS_PER_VENUE; i++)
      list.push(await insertPaidNight(env, place, a.guest, { daysAgo: 1 + i }));
    nights.push(list);
  }
});
afterAll(async () => {
  await env.close();
});

type Op =
  | { kind: 'publish'; venue: number; night: number; rating: number }
  | { kind: 'unpublish'; venue: number; night: number }
  | { kind: 'republish'; venue: number; night: number }
  | { kind: 'rerate'; venue: number; night: number; rating: number }
  | { kind: 'delete'; venue: number; night: number };

const venueIx = fc.nat({ max: 2 });
const nightIx = fc.nat({ max: NIGHTS_PER_VENUE - 1 });
const rating = fc.integer({ min: 1, max: 5 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('publish' as const), venue: venueIx, night: nightIx, rating }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('unpublish' as const), venue: venueIx, night: nightIx }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('republish' as const), venue: venueIx, night: nightIx }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('rerate' as const), venue: venueIx, night: nightIx, rating }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('delete' as const), venue: venueIx, night: nightIx }),
  },
);

async function reviewOf(bookingId: string) {
  const [row] = await env.ctx.db.select().from(venueReviews).where(eq(venueReviews.booking_id, bookingId));
  return row;
}

/** Applies one operation; refusals (a second review, unpublishing twice …) are part of the series. */
async function apply(o: Op, guest: Viewer, admin: Viewer) {
  const booking = nights[o.venue]![o.night]!;
  const existing = await reviewOf(booking.id);
  switch (o.kind) {
    case 'publish':
      await submitReview(env.ctx, guest, {
        booking_id: booking.id,
        rating: o.rating,
        comment: 'Generated review text.',
      }).catch((err: { code?: string }) => expect(err.code).toBe('conflict'));
      return;
    case 'unpublish':
      if (existing)
        await unpublishReview(env.ctx, admin, existing.id, 'Checked by a test.').catch(() => undefined);
      return;
    case 'republish':
      if (existing) await republishReview(env.ctx, admin, existing.id, null).catch(() => undefined);
      return;
    case 'rerate':
      if (existing)
        await env.ctx.db
          .update(venueReviews)
          .set({ rating: o.rating })
          .where(eq(venueReviews.id, existing.id));
      return;
    case 'delete':
      if (existing) {
        await env.ctx.db.update(bookings).set({ review_id: null }).where(eq(bookings.id, booking.id));
        await env.ctx.db.delete(venueReviews).where(eq(venueReviews.id, existing.id));
      }
      return;
  }
}

it('venue rating columns equal a recomputation from venue_reviews after any series of operations', async () => {
  const guest = await viewerOf(a.guest);
  const admin = await viewerOf(a.admin);
  const allNights = nights.flat().map((n) => n.id);
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
      // Every run starts with no reviews.
      await env.ctx.db.update(bookings).set({ review_id: null }).where(inArray(bookings.id, allNights));
      await env.ctx.db.delete(venueReviews);
      for (const o of ops) await apply(o, guest, admin);
      for (const place of places) {
        expect(await storedSummary(env, place.id)).toEqual(await recomputedSummary(env, place.id));
      }
    }),
    { numRuns: 25 },
  );
  // And the runs did reach states with published reviews.
  const final = await Promise.all(places.map((p) => storedSummary(env, p.id)));
  expect(final.every((s) => s.count >= 0)).toBe(true);
}, 240_000);
