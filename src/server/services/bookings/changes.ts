/** The guest's answer to the venue's changes (SPEC §4): approve them (confirmed) or reject them. */
import { conflict } from '@/domain/errors';
import { SYSTEM_LINES } from '@/domain/messages';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { profiles } from '../../db/schema';
import {
  BOOKING_TEMPLATES,
  bookingChangesApprovedEmail,
  bookingChangesRejectedEmail,
  bookingConfirmedEmail,
} from '../../mail/booking-emails';
import type { EmailContent } from '../../mail/layout';
import { enqueueEmail } from '../../mail/outbox';
import { appendSystemLine } from '../messages';
import {
  forGuestAction,
  isSeenVersion,
  lockVenueConfirmations,
  refusal,
  confirmation,
  transitionIfUnchanged,
  transitionOrRefuse,
} from './lifecycle';
import {
  TERMS_CHANGED_AGAIN,
  emailData,
  guestDashboardUrl,
  manageBookingsUrl,
  toView,
  type BookingRow,
  type BookingView,
} from './shared';

/** The venue's host hears the guest's answer (their lists update live from the bookings feed). */
async function tellHost(
  tx: Tx,
  row: BookingRow,
  template: (typeof BOOKING_TEMPLATES)['changesApproved' | 'changesRejected'],
  content: EmailContent,
) {
  const [host] = await tx
    .select({ email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, row.host_id));
  if (host?.email.trim()) await enqueueEmail(tx, template, host.email, content);
}

/**
 * The guest approves the venue's changes: pending with notes → confirmed (409 on overlap). Only
 * the terms the guest saw: `seenUpdatedAt` is the booking's updated_at as the guest's page
 * showed it, and when the venue has changed the booking since, 409 and nothing changes.
 */
export async function approveChanges(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  seenUpdatedAt: Date,
): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await forGuestAction(tx, viewer, id);
    const transition = transitionOrRefuse(row.booking, 'guest', 'approve_changes');
    if (!isSeenVersion(row.booking, seenUpdatedAt)) throw conflict(TERMS_CHANGED_AGAIN, 'BOOKING_CHANGED');
    await lockVenueConfirmations(tx, row.booking.venue_id);
    const after = await transitionIfUnchanged(
      tx,
      row,
      transition,
      confirmation(ctx.now(), row),
      (fresh) =>
        refusal('guest', 'approve_changes')(fresh) ??
        (isSeenVersion(fresh, seenUpdatedAt) ? null : TERMS_CHANGED_AGAIN),
    );
    await appendSystemLine(tx, id, SYSTEM_LINES.changesApproved());
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.confirmed,
      after.booking.contact_email,
      bookingConfirmedEmail(emailData(after), guestDashboardUrl(ctx)),
    );
    await tellHost(
      tx,
      after,
      BOOKING_TEMPLATES.changesApproved,
      bookingChangesApprovedEmail(emailData(after), manageBookingsUrl(ctx, after.booking.venue_id)),
    );
    return toView(after, false);
  });
}

/** The guest rejects the venue's changes: pending with notes → cancelled; the host is told. */
export async function rejectChanges(ctx: AppContext, viewer: Viewer, id: string): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const row = await forGuestAction(tx, viewer, id);
    const transition = transitionOrRefuse(row.booking, 'guest', 'reject_changes');
    const after = await transitionIfUnchanged(tx, row, transition, {}, refusal('guest', 'reject_changes'));
    await appendSystemLine(tx, id, SYSTEM_LINES.changesRejected());
    await tellHost(
      tx,
      after,
      BOOKING_TEMPLATES.changesRejected,
      bookingChangesRejectedEmail(emailData(after), manageBookingsUrl(ctx, after.booking.venue_id)),
    );
    return toView(after, false);
  });
}
