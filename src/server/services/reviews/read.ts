/**
 * Reviews on the venue page (SPEC §2 Venue detail, §6: visitors read published reviews): newest
 * first, paged by a keyset on (created_at, id) along venue_reviews_venue_idx, with the venue's
 * rating summary as the database keeps it on the venue row (never an average over every review).
 */
import { and, eq, sql } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import type { VenueReviewsPage } from '@/domain/contract/reviews';
import type { Encoded } from '@/domain/contract/wire';
import { invalid, notFound } from '@/domain/errors';
import { ratingSummary } from '@/domain/reviews';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { profiles, venueReviews, venues } from '../../db/schema';
import { toPublicReview, viewerRef } from './shared';

export const VENUE_NOT_FOUND = 'Venue not found';

/** The rating columns of a venue row, as a summary. */
export const summaryColumns = {
  rating_1: venues.rating_1,
  rating_2: venues.rating_2,
  rating_3: venues.rating_3,
  rating_4: venues.rating_4,
  rating_5: venues.rating_5,
};

export const summaryOf = (r: { [K in keyof typeof summaryColumns]: number }) =>
  ratingSummary({ 1: r.rating_1, 2: r.rating_2, 3: r.rating_3, 4: r.rating_4, 5: r.rating_5 });

/** In the order of the indexes (DESC NULLS LAST), so the planner walks them. */
export const NEWEST_FIRST = [
  sql`${venueReviews.created_at} desc nulls last`,
  sql`${venueReviews.id} desc nulls last`,
];

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const encodeCursor = (at: string, id: string) => Buffer.from(JSON.stringify([at, id])).toString('base64url');

function decodeCursor(cursor: string): { at: string; id: string } {
  const bad = () => invalid('Invalid cursor.', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw bad();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(value) || value.length !== 2) throw bad();
  const [at, id] = value as unknown[];
  if (typeof at !== 'string' || !CURSOR_TIME.test(at) || Number.isNaN(Date.parse(at))) throw bad();
  if (typeof id !== 'string' || !UUID.test(id)) throw bad();
  return { at, id };
}

/** One page of a venue's published reviews and its rating summary (404 for a venue the viewer may not read). */
export async function listVenueReviews(
  ctx: AppContext,
  viewer: Viewer | null,
  venueId: string,
  page: { cursor?: string; limit: number },
): Promise<Encoded<VenueReviewsPage>> {
  const [venue] = await ctx.db
    .select({ host_id: venues.host_id, is_active: venues.is_active, ...summaryColumns })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!venue || !canOnVenue(viewer && viewerRef(viewer), venue, 'read')) throw notFound(VENUE_NOT_FOUND);

  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await ctx.db
    .select({
      review: venueReviews,
      author: profiles.full_name,
      cursor_at: sql<string>`to_char(${venueReviews.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(venueReviews)
    .innerJoin(profiles, eq(profiles.id, venueReviews.user_id))
    .where(
      and(
        eq(venueReviews.venue_id, venueId),
        eq(venueReviews.is_published, true),
        after
          ? sql`(${venueReviews.created_at}, ${venueReviews.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(page.limit + 1);

  const more = rows.length > page.limit;
  const shown = more ? rows.slice(0, page.limit) : rows;
  const last = shown.at(-1);
  return {
    summary: summaryOf(venue),
    reviews: shown.map((r) => toPublicReview(r.review, r.author)),
    next_cursor: more && last ? encodeCursor(last.cursor_at, last.review.id) : null,
  };
}
