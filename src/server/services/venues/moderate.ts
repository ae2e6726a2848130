/** The admin's decisions on a venue: approve, reject (SPEC §5 /admin-dashboard) and delete. */
import { eq } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { forbidden, invalid, notFound } from '@/domain/errors';
import type { VenueDecision } from '@/domain/schemas';
import { viewerRef, type AppContext, type Viewer } from '../../context';
import type { Tx } from '../../db/client';
import { bookings, profiles, venueAvailability, venueReviews, venues, type Profile } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { venueApprovedEmail, venueRejectedEmail } from '../../mail/venue-emails';
import { VENUE_NOT_FOUND, fullColumns, withImages, type FullVenue } from './shared';

const ADMIN_ONLY = 'Access denied. Admin privileges required.';

/** The venue, locked, if the viewer may moderate it (the admin): 404 when missing, else 403. */
async function venueToModerate(tx: Tx, viewer: Viewer, id: string) {
  const [row] = await tx
    .select({ id: venues.id, name: venues.name, host_id: venues.host_id, is_active: venues.is_active })
    .from(venues)
    .where(eq(venues.id, id))
    .for('update');
  if (!row) throw notFound(VENUE_NOT_FOUND);
  if (!canOnVenue(viewerRef(viewer), row, 'moderate')) throw forbidden(ADMIN_ONLY);
  return row;
}

async function hostOf(tx: Tx, hostId: string): Promise<Profile> {
  const [host] = await tx.select().from(profiles).where(eq(profiles.id, hostId));
  if (!host) throw notFound('Host not found');
  return host;
}

/** Admin approval (active, optional notes) or rejection (inactive, reason required); emails the host. */
export async function decideVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  decision: VenueDecision,
): Promise<FullVenue> {
  const notes = decision.notes ?? null;
  if (decision.action === 'reject' && !notes) {
    throw invalid('Please give a reason for the rejection.', 'notes', 'VALIDATION');
  }
  const row = await inTransaction(ctx.db, async (tx) => {
    await venueToModerate(tx, viewer, id);
    const [updated] = await tx
      .update(venues)
      .set({
        is_active: decision.action === 'approve',
        review_notes: notes,
        reviewed_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .where(eq(venues.id, id))
      .returning(fullColumns);
    const venue = updated!;
    const host = await hostOf(tx, venue.host_id);
    const publicUrl = ctx.config.PUBLIC_URL;
    if (decision.action === 'approve') {
      await enqueueEmail(
        tx,
        'venue_approved',
        host.email,
        venueApprovedEmail({ venue, hostName: host.full_name, notes, publicUrl }),
      );
    } else {
      await enqueueEmail(
        tx,
        'venue_rejected',
        host.email,
        venueRejectedEmail({ venue, hostName: host.full_name, reason: notes!, publicUrl }),
      );
    }
    return venue;
  });
  ctx.venueListCache.invalidate(id);
  return withImages(row);
}

/**
 * Admin deletion: the venue's reviews, bookings and date overrides go with it in one
 * transaction; its photos are removed once that transaction has committed.
 */
export async function deleteVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<void> {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const row = await venueToModerate(tx, viewer, id);
    await tx.delete(venueReviews).where(eq(venueReviews.venue_id, id));
    await tx.delete(bookings).where(eq(bookings.venue_id, id));
    await tx.delete(venueAvailability).where(eq(venueAvailability.venue_id, id));
    await tx.delete(venues).where(eq(venues.id, id));
    return row;
  });
  ctx.venueListCache.invalidate(id);
  ctx.log.info({ venueId: id, name: removed.name, reason }, 'venue deleted by the admin');
  try {
    await ctx.storage.deletePrefix(`${id}/`);
  } catch (err) {
    // The rows are gone; leftover files are unreachable (no key refers to them) and only cost space.
    ctx.log.error({ err, venueId: id }, 'could not remove the photos of a deleted venue');
  }
}
