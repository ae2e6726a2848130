/*
 * The venue's answer to a pending request (SPEC §4): Approve, and Reject with its dialog (an
 * optional reason, sent to the guest by email). Manage Venue's bookings tab and the host's
 * inbox both show them; each posts the same decide endpoints and refreshes every booking view.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import type { Booking } from '@/domain/contract';
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
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { bookingsApi, invalidateBookingViews } from '../data';

export const BOOKING_ACCEPTED = 'Booking accepted successfully.';
export const BOOKING_REJECTED = 'Booking rejected successfully.';
export const BOOKING_STATUS_FAILED = 'Failed to update booking status.';

/** The decide mutation of one booking, shared by its Approve and Reject buttons. */
export function useDecide(booking: Booking, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, reason }: { action: 'approve' | 'reject'; reason?: string }) =>
      bookingsApi.decide(booking.id, action, action === 'reject' ? (reason ?? '') : undefined),
    onSuccess: (_data, { action }) => {
      onDone?.();
      toast.success(action === 'approve' ? BOOKING_ACCEPTED : BOOKING_REJECTED);
    },
    onError: (error) => toast.error(BOOKING_STATUS_FAILED, errorMessage(error, '') || undefined),
    onSettled: () => invalidateBookingViews(queryClient, booking.venue_id),
  });
}

export type Decide = ReturnType<typeof useDecide>;

export function ApproveButton({ decide }: { decide: Decide }) {
  return (
    <Button onClick={() => decide.mutate({ action: 'approve' })} disabled={decide.isPending}>
      <Check aria-hidden="true" />
      Approve
    </Button>
  );
}

/** Reject, and its confirmation with the optional reason. */
export function RejectButton({
  booking,
  decide,
  open,
  onOpenChange,
}: {
  booking: Booking;
  decide: Decide;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <>
      <Button
        variant="ghost"
        className="text-danger hover:text-danger"
        onClick={() => onOpenChange(true)}
        disabled={decide.isPending}
      >
        <X aria-hidden="true" />
        Reject
      </Button>
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-w-md">
          <DialogHeader>
            <DialogTitle>Reject this booking?</DialogTitle>
            <DialogDescription>
              The request from {booking.guest?.full_name || booking.contact_email} is cancelled and the
              customer is told by email.
            </DialogDescription>
          </DialogHeader>
          <FormField
            id={`reject-reason-${booking.id}`}
            label="Reason (optional)"
            hint="Included in the email to the customer."
          >
            <Textarea rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep Request
            </Button>
            <Button
              variant="destructive"
              onClick={() => decide.mutate({ action: 'reject', reason })}
              disabled={decide.isPending}
            >
              Reject Booking
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
