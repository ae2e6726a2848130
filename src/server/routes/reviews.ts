import { Hono, type Context } from 'hono';
import {
  adminReviewsQuerySchema,
  optionalReasonSchema,
  reviewResponseSchema,
  reviewSchema,
  unpublishReviewSchema,
  venueReviewsQuerySchema,
} from '@/domain/schemas';
import { REVIEW_MESSAGES } from '@/domain/reviews';
import type { AppContext, AppEnv } from '../context';
import { readJson, readOptionalJson, readQuery, uuidParam } from '../http/validate';
import { getViewer, requireRole, requireViewer } from '../http/viewer';
import * as reviews from '../services/reviews';

const reviewId = (c: Context) => uuidParam(c, 'id', reviews.REVIEW_NOT_FOUND);

/** Reviews (SPEC §4 Review): write one, read a venue's, the host's answer, the admin's moderation. */
export function reviewRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/bookings/:id/review', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', REVIEW_MESSAGES.notFound);
    c.header('cache-control', 'no-store');
    return c.json(await reviews.getReviewTarget(ctx, viewer, id));
  });

  r.post('/reviews', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const input = await readJson(c, reviewSchema);
    return c.json(await reviews.submitReview(ctx, viewer, input), 201);
  });

  r.get('/venues/:id/reviews', async (c) => {
    const id = uuidParam(c, 'id', reviews.VENUE_NOT_FOUND);
    const query = readQuery(c, venueReviewsQuerySchema);
    const viewer = await getViewer(ctx, c);
    c.header('cache-control', 'no-store');
    return c.json(await reviews.listVenueReviews(ctx, viewer, id, query));
  });

  r.post('/reviews/:id/response', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = reviewId(c);
    const { response } = await readJson(c, reviewResponseSchema);
    return c.json(await reviews.answerReview(ctx, viewer, id, response));
  });

  r.get('/admin/reviews', async (c) => {
    await requireRole(ctx, c, 'admin');
    const query = readQuery(c, adminReviewsQuerySchema);
    c.header('cache-control', 'private, no-store');
    return c.json(await reviews.listAdminReviews(ctx, query));
  });

  r.post('/admin/reviews/:id/unpublish', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = reviewId(c);
    const { reason } = await readJson(c, unpublishReviewSchema);
    return c.json(await reviews.unpublishReview(ctx, viewer, id, reason));
  });

  r.post('/admin/reviews/:id/republish', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = reviewId(c);
    const { reason } = await readOptionalJson(c, optionalReasonSchema);
    return c.json(await reviews.republishReview(ctx, viewer, id, reason));
  });

  return r;
}
