/**
 * Writing a review (SPEC §4 Review, §5): the server alone decides who may review a booking, by
 * the domain's reviewBlocker (the guest's own, confirmed and paid booking whose night has passed
 * in the venue's zone, not reviewed yet, within the review window). The review is published at
 * once and the booking's review_id set in the same transaction; the venue's rating summary is
 * updated by the database trigger in that transaction too.
 */
import { eq, sql } from 'drizzle-orm';
import type { ReviewTarget } from '@/domain/contract/reviews';
import { bookingRelation, canOnBooking } from '@/domain/access';
import { todayInZone } from '@/domain/availability';
import { AppError, conflict, forbidden, notFound } from '@/domain/errors';
import { REVIEW_MESSAGES, reviewBlocker } from '@/domain/reviews';
import type { ReviewInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { bookings, profiles, venueReviews, venues, type Booking } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { toPublicReview, viewerRef, type PublicReview } from './shared';

/** The wire reasons of a refused review, one per message of the 'Unable to Review' card. */
const REASONS: Record<string, string> = {
  [REVIEW_MESSAGES.notHappened]: 'REVIEW_TOO_EARLY',
  [REVIEW_MESSAGES.alreadyReviewed]: 'ALREADY_REVIEWED',
  [REVIEW_MESSAGES.notPaid]: 'REVIEW_NOT_PAID',
  [REVIEW_MESSAGES.windowClosed]: 'REVIEW_WINDOW_CLOSED',
};

async function loadBooking(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      booking: bookings,
      venue: {
        id: venues.id,
        name: venues.name,
        city: venues.city,
        host_id: venues.host_id,
        time_zone: venues.time_zone,
      },
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(eq(bookings.id, id));
  return row;
}

type Loaded = NonNullable<Awaited<ReturnType<typeof loadBooking>>>;

/**
 * 404 unless the viewer is related to the booking (no hint that it exists); 403 for its host
 * and the admin, who may see it but not review it.
 */
function checkAccess(viewer: Viewer, row: Loaded | undefined): Loaded {
  const ref = row ? { user_id: row.booking.user_id, host_id: row.venue.host_id } : null;
  if (!row || !ref || !bookingRelation(viewerRef(viewer), ref)) throw notFound(REVIEW_MESSAGES.notFound);
  if (!canOnBooking(viewerRef(viewer), ref, 'review')) throw forbidden(REVIEW_MESSAGES.notOwner, 'NOT_OWNER');
  return row;
}

const blockerOf = (ctx: AppContext, viewer: Viewer, booking: Booking, timeZone: string) =>
  reviewBlocker(booking, viewer.profile.id, todayInZone(timeZone, ctx.now()));

/** GET /api/bookings/:id/review: the booking and whether the viewer may review it now. */
export async function getReviewTarget(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: string,
): Promise<ReviewTarget> {
  const row = checkAccess(viewer, await loadBooking(ctx.db, bookingId));
  const blocker = blockerOf(ctx, viewer, row.booking, row.venue.time_zone);
  const b = row.booking;
  return {
    booking: {
      id: b.id,
      date: b.date,
      start_time: b.start_time,
      end_time: b.end_time,
      guest_count: b.guest_count,
      venue: { id: row.venue.id, name: row.venue.name, city: row.venue.city },
    },
    blocker,
    can_review: blocker === null,
  };
}

/**
 * POST /api/reviews: publishes the guest's review of a booking. Concurrent submissions of one
 * booking queue on its row lock, and the later ones find review_id set (409); the unique
 * constraint on venue_reviews.booking_id is the last line (409 with the same message).
 */
export async function submitReview(
  ctx: AppContext,
  viewer: Viewer,
  input: ReviewInput,
): Promise<PublicReview> {
  return inTransaction(ctx.db, async (tx) => {
    const seen = checkAccess(viewer, await loadBooking(tx, input.booking_id));
    // Lock order venue → booking, as the venue and booking writers take them.
    await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, seen.venue.id)).for('no key update');
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.booking_id)).for('update');
    if (!booking) throw notFound(REVIEW_MESSAGES.notFound);
    const blocker = blockerOf(ctx, viewer, booking, seen.venue.time_zone);
    if (blocker) throw new AppError('conflict', blocker, { reason: REASONS[blocker] ?? 'REVIEW_REFUSED' });

    const [review] = await tx
      .insert(venueReviews)
      .values({
        venue_id: booking.venue_id,
        user_id: viewer.profile.id,
        booking_id: booking.id,
        rating: input.rating,
        comment: input.comment,
        is_published: true,
      })
      .returning();
    const updated = await tx
      .update(bookings)
      .set({ review_id: review!.id, updated_at: sql`now()` })
      .where(eq(bookings.id, booking.id))
      .returning({ id: bookings.id });
    if (updated.length !== 1) throw conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
    const [author] = await tx
      .select({ full_name: profiles.full_name })
      .from(profiles)
      .where(eq(profiles.id, viewer.profile.id));
    return toPublicReview(review!, author?.full_name ?? null);
  });
}
