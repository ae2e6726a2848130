/** Reviews as the API answers them (docs/api.md "Reviews"). Requests: `@/domain/schemas`. */
import type { RatingSummary } from '../reviews';
import type { Timestamp } from './wire';

/** A published review as anyone reads it: the author by first name and initial only. */
export interface PublicReview {
  id: string;
  venue_id: string;
  rating: number;
  comment: string;
  author_name: string;
  host_response: string | null;
  host_response_at: Timestamp | null;
  created_at: Timestamp;
}

/** GET /api/venues/:id/reviews */
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
  /** Null when the viewer may review it now; else the reason for the 'Unable to Review' card. */
  blocker: string | null;
  can_review: boolean;
}

/** A review as the admin's Reviews tab lists it. */
export interface AdminReview {
  id: string;
  venue_id: string;
  user_id: string;
  booking_id: string;
  rating: number;
  comment: string;
  is_published: boolean;
  host_response: string | null;
  host_response_at: Timestamp | null;
  moderation_reason: string | null;
  moderated_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  venue: { id: string; name: string };
  author: { id: string; full_name: string | null; email: string };
}

export type AdminReviewStatus = 'all' | 'published' | 'unpublished';

/** GET /api/admin/reviews */
export interface AdminReviewPage {
  reviews: AdminReview[];
  total_count: number;
  page: number;
  limit: number;
}
