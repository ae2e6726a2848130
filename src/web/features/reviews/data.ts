/** The reviews feature's data: query keys and the API calls (shapes from the contract). */
import type {
  AdminReview,
  AdminReviewPage,
  AdminReviewStatus,
  PublicReview,
  ReviewTarget,
  VenueReviewsPage,
} from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

export type { AdminReview, AdminReviewStatus, PublicReview, ReviewTarget, VenueReviewsPage };

/** Query keys (one factory, lib/queryKeys.ts): a venue's reviews live under the venue's key. */
export const reviewKeys = {
  venue: queryKeys.venueReviews,
  target: queryKeys.reviewTarget,
  admin: queryKeys.admin.reviews,
  adminPage: queryKeys.admin.reviewPage,
};

const enc = encodeURIComponent;

export const reviewsApi = {
  target: (bookingId: string, signal?: AbortSignal) =>
    api.get<ReviewTarget>(`/api/bookings/${enc(bookingId)}/review`, { signal }),
  submit: (input: { booking_id: string; rating: number; comment: string }) =>
    api.post<PublicReview>('/api/reviews', input),
  venuePage: (venueId: string, cursor: string | undefined, signal?: AbortSignal) =>
    api.get<VenueReviewsPage>(
      `/api/venues/${enc(venueId)}/reviews${cursor ? `?cursor=${enc(cursor)}` : ''}`,
      { signal },
    ),
  answer: (reviewId: string, response: string) =>
    api.post<PublicReview>(`/api/reviews/${enc(reviewId)}/response`, { response }),
  adminPage: (status: AdminReviewStatus, page: number, limit: number, signal?: AbortSignal) =>
    api.get<AdminReviewPage>(`/api/admin/reviews?status=${status}&page=${page}&limit=${limit}`, { signal }),
  unpublish: (id: string, reason: string) =>
    api.post<AdminReview>(`/api/admin/reviews/${enc(id)}/unpublish`, { reason }),
  republish: (id: string, reason: string) =>
    api.post<AdminReview>(`/api/admin/reviews/${enc(id)}/republish`, reason ? { reason } : {}),
};
