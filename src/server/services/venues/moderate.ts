/** The admin's decisions on a venue: approve, reject (SPEC §5 /admin-dashboard) and delete. */
import { eq, sql } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { conflict, forbidden, invalid, notFound } from '@/domain/errors';
import type { VenueDecision } from '@/domain/schemas';
import { isRepeatApproval, withPendingApplied } from '@/domain/venue-review';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import type { Tx } from '../../db/client';
import { MONEY_KEPT_MESSAGE, PAID_OUT_MESSAGE } from '../../db/errors';
import {
  bookings,
  ledgerEntries,
  profiles,
  venueAvailability,
  venueReviews,
  venues,
  type Profile,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { venueApprovedEmail, venueRejectedEmail } from '../../mail/venue-emails';
import { recordAudit } from '../audit/record';
import { removeFiles } from './images';
import { NO_PENDING, pendingOf } from './pending-changes';
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
  const declined: string[] = [];
  const row = await inTransaction(ctx.db, async (tx) => {
    const before = await venueToModerate(tx, viewer, id);
    const pending = await pendingOf(tx, id);
    if (before.is_active && pending?.pending_since) {
      return decideChanges(ctx, tx, viewer, id, decision, notes, declined);
    }
    if (isRepeatApproval(before, Boolean(pending?.pending_since), decision.action)) {
      const [current] = await tx.select(fullColumns).from(venues).where(eq(venues.id, id));
      return current!;
    }
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
    await recordAudit(tx, viewer, {
      action: decision.action === 'approve' ? 'venue.approved' : 'venue.rejected',
      subject: { type: 'venue', id },
      venue: { id, host_id: venue.host_id },
      summary: `${decision.action === 'approve' ? 'Approved' : 'Rejected'} “${venue.name}”${notes ? `: ${notes}` : ''}`,
      before: { is_active: before.is_active },
      after: { is_active: venue.is_active, notes },
    });
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
  if (declined.length) await removeFiles(ctx, declined);
  return withImages(row);
}

/**
 * Decision 74: the admin's decision on the pending changes of a live venue. Approving applies
 * them (guests see them now); declining drops them (guests keep seeing the approved version).
 * The venue stays live either way. Declined photos are listed for removal after the commit.
 */
async function decideChanges(
  ctx: AppContext,
  tx: Tx,
  viewer: Viewer,
  id: string,
  decision: VenueDecision,
  notes: string | null,
  declined: string[],
) {
  const [current] = await tx.select().from(venues).where(eq(venues.id, id));
  const venue = current!;
  const proposed = withPendingApplied(venue, venue);
  const approve = decision.action === 'approve';
  const [updated] = await tx
    .update(venues)
    .set({
      ...(approve ? proposed : {}),
      ...NO_PENDING,
      review_notes: notes,
      reviewed_at: ctx.now(),
      updated_at: ctx.now(),
    })
    .where(eq(venues.id, id))
    .returning(fullColumns);
  if (!approve) declined.push(...venue.pending_images);
  await recordAudit(tx, viewer, {
    action: approve ? 'revision.approved' : 'revision.rejected',
    subject: { type: 'venue', id },
    venue: { id, host_id: venue.host_id },
    summary: `${approve ? 'Approved' : 'Declined'} the changes to “${venue.name}”${notes ? `: ${notes}` : ''}`,
    before: { name: venue.name, description: venue.description, images: venue.images },
    after: approve
      ? proposed
      : {
          declined: {
            name: venue.pending_name,
            description: venue.pending_description,
            images: venue.pending_images,
          },
          notes,
        },
  });
  const host = await hostOf(tx, venue.host_id);
  const publicUrl = ctx.config.PUBLIC_URL;
  if (approve) {
    await enqueueEmail(
      tx,
      'venue_approved',
      host.email,
      venueApprovedEmail({ venue: updated!, hostName: host.full_name, notes, publicUrl, changes: true }),
    );
  } else {
    await enqueueEmail(
      tx,
      'venue_rejected',
      host.email,
      venueRejectedEmail({
        venue: updated!,
        hostName: host.full_name,
        reason: notes!,
        publicUrl,
        changes: true,
      }),
    );
  }
  return updated!;
}

/** 409 when a booking of the venue has ledger entries: paid out, or money taken (decisions 79, 83). */
async function refuseIfMoneyMoved(tx: Tx, venueId: string) {
  const [moved] = await tx
    .select({ paidOut: sql<boolean>`bool_or(${ledgerEntries.kind} = 'payout')` })
    .from(ledgerEntries)
    .innerJoin(bookings, eq(bookings.id, ledgerEntries.booking_id))
    .where(eq(bookings.venue_id, venueId))
    .having(sql`count(*) > 0`);
  if (!moved) return;
  if (moved.paidOut) throw conflict(PAID_OUT_MESSAGE, 'PAID_OUT');
  throw conflict(MONEY_KEPT_MESSAGE, 'MONEY_KEPT');
}

/**
 * Admin deletion: the venue's reviews, bookings and date overrides go with it in one
 * transaction; its photos are removed once that transaction has committed. A venue whose
 * bookings took money cannot be deleted (409): the ledger keeps those records (decision 83).
 */
export async function deleteVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<void> {
  const removed = await inTransaction(ctx.db, async (tx) => {
    const row = await venueToModerate(tx, viewer, id);
    await refuseIfMoneyMoved(tx, id);
    await tx.delete(venueReviews).where(eq(venueReviews.venue_id, id));
    await tx.delete(bookings).where(eq(bookings.venue_id, id));
    await tx.delete(venueAvailability).where(eq(venueAvailability.venue_id, id));
    await tx.delete(venues).where(eq(venues.id, id));
    await recordAudit(tx, viewer, {
      action: 'venue.deleted',
      subject: { type: 'venue', id },
      venue: { id, host_id: row.host_id },
      summary: `Deleted “${row.name}”${reason ? `: ${reason}` : ''}`,
      before: { name: row.name, is_active: row.is_active },
    });
    return row;
  });
  ctx.log.info({ venueId: id, name: removed.name, reason }, 'venue deleted by the admin');
  try {
    await ctx.storage.deletePrefix(`${id}/`);
  } catch (err) {
    // The rows are gone; leftover files are unreachable (no key refers to them) and only cost space.
    ctx.log.error({ err, venueId: id }, 'could not remove the photos of a deleted venue');
  }
}
