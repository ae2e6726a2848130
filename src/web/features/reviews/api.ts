import type { RatingSummary } from '@/domain/reviews';
import { api } from '@/web/lib/api';
import { venueKeys } from '@/web/features/venues/api';

/** A published review as the venue page shows it (docs/api.md "Reviews"). */
export interface PublicReview {
  id: string;
  venue_id: string;
  rating: number;
  comment: string;
  author_name: string;
  host_response: string | null;
  host_response_at: string | null;
  created_at: string;
}

export interface VenueReviewsPage {
  summary: RatingSummary;
  reviews: PublicReview[];
  next_cursor: string | null;
}

/** GET /api/bookings/:id/review */
export interface ReviewTarget {
  booking: {
    id: string;
    date: string;
    start_time: string;
    end_time: string;
    guest_count: number;
    venue: { id: string; name: string; city: string };
  };
  blocker: string | null;
  can_review: boolean;
}

export interface AdminReview {
  id: string;
  venue_id: string;
  user_id: string;
  booking_id: string;
  rating: number;
  comment: string;
  is_published: boolean;
  host_response: string | null;
  moderation_reason: string | null;
  moderated_at: string | null;
  created_at: string;
  venue: { id: string; name: string };
  author: { id: string; full_name: string | null; email: string };
}

export interface AdminReviewPage {
  reviews: AdminReview[];
  total_count: number;
  page: number;
  limit: number;
}

export type AdminReviewStatus = 'all' | 'published' | 'unpublished';

/**
 * Query keys. A venue's reviews live under its detail key, so the live venue event that
 * refreshes the venue page (a review written, answered, unpublished) refreshes them too.
 */
export const reviewKeys = {
  venue: (venueId: string) => [...venueKeys.detail(venueId), 'reviews'] as const,
  target: (bookingId: string) => ['reviews', 'target', bookingId] as const,
  admin: ['admin', 'reviews'] as const,
  adminPage: (status: AdminReviewStatus, page: number) => ['admin', 'reviews', status, page] as const,
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
