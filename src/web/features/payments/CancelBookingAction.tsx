/*
 * 'Cancel Booking' on a booking card (guest's or venue's side) and the cancellation dialog it
 * opens, loaded only when first opened. The caller decides whether the action is offered.
 */
import { lazy, Suspense, useState } from 'react';
import { XCircle } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import type { Booking } from '@/domain/contract';

const CancelBookingDialog = lazy(() => import('./CancelBookingDialog'));

export function CancelBookingAction({
  booking,
  audience,
}: {
  booking: Booking;
  audience: 'guest' | 'venue';
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="w-fit text-danger hover:text-danger"
        onClick={() => setOpen(true)}
      >
        <XCircle aria-hidden="true" />
        Cancel Booking
      </Button>
      <Suspense fallback={null}>
        {open && (
          <CancelBookingDialog booking={booking} audience={audience} open={open} onOpenChange={setOpen} />
        )}
      </Suspense>
    </>
  );
}
