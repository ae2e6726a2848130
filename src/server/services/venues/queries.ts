/**
 * Reading venues: one venue in the view the viewer may have, and the host's venues (the admin's
 * paged list is services/admin-lists.ts).
 */
import { eq } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { notFound } from '@/domain/errors';
import { viewerRef, type AppContext, type Viewer } from '../../context';
import { venues } from '../../db/schema';
import {
  NEWEST_FIRST,
  VENUE_NOT_FOUND,
  fullColumns,
  publicPart,
  withImages,
  type FullVenue,
  type PublicVenue,
} from './shared';

/**
 * A venue by id: every column for its owner and the admin (readPrivate), the public columns for
 * anyone else while it is active, 404 otherwise.
 */
export async function getVenue(
  ctx: AppContext,
  viewer: Viewer | null,
  id: string,
): Promise<PublicVenue | FullVenue> {
  const [row] = await ctx.db.select(fullColumns).from(venues).where(eq(venues.id, id));
  const who = viewerRef(viewer);
  if (!row || !canOnVenue(who, row, 'read')) throw notFound(VENUE_NOT_FOUND);
  return canOnVenue(who, row, 'readPrivate') ? withImages(row) : withImages(publicPart(row));
}

/** The host's own venues, every status, newest first (owner view). */
export async function listHostVenues(ctx: AppContext, viewer: Viewer): Promise<FullVenue[]> {
  const rows = await ctx.db
    .select(fullColumns)
    .from(venues)
    .where(eq(venues.host_id, viewer.profile.id))
    .orderBy(...NEWEST_FIRST);
  return rows.map(withImages);
}
