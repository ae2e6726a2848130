import {
  adminReviewsQuerySchema,
  optionalReasonSchema,
  reviewResponseSchema,
  reviewSchema,
  unpublishReviewSchema,
  venueReviewsQuerySchema,
} from '@/domain/schemas';
import { REVIEW_MESSAGES } from '@/domain/reviews';
import { endpoint, json, pathId } from '../http/endpoint';
import { getViewer } from '../http/viewer';
import * as reviews from '../services/reviews';

const reviewId = { id: pathId(reviews.REVIEW_NOT_FOUND) };

/** Reviews (SPEC §4 Review): write one, read a venue's, the host's answer, the admin's moderation. */
export const REVIEW_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/bookings/{id}/review',
    tag: 'Reviews',
    summary: 'What the review page shows for a booking',
    access: 'signed in',
    params: { id: pathId(REVIEW_MESSAGES.notFound) },
    ok: json('ReviewTarget'),
    cache: 'no-store',
    handler: ({ ctx, viewer, params }) => reviews.getReviewTarget(ctx, viewer, params.id),
  }),

  endpoint({
    method: 'post',
    path: '/reviews',
    tag: 'Reviews',
    summary: 'Review a past booking',
    description: "The booking's guest.",
    access: 'signed in',
    body: reviewSchema,
    ok: json('PublicReview', 201),
    handler: ({ ctx, viewer, body }) => reviews.submitReview(ctx, viewer, body),
  }),

  endpoint({
    method: 'get',
    path: '/venues/{id}/reviews',
    tag: 'Reviews',
    summary: "A venue's published reviews",
    access: 'anyone',
    params: { id: pathId(reviews.VENUE_NOT_FOUND) },
    query: venueReviewsQuerySchema,
    ok: json('VenueReviewsPage'),
    cache: 'no-store',
    handler: async ({ ctx, c, params, query }) =>
      reviews.listVenueReviews(ctx, await getViewer(ctx, c), params.id, query),
  }),

  endpoint({
    method: 'post',
    path: '/reviews/{id}/response',
    tag: 'Reviews',
    summary: "The host's answer to a review",
    description: "The reviewed venue's host.",
    access: 'signed in',
    params: reviewId,
    body: reviewResponseSchema,
    ok: json('PublicReview'),
    handler: ({ ctx, viewer, params, body }) => reviews.answerReview(ctx, viewer, params.id, body.response),
  }),

  endpoint({
    method: 'get',
    path: '/admin/reviews',
    tag: 'Reviews',
    summary: 'Every review, filtered and paged',
    access: 'admin',
    query: adminReviewsQuerySchema,
    ok: json('AdminReviewPage'),
    cache: 'private, no-store',
    handler: ({ ctx, query }) => reviews.listAdminReviews(ctx, query),
  }),

  endpoint({
    method: 'post',
    path: '/admin/reviews/{id}/unpublish',
    tag: 'Reviews',
    summary: 'Hide a review',
    access: 'admin',
    params: reviewId,
    body: unpublishReviewSchema,
    ok: json('AdminReview'),
    handler: ({ ctx, viewer, params, body }) => reviews.unpublishReview(ctx, viewer, params.id, body.reason),
  }),

  endpoint({
    method: 'post',
    path: '/admin/reviews/{id}/republish',
    tag: 'Reviews',
    summary: 'Show a hidden review again',
    access: 'admin',
    params: reviewId,
    body: optionalReasonSchema,
    bodyOptional: true,
    ok: json('AdminReview'),
    handler: ({ ctx, viewer, params, body }) => reviews.republishReview(ctx, viewer, params.id, body.reason),
  }),
];
