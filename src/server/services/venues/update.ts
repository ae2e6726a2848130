/** Edit venue (SPEC §5 /edit-venue/:id): the owner or the admin changes the venue's fields. */
import { eq } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import type { VenueUpdate } from '@/domain/schemas';
import { contentNeedingReview } from '@/domain/venue-review';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { loadForEdit } from './access';
import { announcePendingChanges, nextPending } from './pending-changes';
import { sealBankDetails } from './bank-details';
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
  const { is_active, bank_account_number, bank_routing_number, tax_id, ...fields } = patch;
  const row = await inTransaction(ctx.db, async (tx) => {
    const current = await loadForEdit(tx, viewer, id);
    const changes: Partial<typeof venues.$inferInsert> = {
      ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
      ...sealBankDetails(ctx.cipher, { bank_account_number, bank_routing_number, tax_id }),
    };
    if (is_active !== undefined && canOnVenue(viewerRef(viewer), current, 'moderate')) {
      changes.is_active = is_active;
    }
    // Decision 74: a host's new name or description of an approved venue waits for the admin;
    // the venue stays live as approved.
    const touched = contentNeedingReview(current, changes, viewer.profile.role);
    const reviewed = viewer.profile.role === 'host' && current.is_active;
    if (reviewed && (changes.name !== undefined || changes.description !== undefined)) {
      Object.assign(
        changes,
        nextPending(current, { name: changes.name, description: changes.description }, touched, ctx.now()),
      );
      delete changes.name;
      delete changes.description;
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
    await announcePendingChanges(ctx, tx, viewer, updated!, touched, current.pending_since !== null);
    return updated!;
  });
  return withImages(row);
}
