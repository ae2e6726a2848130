/*
 * /payment-success?payment_intent&booking_id&payment_intent_client_secret — the payment result
 * (SPEC §2 Payment success). The booking is named by booking_id, or else by payment_intent (the
 * server looks for it among the viewer's own). It shows only what the server can prove: the page
 * asks GET /api/payments/result, which settles the payment with the provider if nothing has
 * decided it yet, and never takes the query string as evidence of a payment. Paid → 'Payment
 * Successful!', card saved → 'Card on File!'; still processing, failed, unpaid or not the
 * viewer's → an honest state and a way back.
 */
import type { ComponentType, ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  CalendarDays,
  CircleAlert,
  CircleCheck,
  Clock,
  CreditCard,
  House,
  Loader2,
  LogIn,
  ReceiptText,
  RotateCcw,
  SearchX,
  Ticket,
  Users,
  XCircle,
} from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import { signInUrlFor } from '@/domain/return-path';
import { bookingReference } from '@/domain/receipts';
import { formatTimeRange } from '@/domain/time';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Container } from '@/web/components/Container';
import { formatCents, usePaymentResult, type PaymentResult } from '@/web/features/payments';
import { isApiError } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';

export const MINIMUM_SPEND_MESSAGE =
  'You will only be charged for what you actually spend at the venue — nothing has been charged now.';
export const VENUE_PAID_AFTER_EVENT_MESSAGE = 'The venue receives payment after the event is completed.';

type Tone = 'success' | 'info' | 'danger' | 'muted';

const TONES: Record<Tone, string> = {
  success: 'bg-success/15 text-success',
  info: 'bg-info/15 text-info',
  danger: 'bg-danger/15 text-danger',
  muted: 'bg-muted text-muted-foreground',
};

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const bookingId = params.get('booking_id');
  const paymentIntent = params.get('payment_intent');
  const result = usePaymentResult(bookingId, paymentIntent);

  let body: ReactNode;
  if (!bookingId && !paymentIntent) {
    body = (
      <ResultCard
        icon={SearchX}
        tone="muted"
        title="No payment to show"
        text="This link does not name a booking or a payment. Your bookings and their payments are on My Bookings."
      />
    );
  } else if (result.isPending) {
    body = <CheckingCard />;
  } else if (result.isError) {
    const status = isApiError(result.error) ? result.error.status : 0;
    body =
      status === 401 ? (
        <ResultCard
          icon={LogIn}
          tone="muted"
          title="Sign in to see this payment"
          text="Payment results are shown only to the guest who made the booking."
          // Back to this result once signed in.
          primary={{ to: signInUrlFor(location.pathname + location.search), label: 'Sign In', icon: LogIn }}
        />
      ) : status === 404 ? (
        <ResultCard
          icon={SearchX}
          tone="muted"
          title="Booking not found"
          text="We could not find this booking among yours. If you paid for it, check My Bookings."
        />
      ) : (
        <ResultCard
          icon={CircleAlert}
          tone="danger"
          title="We couldn't check this payment"
          text="The payment result could not be loaded. Nothing is shown as paid until we can confirm it."
          extra={
            <Button variant="outline" onClick={() => void result.refetch()}>
              <RotateCcw aria-hidden="true" />
              Try Again
            </Button>
          }
        />
      );
  } else {
    body = <Outcome result={result.data} />;
  }

  return (
    <>
      <Container className="flex justify-center py-12 sm:py-20">{body}</Container>
    </>
  );
}

function Outcome({ result }: { result: PaymentResult }) {
  const { booking } = result;
  const minimumSpend = booking.venue.pricing_type === 'minimum_spend';
  switch (result.state) {
    case 'paid':
    case 'card_on_file': {
      const cardOnFile = result.state === 'card_on_file';
      return (
        <ResultCard
          icon={cardOnFile ? CreditCard : CircleCheck}
          tone="success"
          title={cardOnFile ? 'Card on File!' : 'Payment Successful!'}
          details={<BookingSummary result={result} />}
          text={cardOnFile || minimumSpend ? MINIMUM_SPEND_MESSAGE : VENUE_PAID_AFTER_EVENT_MESSAGE}
          extra={
            cardOnFile ? undefined : (
              <Button asChild variant="outline">
                <Link to={`/receipt/${booking.id}`}>
                  <ReceiptText aria-hidden="true" />
                  View Receipt
                </Link>
              </Button>
            )
          }
        />
      );
    }
    case 'processing':
      return (
        <ResultCard
          icon={Clock}
          tone="info"
          title={minimumSpend ? 'Card Authorization Processing' : 'Payment Processing'}
          details={<BookingSummary result={result} pending />}
          text="Your bank has not confirmed yet. This page updates by itself as soon as it does — you can also close it; My Bookings will show the result."
          extra={
            <p className="flex items-center justify-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              Waiting for confirmation...
            </p>
          }
        />
      );
    case 'failed':
      return (
        <ResultCard
          icon={XCircle}
          tone="danger"
          title={minimumSpend ? 'Card Not Saved' : 'Payment Not Completed'}
          details={<BookingSummary result={result} pending />}
          text={`${result.failure?.message ? `${result.failure.message} ` : ''}Your card was not charged. You can try again from My Bookings.`}
        />
      );
    default:
      return (
        <ResultCard
          icon={CircleAlert}
          tone="muted"
          title="No Payment Recorded"
          details={<BookingSummary result={result} pending />}
          text={
            minimumSpend
              ? 'There is no card on file for this booking yet. You can put one on file from My Bookings.'
              : 'There is no payment for this booking yet. You can pay from My Bookings.'
          }
        />
      );
  }
}

