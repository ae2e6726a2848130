/*
 * /payment-success?payment_intent&booking_id&payment_intent_client_secret — payment result.
 * Owned by the payments feature, which will look the booking up and show venue, date, time,
 * guests, 'Total Paid' (or 'Card on File!' for minimum-spend venues).
 */
import { Link } from 'react-router';
import { CircleCheck, House, Ticket } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Container } from '@/web/components/Container';
import { DocumentTitle } from '@/web/components/DocumentTitle';

export default function PaymentSuccessPage() {
  return (
    <>
      <DocumentTitle title="Payment" />
      <Container className="flex justify-center py-12 sm:py-20">
        <Card className="w-full max-w-lg px-6 py-10 text-center sm:px-10">
          <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-success/15 text-success">
            <CircleCheck className="size-8" aria-hidden="true" />
          </span>
          <h1 className="mt-6 font-display text-3xl font-semibold tracking-tight">Payment Successful!</h1>
          <p className="mt-4 text-muted-foreground">
            The venue receives payment after the event is completed.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <Button asChild>
              <Link to="/user-dashboard">
                <Ticket aria-hidden="true" />
                View My Bookings
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
      </Container>
    </>
  );
}
