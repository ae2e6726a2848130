/** Edit venue (SPEC §5 /edit-venue/:id): the owner or the admin changes the venue's fields. */
import { eq } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import type { VenueUpdate } from '@/domain/schemas';
import { contentNeedingReview } from '@/domain/venue-review';
import { viewerRef, type AppContext, type Viewer } from '../../context';
import { venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { loadForEdit } from './access';
import { sendBackForReview } from './back-to-review';
import { fullColumns, withImages, type FullVenue } from './shared';
import { moveBookingsToZone } from './time-zone';

/**
 * Only the fields sent change; is_active is honoured for the admin only (moderate). A new time
 * zone moves the instants of the venue's bookings in the same transaction (moveBookingsToZone):
 * when two confirmed bookings would overlap in the new zone, 409 (the exclusion constraint,
 * mapped by inTransaction) and nothing is written.
 */
export async function updateVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  patch: VenueUpdate,
): Promise<FullVenue> {
  const { is_active, ...fields } = patch;
  const row = await inTransaction(ctx.db, async (tx) => {
    const current = await loadForEdit(tx, viewer, id);
    const changes: Partial<typeof venues.$inferInsert> = Object.fromEntries(
      Object.entries(fields).filter(([, v]) => v !== undefined),
    );
    if (is_active !== undefined && canOnVenue(viewerRef(viewer), current, 'moderate')) {
      changes.is_active = is_active;
    }
    if (Object.keys(changes).length === 0) return current;
    if (changes.time_zone !== undefined && changes.time_zone !== current.time_zone) {
      await moveBookingsToZone(tx, id, changes.time_zone);
    }
    // The rejection email promises another look after the host's edit: a rejected venue the
    // owner edits goes back to the approval queue (its last reason stays readable).
    const reopen =
      viewer.profile.role === 'host' && !current.is_active && current.reviewed_at !== null
        ? { reviewed_at: null }
        : {};
    const [updated] = await tx
      .update(venues)
      .set({ ...changes, ...reopen, updated_at: ctx.now() })
      .where(eq(venues.id, id))
      .returning(fullColumns);
    // Decision 0015: a host's new name or description on an approved venue is reviewed again.
    const touched = contentNeedingReview(current, changes, viewer.profile.role);
    if (touched.length === 0) return updated!;
    await sendBackForReview(ctx, tx, viewer, updated!, touched);
    const [pending] = await tx.select(fullColumns).from(venues).where(eq(venues.id, id));
    return pending!;
  });
  ctx.venueListCache.invalidate(id);
  return withImages(row);
}
