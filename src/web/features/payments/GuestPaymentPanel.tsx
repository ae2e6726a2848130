/*
 * The money part of a guest's booking card (SPEC §4 Payment): the pay prompt ('Pay $X', or
 * 'Put Card on File' for minimum spend) with its deadline, 'Paid' / 'Payment Completed' once the
 * server has recorded it ('Card on File' / 'Payment Completed' for minimum spend, where nothing
 * is charged), refunds, why a booking was cancelled, and Cancel Booking. The payment and cancel
 * dialogs load only when opened.
 */
import { lazy, Suspense, useState } from 'react';
import { BadgeCheck, Clock, CreditCard, Hourglass, Undo2, XCircle } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { isAwaitingGuest } from '@/domain/booking-lifecycle';
import type { Booking } from '@/domain/contract';
import { CancelBookingAction } from './CancelBookingAction';
import { GuestCharges } from './GuestCharges';
import { cardLabel, formatCents, formatDeadline } from './format';
import {
  awaitsPayment,
  cancellationLine,
  guestMayCancel,
  isMinimumSpend,
  paymentStatusOf,
} from './paymentView';

const PaymentDialog = lazy(() => import('./PaymentDialog'));

export function GuestPaymentPanel({ booking }: { booking: Booking }) {
  const [payOpen, setPayOpen] = useState(false);
  const status = paymentStatusOf(booking);
  const minimumSpend = isMinimumSpend(booking);
  const zone = booking.venue.time_zone;
  const cancelled = cancellationLine(booking, 'guest');
  const refunded = booking.refunded_cents ?? 0;

  return (
    <div className="flex flex-col gap-3" data-testid="guest-payment">
      {/* A request the venue changed waits for the guest, and never expires (timed-transitions.ts). */}
      {booking.status === 'pending' && !isAwaitingGuest(booking) && booking.expires_at && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Hourglass className="size-4 shrink-0 text-info" aria-hidden="true" />
          Venue must answer by {formatDeadline(booking.expires_at, zone)}
        </p>
      )}

      {awaitsPayment(booking) && (
        <div className="flex flex-col gap-3 rounded-2xl border border-accent/35 bg-accent/10 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0 text-sm">
            <p className="font-semibold">
              {minimumSpend
                ? 'Put a card on file to secure your booking'
                : 'Your booking is confirmed — payment due'}
            </p>
            <p className="mt-1 text-muted-foreground">
              {minimumSpend ? (
                'Card on file - charged only if minimum not met. Nothing is charged now.'
              ) : booking.payment_due_at ? (
                <span className="inline-flex items-center gap-1.5">
                  <Clock className="size-3.5 shrink-0" aria-hidden="true" />
                  Pay by {formatDeadline(booking.payment_due_at, zone)} or the booking is released.
                </span>
              ) : (
                'Pay to complete your booking.'
              )}
            </p>
          </div>
          <Button onClick={() => setPayOpen(true)} className="w-full sm:w-auto">
            <CreditCard aria-hidden="true" />
            {minimumSpend ? 'Put Card on File' : `Pay ${formatCents(Math.round(booking.total_price * 100))}`}
          </Button>
        </div>
      )}

      {status === 'processing' && booking.status === 'confirmed' && (
        <p className="flex items-center gap-2 text-sm text-info">
          <Clock className="size-4" aria-hidden="true" />
          Payment processing — we&apos;ll update this booking as soon as your bank confirms.
        </p>
      )}

      {(status === 'paid' || status === 'partially_refunded' || (status === 'refunded' && !minimumSpend)) &&
        booking.payment_intent_id && (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <Badge tone="success">
              <BadgeCheck aria-hidden="true" />
              Paid
            </Badge>
            <span className="font-medium text-success">Payment Completed</span>
            {booking.paid_cents ? (
              <span className="text-muted-foreground">· {formatCents(booking.paid_cents)}</span>
            ) : null}
            {booking.card && <span className="text-muted-foreground">· {cardLabel(booking.card)}</span>}
          </div>
        )}

      {status === 'card_on_file' && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone="success">
            <CreditCard aria-hidden="true" />
            Card on File
          </Badge>
          {/* SPEC §4: the guest's part is done once the card is on file, as for a payment. */}
          <span className="font-medium text-success">Payment Completed</span>
          <span className="text-muted-foreground">
            · {booking.card ? `${cardLabel(booking.card)}, ` : ''}charged only if the minimum is not met
          </span>
          {booking.paid_cents ? (
            <span className="text-muted-foreground">
              · post-event charges {formatCents(booking.paid_cents)}
            </span>
          ) : null}
        </div>
      )}

      {refunded > 0 && (
        <p className="flex items-center gap-2 text-sm" data-testid="refund-line">
          <Undo2 className="size-4 shrink-0 text-success" aria-hidden="true" />
          <span>
            <span className="font-semibold text-success">Refunded {formatCents(refunded)}</span>
            {booking.paid_cents ? (
              <span className="text-muted-foreground"> of {formatCents(booking.paid_cents)} paid</span>
            ) : null}
          </span>
        </p>
      )}

      {cancelled && (
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          {cancelled}
        </p>
      )}

      {guestMayCancel(booking) && <CancelBookingAction booking={booking} audience="guest" />}

      <Suspense fallback={null}>
        {payOpen && <PaymentDialog booking={booking} open={payOpen} onOpenChange={setPayOpen} />}
      </Suspense>
      {minimumSpend && <GuestCharges bookingId={booking.id} />}
    </div>
  );
}
