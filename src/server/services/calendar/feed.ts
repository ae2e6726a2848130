/**
 * A venue's private iCal feed URL (decision record 17): its host reads it and regenerates it.
 * The token is 256 random bits; a new one replaces the old in the same row, so the old URL
 * stops working at once.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { CalendarFeed, Encoded } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { venueCalendarFeeds } from '../../db/schema';
import { venueFor } from '../venues/access';

export const FEED_ONLY_HOST = "Only the venue's host can see its calendar feed.";

/** The path of a feed under the site (the token is URL-safe base64). */
export const feedPath = (token: string) => `/api/calendar/venues/${token}.ics`;

const feedAnswer = (
  ctx: AppContext,
  row: { token: string; created_at: Date } | undefined,
): Encoded<CalendarFeed> =>
  row
    ? { url: new URL(feedPath(row.token), ctx.config.PUBLIC_URL).toString(), created_at: row.created_at }
    : { url: null, created_at: null };

export async function getCalendarFeed(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<Encoded<CalendarFeed>> {
  const venue = await venueFor(ctx.db, viewer, venueId, 'manageCalendarFeed', {
    deniedMessage: FEED_ONLY_HOST,
  });
  const [row] = await ctx.db
    .select()
    .from(venueCalendarFeeds)
    .where(eq(venueCalendarFeeds.venue_id, venue.id));
  return feedAnswer(ctx, row);
}

/** A new secret URL for the venue's feed (the first one, or one that replaces the old). */
export async function regenerateCalendarFeed(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<Encoded<CalendarFeed>> {
  return inTransaction(ctx.db, async (tx) => {
    const venue = await venueFor(tx, viewer, venueId, 'manageCalendarFeed', {
      deniedMessage: FEED_ONLY_HOST,
      lock: 'share',
    });
    const token = randomBytes(32).toString('base64url');
    const created_at = ctx.now();
    await tx
      .insert(venueCalendarFeeds)
      .values({ venue_id: venue.id, token, created_at })
      .onConflictDoUpdate({ target: venueCalendarFeeds.venue_id, set: { token, created_at } });
    return feedAnswer(ctx, { token, created_at });
  });
}