function BookingSummary({ result, pending = false }: { result: PaymentResult; pending?: boolean }) {
  const { booking } = result;
  const cardOnFile = result.state === 'card_on_file' || booking.venue.pricing_type === 'minimum_spend';
  const paidCents = result.amount_cents ?? Math.round(booking.total_price * 100);
  return (
    <div
      className="mt-6 rounded-2xl border border-border bg-surface-raised/60 p-5 text-left text-sm"
      data-testid="payment-booking"
    >
      <p className="text-base font-semibold">{booking.venue.name}</p>
      <p className="mt-1 text-xs text-muted-foreground">
        Booking reference <span className="font-mono text-foreground">{bookingReference(booking.id)}</span>
      </p>
      <ul className="mt-3 grid gap-2 text-muted-foreground">
        <li className="flex items-center gap-2.5">
          <CalendarDays className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
          <span className="text-foreground">{formatLongDate(booking.date)}</span>
        </li>
        {booking.start_time && booking.end_time && (
          <li className="flex items-center gap-2.5">
            <Clock className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
            <span className="text-foreground">{formatTimeRange(booking.start_time, booking.end_time)}</span>
          </li>
        )}
        <li className="flex items-center gap-2.5">
          <Users className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
          <span className="text-foreground">
            {booking.guest_count} {booking.guest_count === 1 ? 'person' : 'people'}
          </span>
        </li>
      </ul>
      {!pending && (
        <p className="mt-4 flex items-center justify-between border-t border-border pt-4 text-base">
          {cardOnFile ? (
            <span className="font-semibold" data-testid="payment-total">
              Card on File: No Charge Now
            </span>
          ) : (
            <>
              <span className="font-semibold">Total Paid</span>
              <span className="font-semibold" data-testid="payment-total">
                {formatCents(paidCents)}
              </span>
            </>
          )}
        </p>
      )}
    </div>
  );
}

function ResultCard({
  icon: Icon,
  tone,
  title,
  text,
  details,
  extra,
  primary = { to: '/user-dashboard', label: 'View My Bookings', icon: Ticket },
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  tone: Tone;
  title: string;
  text: string;
  details?: ReactNode;
  extra?: ReactNode;
  primary?: { to: string; label: string; icon: ComponentType<{ 'aria-hidden'?: boolean | 'true' }> };
}) {
  const PrimaryIcon = primary.icon;
  return (
    <Card className="w-full max-w-lg px-6 py-10 text-center sm:px-10" data-testid="payment-result">
      <span className={cn('mx-auto flex size-16 items-center justify-center rounded-2xl', TONES[tone])}>
        <Icon className="size-8" aria-hidden="true" />
      </span>
      <h1 className="mt-6 font-display text-3xl font-semibold tracking-tight">{title}</h1>
      {details}
      <p className="mt-5 text-muted-foreground">{text}</p>
      {extra && <div className="mt-5">{extra}</div>}
      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild>
          <Link to={primary.to}>
            <PrimaryIcon aria-hidden="true" />
            {primary.label}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/">
            <House aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </div>
    </Card>
  );
}

function CheckingCard() {
  return (
    <Card
      className="w-full max-w-lg px-6 py-10 text-center sm:px-10"
      aria-busy="true"
      data-testid="payment-result"
    >
      <Skeleton className="mx-auto size-16 rounded-2xl" />
      <p className="mt-6 font-display text-2xl font-semibold tracking-tight" role="status">
        Checking your payment...
      </p>
      <Skeleton className="mx-auto mt-6 h-28 w-full rounded-2xl" />
    </Card>
  );
}
