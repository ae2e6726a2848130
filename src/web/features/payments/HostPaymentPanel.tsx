/*
 * The money part of a booking card for the venue's host (SPEC §4 Payment): 'Booking Confirmed'
 * with 'Card on File - Event Fully Confirmed' / 'Payment Completed by Customer' / 'Waiting for
 * customer payment', the deadlines, copying the payment id ('Copied!'), Post-Event Charges
 * (Report Additional Charge, on past minimum-spend bookings with a card on file), refunds,
 * and Cancel Booking on confirmed bookings. Dialogs load only when opened.
 */
import { lazy, Suspense, useState } from 'react';
import { Copy, Hourglass, Receipt, Undo2, XCircle } from 'lucide-react';
import { canReportAdditionalCharge } from '@/domain/charges';
import { hostPaymentStatus } from '@/domain/booking';
import { todayInZone } from '@/domain/availability';
import { Button } from '@/web/components/ui/button';
import type { Booking } from '@/domain/contract';
import { toast } from '@/web/lib/toast';
import { CancelBookingAction } from './CancelBookingAction';
import { cardLabel, formatCents, formatDeadline } from './format';
import { COPIED, COPIED_HINT } from './messages';
import { awaitsPayment, cancellationLine, hostMayCancel, isMinimumSpend } from './paymentView';

const AdditionalChargeDialog = lazy(() => import('./AdditionalChargeDialog'));

export function HostPaymentPanel({
  booking,
  /** The venue's own host may charge and cancel; the admin's cards show the facts only. */
  actions = true,
}: {
  booking: Booking;
  actions?: boolean;
}) {
  const [chargeOpen, setChargeOpen] = useState(false);
  const payment = hostPaymentStatus(booking, booking.venue.pricing_type);
  const zone = booking.venue.time_zone;
  const cancelled = cancellationLine(booking, actions ? 'venue' : 'guest');
  const refunded = booking.refunded_cents ?? 0;
  const canCharge =
    actions && canReportAdditionalCharge(booking, booking.venue.pricing_type, todayInZone(zone));

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success(COPIED, COPIED_HINT);
    } catch {
      toast.error('Could not copy', `Payment ID: ${value}`);
    }
  };

  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="host-payment">
      {payment && (
        <p>
          <span className="font-semibold text-success">Booking Confirmed</span>
          <span className="text-muted-foreground"> · </span>
          <span className={booking.payment_intent_id ? 'text-foreground' : 'text-warning'}>{payment}</span>
        </p>
      )}

      {booking.status === 'pending' && booking.expires_at && (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Hourglass className="size-4 shrink-0 text-info" aria-hidden="true" />
          Answer by {formatDeadline(booking.expires_at, zone)} or the request expires
        </p>
      )}
      {awaitsPayment(booking) && !isMinimumSpend(booking) && booking.payment_due_at && (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Hourglass className="size-4 shrink-0 text-info" aria-hidden="true" />
          Customer must pay by {formatDeadline(booking.payment_due_at, zone)} or the slot is released
        </p>
      )}

      {booking.payment_intent_id && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
          {booking.card && <span>{cardLabel(booking.card)}</span>}
          {booking.paid_cents ? <span>Paid {formatCents(booking.paid_cents)}</span> : null}
          <Button
            variant="ghost"
            size="sm"
            className="h-8 px-2 font-mono text-xs"
            onClick={() => void copy(booking.payment_intent_id!)}
            aria-label={`Copy payment ID ${booking.payment_intent_id}`}
          >
            <Copy aria-hidden="true" />
            {booking.payment_intent_id.slice(0, 8)}
          </Button>
        </div>
      )}

      {refunded > 0 && (
        <p className="flex items-center gap-2">
          <Undo2 className="size-4 shrink-0 text-success" aria-hidden="true" />
          <span className="font-semibold text-success">Refunded {formatCents(refunded)}</span>
        </p>
      )}

      {cancelled && (
        <p className="flex items-start gap-2 text-muted-foreground">
          <XCircle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
          {cancelled}
        </p>
      )}

      {canCharge && (
        <div
          className="flex flex-col gap-3 rounded-2xl border border-border bg-surface-raised/50 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="post-event-charges"
        >
          <div>
            <p className="font-semibold">Post-Event Charges</p>
            <p className="mt-0.5 text-muted-foreground">
              Minimum not met, damages or extra costs? Charge the card on file.
            </p>
          </div>
          <Button variant="outline" onClick={() => setChargeOpen(true)} className="w-full sm:w-auto">
            <Receipt aria-hidden="true" />
            Report Additional Charge
          </Button>
        </div>
      )}

      {actions && hostMayCancel(booking) && <CancelBookingAction booking={booking} audience="venue" />}

      <Suspense fallback={null}>
        {chargeOpen && (
          <AdditionalChargeDialog booking={booking} open={chargeOpen} onOpenChange={setChargeOpen} />
        )}
      </Suspense>
    </div>
  );
}
