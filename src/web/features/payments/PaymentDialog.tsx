/*
 * The payment dialog of My Bookings (SPEC §2, §4 Payment, §5, §8): asks the server for a payment
 * (hourly) or a card setup (minimum spend) when it opens, then shows the provider's card form —
 * the built-in processor's, or Stripe Elements loaded in a chunk of their own. On success the
 * guest goes to /payment-success, which asks the server what really happened.
 * Default export: loaded lazily, so the home page's bundle never carries it.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, CalendarDays, CreditCard, RotateCcw } from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import { formatTimeRange } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Skeleton } from '@/web/components/ui/skeleton';
import { useAuth } from '@/web/features/auth';
import type { Booking } from '@/domain/contract';
import { errorMessage, isApiError } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { invalidatePaymentViews, paymentsApi } from './api';
import { formatCents } from './format';
import { LocalPaymentForm } from './LocalPaymentForm';
import {
  CARD_AUTHORIZATION_PROCESSING,
  PAYMENT_PROCESSING,
  PAYMENT_SETUP_FAILED,
  setupFailedMessage,
} from './messages';
import type { PaymentFormProps } from './PaymentParts';
import type { CreatePaymentResponse } from '@/domain/contract/payments';

const StripePaymentForm = lazy(() => import('./StripePaymentForm'));

export default function PaymentDialog({
  booking,
  open,
  onOpenChange,
}: {
  booking: Booking;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { profile } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isMinimumSpend = booking.venue.pricing_type === 'minimum_spend';
  const [session, setSession] = useState<CreatePaymentResponse | null>(null);
  const [cardholderName, setCardholderName] = useState('');
  const leaving = useRef(false);

  const setup = useMutation({
    mutationFn: () =>
      paymentsApi.createPayment({
        amount: booking.total_price,
        currency: 'usd',
        isMinimumSpend,
        metadata: {
          booking_id: booking.id,
          venue_id: booking.venue_id,
          user_id: booking.user_id,
          user_email: profile?.email ?? booking.contact_email,
          pricing_type: booking.venue.pricing_type,
        },
      }),
    onSuccess: setSession,
    onError: (error) => {
      const detail =
        isApiError(error) && !error.fromService && error.status
          ? `HTTP ${error.status}: ${error.message}`
          : errorMessage(error, error instanceof Error ? error.message : 'Unknown error');
      toast.error(PAYMENT_SETUP_FAILED, setupFailedMessage(detail));
      // The booking may have changed meanwhile (paid elsewhere, cancelled): show its state.
      invalidatePaymentViews(queryClient, booking.venue_id);
    },
  });

  const { mutate: startSetup, isIdle } = setup;
  useEffect(() => {
    if (open && isIdle) startSetup();
  }, [open, isIdle, startSetup]);

  const go = (params: Record<string, string>) => {
    leaving.current = true;
    invalidatePaymentViews(queryClient, booking.venue_id);
    onOpenChange(false);
    void navigate(`/payment-success?${new URLSearchParams(params).toString()}`);
  };

  const formProps: PaymentFormProps = {
    bookingId: booking.id,
    clientSecret: session?.clientSecret ?? null,
    isMinimumSpend,
    amountCents: session?.amountCents ?? Math.round(booking.total_price * 100),
    publishableKey: session?.publishableKey,
    cardholderName,
    onCardholderNameChange: setCardholderName,
    onSucceeded: (intentId) => {
      if (isMinimumSpend) {
        toast.info(CARD_AUTHORIZATION_PROCESSING, 'Saving your card and confirming your booking...');
      } else {
        toast.info(PAYMENT_PROCESSING, 'Confirming your payment...');
      }
      go({
        payment_intent: intentId,
        booking_id: booking.id,
        payment_intent_client_secret: session?.clientSecret ?? '',
      });
    },
    onNotSucceeded: () => go({ booking_id: booking.id }),
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !leaving.current && onOpenChange(next)}>
      <DialogContent className="max-w-md gap-5" data-testid="payment-dialog">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <CreditCard className="size-5 text-accent-soft" aria-hidden="true" />
            {isMinimumSpend ? 'Put Card on File' : 'Complete Payment'}
          </DialogTitle>
          <DialogDescription>
            {isMinimumSpend
              ? 'Your card is saved securely and nothing is charged now. You are only charged after the event if the minimum spend is not met.'
              : 'Pay for your confirmed booking. The venue receives payment after the event is completed.'}
          </DialogDescription>
        </DialogHeader>

        <div className="rounded-2xl border border-border bg-surface-raised/60 p-4 text-sm">
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <p className="truncate font-semibold">{booking.venue.name}</p>
              <p className="mt-1 flex items-start gap-1.5 text-muted-foreground">
                <CalendarDays className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                <span>
                  {formatLongDate(booking.date)}
                  <br />
                  {formatTimeRange(booking.start_time, booking.end_time)}
                </span>
              </p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-xs uppercase tracking-wide text-muted-foreground">
                {isMinimumSpend ? 'Minimum spend' : 'Total'}
              </p>
              <p className="text-lg font-semibold" data-testid="payment-amount">
                {/* A card setup charges nothing ($0 on the intent): show the minimum it secures. */}
                {formatCents(isMinimumSpend ? Math.round(booking.total_price * 100) : formProps.amountCents)}
              </p>
            </div>
          </div>
          {isMinimumSpend && (
            <p className="mt-3 border-t border-border pt-3 text-xs text-muted-foreground">
              Charged now: <span className="font-semibold text-foreground">$0.00</span>
            </p>
          )}
        </div>

        {setup.isError ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-2xl border border-danger/40 bg-danger/10 p-4 text-sm"
          >
            <p className="flex items-start gap-2">
              <AlertTriangle className="mt-0.5 size-4 shrink-0 text-danger" aria-hidden="true" />
              <span>
                <span className="font-semibold">{PAYMENT_SETUP_FAILED}.</span>{' '}
                {errorMessage(setup.error, 'The payment could not be prepared.')}
              </span>
            </p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => setup.reset()}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          </div>
        ) : session?.provider === 'stripe' ? (
          <Suspense fallback={<FormSkeleton />}>
            <StripePaymentForm {...formProps} />
          </Suspense>
        ) : (
          // Until the server answers, the local form shows with Pay disabled (no client secret yet).
          <LocalPaymentForm {...formProps} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function FormSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true" aria-label="Loading card form">
      <Skeleton className="h-12 w-full rounded-xl" />
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-12 w-full rounded-xl" />
    </div>
  );
}
