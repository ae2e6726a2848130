/*
 * Cancel a booking (guest: pending or confirmed; host: confirmed). Before anything happens the
 * dialog shows the venue's policy and the exact refund the server would give right now
 * (GET /api/bookings/:id/cancellation); the cancel itself is decided again by the server.
 * Default export: loaded lazily.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import type { Booking } from '@/domain/contract';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { invalidatePaymentViews, paymentsApi, useCancellationQuote } from './api';
import { CANCELLATION_POLICY_LABELS, CANCELLATION_POLICY_SUMMARIES, formatCents } from './format';

export default function CancelBookingDialog({
  booking,
  audience,
  open,
  onOpenChange,
}: {
  booking: Booking;
  audience: 'guest' | 'venue';
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const quote = useCancellationQuote(booking.id, open);
  const [reason, setReason] = useState('');

  const cancel = useMutation({
    mutationFn: () => paymentsApi.cancel(booking.id, reason.trim() || undefined),
    onSuccess: (answer) => {
      onOpenChange(false);
      const refund = answer.refund;
      toast.success(
        'Booking cancelled',
        refund && refund.amount_cents > 0
          ? `${formatCents(refund.amount_cents)} ${refund.status === 'succeeded' ? 'has been refunded' : 'refund is on its way'} to the card used.`
          : audience === 'guest'
            ? 'The venue has been told.'
            : 'The guest has been told by email.',
      );
    },
    onError: (error) => toast.error('Failed to cancel booking.', errorMessage(error, 'Please try again.')),
    onSettled: () => invalidatePaymentViews(queryClient, booking.venue_id),
  });

  const q = quote.data;
  return (
    <Dialog open={open} onOpenChange={(next) => !cancel.isPending && onOpenChange(next)}>
      <DialogContent className="max-w-md" data-testid="cancel-dialog">
        <DialogHeader>
          <DialogTitle>Cancel this booking?</DialogTitle>
          <DialogDescription>
            {booking.venue.name} · booking #{booking.id.slice(0, 8)}. This cannot be undone.
          </DialogDescription>
        </DialogHeader>

        {quote.isPending ? (
          <div className="grid gap-2" aria-busy="true" aria-label="Working out the refund">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : quote.isError || !q ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl border border-danger/40 bg-danger/10 p-3 text-sm"
          >
            <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
            {errorMessage(quote.error, 'Could not work out the refund. Please try again.')}
          </p>
        ) : (
          <div className="grid gap-3 text-sm" data-testid="cancel-quote">
            <div className="rounded-2xl border border-border bg-surface-raised/60 p-4">
              <p className="font-semibold">{CANCELLATION_POLICY_LABELS[q.policy]} cancellation policy</p>
              <p className="mt-1 text-muted-foreground">
                {q.message ||
                  (q.as === 'guest'
                    ? CANCELLATION_POLICY_SUMMARIES[q.policy]
                    : 'A cancellation by the venue always refunds the guest in full.')}
              </p>
              <dl className="mt-3 grid grid-cols-2 gap-2 border-t border-border pt-3">
                <dt className="text-muted-foreground">Paid</dt>
                <dd className="text-right">{formatCents(q.paid_cents)}</dd>
                <dt className="font-semibold">Refund</dt>
                <dd className="text-right font-semibold text-success" data-testid="refund-amount">
                  {formatCents(q.refund_cents)}
                </dd>
              </dl>
            </div>
            {q.can_cancel && (
              <FormField id={`cancel-reason-${booking.id}`} label="Reason (optional)">
                <Textarea
                  rows={2}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  maxLength={500}
                />
              </FormField>
            )}
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep Booking
          </Button>
          <Button
            variant="destructive"
            disabled={!q?.can_cancel || cancel.isPending}
            onClick={() => cancel.mutate()}
          >
            {cancel.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
            Cancel Booking
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
