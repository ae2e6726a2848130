/** Reading venues: one venue in the view the viewer may have, the host's venues, the admin's list. */
import { eq } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { notFound } from '@/domain/errors';
import { viewerRef, type AppContext, type Viewer } from '../../context';
import { profiles, venues } from '../../db/schema';
import {
  NEWEST_FIRST,
  VENUE_NOT_FOUND,
  fullColumns,
  publicPart,
  withImages,
  type AdminVenue,
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

export type AdminVenueStatus = 'pending' | 'active' | 'all';

/** Every venue for the admin, with its host; pending = not active. */
export async function listAdminVenues(ctx: AppContext, status: AdminVenueStatus): Promise<AdminVenue[]> {
  const where =
    status === 'pending'
      ? eq(venues.is_active, false)
      : status === 'active'
        ? eq(venues.is_active, true)
        : undefined;
  const rows = await ctx.db
    .select({
      ...fullColumns,
      host_full_name: profiles.full_name,
      host_email: profiles.email,
      host_business_name: profiles.business_name,
    })
    .from(venues)
    .innerJoin(profiles, eq(profiles.id, venues.host_id))
    .where(where)
    .orderBy(...NEWEST_FIRST);
  return rows.map(({ host_full_name, host_email, host_business_name, ...row }) => ({
    ...withImages(row),
    host: { full_name: host_full_name, email: host_email, business_name: host_business_name },
  }));
}
