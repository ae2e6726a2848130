/** The venue's answer to a pending request (SPEC §4): the host or the admin approves or rejects it. */
import { conflict } from '@/domain/errors';
import { SYSTEM_LINES } from '@/domain/messages';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { BOOKING_TEMPLATES, bookingAcceptedEmail, bookingRejectedEmail } from '../../mail/booking-emails';
import { enqueueEmail } from '../../mail/outbox';
import { appendSystemLine } from '../messages';
import {
  forVenueAction,
  isSeenVersion,
  lockVenueConfirmations,
  refusal,
  confirmation,
  transitionIfUnchanged,
  transitionOrRefuse,
} from './lifecycle';
import { BOOKING_CHANGED, appUrl, emailData, guestDashboardUrl, toView, type BookingView } from './shared';

/**
 * Host or admin accepts a pending request: pending → confirmed (409 when it overlaps a confirmed
 * booking). With `seenUpdatedAt` (the booking's updated_at as the caller's page showed it), 409
 * when the booking has changed since.
 */
export async function approveBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  seenUpdatedAt?: Date,
): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, 'decide');
    const transition = transitionOrRefuse(row.booking, actor, 'approve');
    if (seenUpdatedAt && !isSeenVersion(row.booking, seenUpdatedAt)) {
      throw conflict(BOOKING_CHANGED, 'BOOKING_CHANGED');
    }
    await lockVenueConfirmations(tx, row.booking.venue_id);
    const after = await transitionIfUnchanged(
      tx,
      row,
      transition,
      confirmation(ctx.now(), row),
      refusal(actor, 'approve'),
    );
    await appendSystemLine(tx, id, SYSTEM_LINES.approved(actor === 'admin' ? 'admin' : 'host'));
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.accepted,
      after.booking.contact_email,
      bookingAcceptedEmail(emailData(after), guestDashboardUrl(ctx)),
    );
    return toView(after, true);
  });
}

/** Host or admin rejects a pending request: pending → cancelled, with an optional reason for the guest. */
export async function rejectBooking(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<BookingView> {
  return inTransaction(ctx.db, async (tx) => {
    const { row, actor } = await forVenueAction(tx, viewer, id, 'decide');
    const transition = transitionOrRefuse(row.booking, actor, 'reject');
    const after = await transitionIfUnchanged(tx, row, transition, {}, refusal(actor, 'reject'));
    await appendSystemLine(tx, id, SYSTEM_LINES.rejected(actor === 'admin' ? 'admin' : 'host', reason));
    await enqueueEmail(
      tx,
      BOOKING_TEMPLATES.rejected,
      after.booking.contact_email,
      bookingRejectedEmail(emailData(after), reason, appUrl(ctx, '/')),
    );
    return toView(after, true);
  });
}
