/** What the review use cases share: the viewer as the access policy sees it, URLs, row shapes. */
import type { ViewerRef } from '@/domain/access';
import { reviewerName } from '@/domain/reviews';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { VenueReview } from '../../db/schema';
import type { Encoded } from '@/domain/contract/wire';
import type * as Contract from '@/domain/contract/reviews';

/** A review as anyone may read it on the venue page (the contract's shape, Dates not yet encoded). */
export type PublicReview = Encoded<Contract.PublicReview>;

export const viewerRef = (viewer: Viewer): ViewerRef => ({
  profileId: viewer.profile.id,
  role: viewer.profile.role,
});

export const appUrl = (ctx: AppContext, path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();

export const REVIEW_NOT_FOUND = 'Review not found';

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
