/** What the review use cases share: the viewer as the access policy sees it, URLs, row shapes. */
import type { ViewerRef } from '@/domain/access';
import { reviewerName } from '@/domain/reviews';
import type { AppContext, Viewer } from '../../context';
import type { VenueReview } from '../../db/schema';

export const viewerRef = (viewer: Viewer): ViewerRef => ({
  profileId: viewer.profile.id,
  role: viewer.profile.role,
});

export const appUrl = (ctx: AppContext, path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();

export const REVIEW_NOT_FOUND = 'Review not found';

/** A review as anyone may read it on the venue page: the author by first name and initial only. */
export interface PublicReview {
  id: string;
  venue_id: string;
  rating: number;
  comment: string;
  author_name: string;
  host_response: string | null;
  host_response_at: Date | null;
  created_at: Date;
}

export function toPublicReview(row: VenueReview, authorFullName: string | null): PublicReview {
  return {
    id: row.id,
    venue_id: row.venue_id,
    rating: row.rating,
    comment: row.comment,
    author_name: reviewerName(authorFullName),
    host_response: row.host_response,
    host_response_at: row.host_response_at,
    created_at: row.created_at,
  };
}
