/**
 * After a review is published: the venue host's one public answer, and the admin's moderation
 * (unpublish with a reason, which emails the guest, and republish). A change of is_published
 * moves the venue's rating summary in the same transaction (the venue_reviews trigger), and the
 * venue event that update raises refreshes every page showing the venue.
 */
import { and, count, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import type { AdminReviewPage as WireAdminReviewPage, AdminReviewStatus } from '@/domain/contract/reviews';
import type { Encoded } from '@/domain/contract/wire';
import { conflict, forbidden, notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { Tx } from '../../db/client';
import { profiles, venueReviews, venues, type VenueReview } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { REVIEW_TEMPLATES, reviewUnpublishedEmail } from '../../mail/review-emails';
import { NEWEST_FIRST } from './read';
import { REVIEW_NOT_FOUND, appUrl, toPublicReview, viewerRef, type PublicReview } from './shared';
import { recordAudit } from '../audit/record';

export const ALREADY_ANSWERED = 'You have already answered this review.';
export const ANSWER_OWN_VENUES_ONLY = "Only the venue's host can answer its reviews.";
export const ALREADY_UNPUBLISHED = 'This review is already unpublished.';
export const ALREADY_PUBLISHED = 'This review is already published.';

/** POST /api/reviews/:id/response: the venue's host answers a published review, once. */
export async function answerReview(
  ctx: AppContext,
  viewer: Viewer,
  reviewId: string,
  response: string,
): Promise<PublicReview> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({
        review: venueReviews,
        host_id: venues.host_id,
        is_active: venues.is_active,
        author: profiles.full_name,
      })
      .from(venueReviews)
      .innerJoin(venues, eq(venues.id, venueReviews.venue_id))
      .innerJoin(profiles, eq(profiles.id, venueReviews.user_id))
      .where(eq(venueReviews.id, reviewId));
    const ref = viewerRef(viewer);
    // Unpublished reviews exist only for their author and the admin.
    if (!row || (!row.review.is_published && ref.role !== 'admin')) throw notFound(REVIEW_NOT_FOUND);
    if (!canOnVenue(ref, row, 'answerReviews')) throw forbidden(ANSWER_OWN_VENUES_ONLY);
    const [updated] = await tx
      .update(venueReviews)
      .set({ host_response: response, host_response_at: sql`now()`, updated_at: sql`now()` })
      .where(and(eq(venueReviews.id, reviewId), isNull(venueReviews.host_response)))
      .returning();
    if (!updated) throw conflict(ALREADY_ANSWERED, 'ALREADY_ANSWERED');
    return toPublicReview(updated, row.author);
  });
}

/** A review as the admin's Reviews tab lists it: everything, with the venue and the author. */
export type AdminReview = VenueReview & {
  venue: { id: string; name: string };
  author: { id: string; full_name: string | null; email: string };
};

const adminColumns = {
  review: venueReviews,
  venue: { id: venues.id, name: venues.name },
  author: { id: profiles.id, full_name: profiles.full_name, email: profiles.email },
};

async function adminReviewRow(tx: Tx, id: string) {
  const [row] = await tx
    .select({ ...adminColumns, host_id: venues.host_id })
    .from(venueReviews)
    .innerJoin(venues, eq(venues.id, venueReviews.venue_id))
    .innerJoin(profiles, eq(profiles.id, venueReviews.user_id))
    .where(eq(venueReviews.id, id))
    .for('update', { of: venueReviews });
  if (!row) throw notFound(REVIEW_NOT_FOUND);
  return row;
}

const toAdminReview = (r: {
  review: VenueReview;
  venue: AdminReview['venue'];
  author: AdminReview['author'];
}): AdminReview => ({
  ...r.review,
  venue: r.venue,
  author: r.author,
});

/** GET /api/admin/reviews: every review, newest first, a page at a time. */
export async function listAdminReviews(
  ctx: AppContext,
  query: { status: AdminReviewStatus; page: number; limit: number },
): Promise<Encoded<WireAdminReviewPage>> {
  const where: SQL | undefined =
    query.status === 'all' ? undefined : eq(venueReviews.is_published, query.status === 'published');
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(adminColumns)
      .from(venueReviews)
      .innerJoin(venues, eq(venues.id, venueReviews.venue_id))
      .innerJoin(profiles, eq(profiles.id, venueReviews.user_id))
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    ctx.db.select({ n: count() }).from(venueReviews).where(where),
  ]);
  return {
    reviews: rows.map(toAdminReview),
    total_count: total?.n ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

function requireAdmin(viewer: Viewer) {
  if (viewer.profile.role !== 'admin') throw forbidden('Access denied. Admin privileges required.');
}

/** The admin takes a review off the venue page (and out of its averages) and tells the guest why. */
export async function unpublishReview(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string,
): Promise<AdminReview> {
  requireAdmin(viewer);
  return inTransaction(ctx.db, async (tx) => {
    const row = await adminReviewRow(tx, id);
    if (!row.review.is_published) throw conflict(ALREADY_UNPUBLISHED, 'ALREADY_UNPUBLISHED');
    const [updated] = await tx
      .update(venueReviews)
      .set({
        is_published: false,
        moderation_reason: reason,
        moderated_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(venueReviews.id, id))
      .returning();
    await recordAudit(tx, viewer, {
      action: 'review.unpublished',
      subject: { type: 'review', id },
      venue: { id: row.venue.id, host_id: row.host_id },
      summary: `Unpublished a ${row.review.rating}-star review of “${row.venue.name}”: ${reason}`,
      before: { is_published: true },
      after: { is_published: false, reason },
    });
    await enqueueEmail(
      tx,
      REVIEW_TEMPLATES.unpublished,
      row.author.email,
      reviewUnpublishedEmail({
        guestName: row.author.full_name,
        venueName: row.venue.name,
        rating: row.review.rating,
        comment: row.review.comment,
        reason,
        venueUrl: appUrl(ctx, `/venue/${row.venue.id}`),
      }),
    );
    return toAdminReview({ ...row, review: updated! });
  });
}

/** The admin puts an unpublished review back on the venue page. */
export async function republishReview(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<AdminReview> {
  requireAdmin(viewer);
  return inTransaction(ctx.db, async (tx) => {
    const row = await adminReviewRow(tx, id);
    if (row.review.is_published) throw conflict(ALREADY_PUBLISHED, 'ALREADY_PUBLISHED');
    const [updated] = await tx
      .update(venueReviews)
      .set({
        is_published: true,
        moderation_reason: reason,
        moderated_at: sql`now()`,
        updated_at: sql`now()`,
      })
      .where(eq(venueReviews.id, id))
      .returning();
    await recordAudit(tx, viewer, {
      action: 'review.republished',
      subject: { type: 'review', id },
      venue: { id: row.venue.id, host_id: row.host_id },
      summary: `Published again a ${row.review.rating}-star review of “${row.venue.name}”${reason ? `: ${reason}` : ''}`,
      before: { is_published: false },
      after: { is_published: true, reason },
    });
    return toAdminReview({ ...row, review: updated! });
  });
}
