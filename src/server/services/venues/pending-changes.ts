/**
 * Decision record 74: a host's changes to an approved venue's name, description or photos wait
 * for the admin while the venue stays live as approved (pending_* columns, private to the host
 * and the admin). Called inside the transaction of the change, by the venue update and the photo
 * upload; the admin applies or declines them in moderate.ts.
 */
import { eq } from 'drizzle-orm';
import { pendingChangesNote, type ReviewedContent } from '@/domain/venue-review';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { Tx } from '../../db/client';
import { venues, type Venue } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import { venueChangedAdminEmail, type VenueSummary } from '../../mail/venue-emails';

type PendingColumns = Pick<
  Venue,
  'pending_name' | 'pending_description' | 'pending_images' | 'pending_since'
>;

/** The pending columns after a change: what now waits, and since when (null when nothing does). */
export function nextPending(
  current: PendingColumns,
  change: { name?: string | null; description?: string | null; imageAdded?: string; imageRemoved?: string },
  touched: ReviewedContent[],
  now: Date,
): Omit<PendingColumns, 'pending_since'> & { pending_since: Date | null } {
  let { pending_name, pending_description } = current;
  let pending_images = current.pending_images;
  // A field set back to its approved value no longer waits.
  if (change.name !== undefined) pending_name = touched.includes('name') ? (change.name ?? null) : null;
  if (change.description !== undefined) {
    pending_description = touched.includes('description') ? (change.description ?? '') : null;
  }
  if (change.imageAdded) pending_images = [...pending_images, change.imageAdded];
  if (change.imageRemoved) pending_images = pending_images.filter((k) => k !== change.imageRemoved);
  const waiting = pending_name !== null || pending_description !== null || pending_images.length > 0;
  return {
    pending_name,
    pending_description,
    pending_images,
    pending_since: waiting ? (current.pending_since ?? now) : null,
  };
}

/** Tells the admin when a venue starts having changes to review (once, not per edit). */
export async function announcePendingChanges(
  ctx: AppContext,
  tx: Tx,
  viewer: Viewer,
  venue: VenueSummary,
  touched: ReviewedContent[],
  wasPending: boolean,
): Promise<void> {
  if (touched.length === 0 || wasPending) return;
  await enqueueEmail(
    tx,
    'venue_changed_admin',
    ctx.config.ADMIN_EMAIL,
    venueChangedAdminEmail({
      venue,
      host: viewer.profile,
      note: pendingChangesNote(touched),
      publicUrl: ctx.config.PUBLIC_URL,
    }),
  );
}

/** Clears a venue's pending changes (applied or declined). */
export const NO_PENDING = {
  pending_name: null,
  pending_description: null,
  pending_images: [] as string[],
  pending_since: null,
};

export async function pendingOf(tx: Tx, id: string): Promise<PendingColumns | undefined> {
  const [row] = await tx
    .select({
      pending_name: venues.pending_name,
      pending_description: venues.pending_description,
      pending_images: venues.pending_images,
      pending_since: venues.pending_since,
    })
    .from(venues)
    .where(eq(venues.id, id));
  return row;
}
