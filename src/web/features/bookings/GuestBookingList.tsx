/*
 * Guest bookings on /user-dashboard (SPEC §2 "Guest bookings", §4 Booking): each booking with
 * its guest badge, 12-hour times and short id; Approve Changes / Reject Changes when the venue
 * modified it; live refresh from the change feed.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarClock, MapPin, MessageSquareText, ReceiptText, Star, Ticket } from 'lucide-react';
import { todayInZone } from '@/domain/availability';
import { hasHostNotes, isAwaitingGuest, shortId } from '@/domain/booking';
import { reviewStage } from '@/domain/reviews';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useAfterFirstCommit } from '@/web/lib/afterFirstCommit';
import { AddToCalendarButton } from '@/web/features/calendar';
import { GuestPaymentPanel } from '@/web/features/payments';
import { MessagesButton } from '@/web/features/messages';
import { BookingChanges } from './BookingChanges';
import { BookingFacts } from './BookingFacts';
import { BookingListSkeleton } from './BookingListSkeleton';
import { BookingStatusBadge } from './BookingStatusBadge';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { LoadError } from '@/web/components/LoadError';
import { bookingsApi, invalidateBookingViews, useGuestBookings } from './data';
import type { Booking } from '@/domain/contract';

export const BOOKING_RESPONSE_FAILED = 'Failed to process booking response.';

export function GuestBookingList() {
  const bookings = useGuestBookings();
  // The list and the tiles share the ['me', 'bookings'] prefix.
  // The cards (a dozen controls each) are drawn after the first paint, in a transition.
  const drawn = useAfterFirstCommit();

  return (
    <section aria-labelledby="bookings-heading">
      <h2 id="bookings-heading" className="mb-4 text-xl font-semibold">
        Your Bookings
      </h2>
      {bookings.isPending || !drawn ? (
        <BookingListSkeleton />
      ) : bookings.isError ? (
        <LoadError message="Failed to load bookings." onRetry={() => void bookings.refetch()} />
      ) : bookings.data.length === 0 ? (
        <EmptyState
          icon={Ticket}
          title="No bookings yet"
          description="When you request a venue, your booking will appear here with its status and payment."
          action={
            <Button asChild>
              <Link to="/">Browse Venues</Link>
            </Button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="Bookings">
          {bookings.data.map((booking) => (
            <li key={booking.id}>
              <GuestBookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GuestBookingCard({ booking }: { booking: Booking }) {
  const queryClient = useQueryClient();
  const [confirmReject, setConfirmReject] = useState(false);
  const awaiting = isAwaitingGuest(booking);

  const respond = useMutation({
    // Approve Changes sends the updated_at of the booking this card shows: if the venue changed
    // the booking again meanwhile, the server refuses (409) instead of confirming unseen terms.
    mutationFn: (vars: { answer: 'approve-changes'; updatedAt: string } | { answer: 'reject-changes' }) =>
      vars.answer === 'approve-changes'
        ? bookingsApi.approveChanges(booking.id, vars.updatedAt)
        : bookingsApi.rejectChanges(booking.id),
    onSuccess: (_data, { answer }) => {
      setConfirmReject(false);
      invalidateBookingViews(queryClient, booking.venue_id);
      if (answer === 'approve-changes') toast.success('Changes approved', 'Your booking is confirmed.');
      else toast.success('Changes rejected', 'Your booking has been cancelled.');
    },
    onError: (error) => {
      setConfirmReject(false);
      toast.error(errorMessage(error, BOOKING_RESPONSE_FAILED));
      invalidateBookingViews(queryClient, booking.venue_id);
    },
  });

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" data-testid="guest-booking" data-booking-id={booking.id}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="text-lg font-semibold leading-tight">
            <Link
              to={`/venue/${booking.venue_id}`}
              className="rounded-sm underline-offset-4 hover:text-accent-soft hover:underline"
            >
              {booking.venue.name}
            </Link>
          </h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden="true" />
              {booking.venue.city}
            </span>
            <span>
              Booking <span className="font-mono text-foreground/90">#{shortId(booking.id)}</span>
            </span>
          </p>
        </div>
        <BookingStatusBadge booking={booking} audience="guest" className="w-fit" />
      </div>

      <BookingFacts booking={booking} />
      <div className="flex flex-wrap gap-3">
        {booking.status !== 'cancelled' && <AddToCalendarButton bookingId={booking.id} className="w-fit" />}
        {(booking.paid_cents ?? 0) > 0 && (
          <Button asChild variant="outline" size="sm" className="w-fit">
            <Link to={`/receipt/${booking.id}`}>
              <ReceiptText aria-hidden="true" />
              Receipt
            </Link>
          </Button>
        )}
      </div>

      {booking.special_requests && (
        <div className="text-sm">
          <p className="font-medium text-muted-foreground">Event details</p>
          <p className="mt-1 whitespace-pre-line break-words">{booking.special_requests}</p>
        </div>
      )}

      {awaiting ? (
        <div
          className="flex flex-col gap-4 rounded-2xl border border-warning/35 bg-warning/10 p-4"
          data-testid="host-changes"
        >
          <div className="flex items-start gap-2.5">
            <MessageSquareText className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-warning">The venue changed your booking</p>
              <p className="mt-1 whitespace-pre-line break-words text-foreground">{booking.host_notes}</p>
              <p className="mt-2 text-muted-foreground">
                The details above show the updated booking. Approve to confirm it, or reject to cancel it.
              </p>
            </div>
          </div>
          <BookingChanges booking={booking} />
          <div className="flex flex-col gap-2 sm:flex-row">
            <Button
              onClick={() => respond.mutate({ answer: 'approve-changes', updatedAt: booking.updated_at })}
              disabled={respond.isPending}
            >
              Approve Changes
            </Button>
            <Button variant="outline" onClick={() => setConfirmReject(true)} disabled={respond.isPending}>
              Reject Changes
            </Button>
          </div>
        </div>
      ) : (
        hasHostNotes(booking) && (
          <div className="rounded-2xl border border-border bg-surface-raised/50 p-4 text-sm">
            <p className="font-medium text-muted-foreground">Note from the venue</p>
            <p className="mt-1 whitespace-pre-line break-words">{booking.host_notes}</p>
          </div>
        )
      )}

      <GuestPaymentPanel booking={booking} />
      <ReviewPrompt booking={booking} />
      <MessagesButton bookingId={booking.id} title={booking.venue.name} />

      <ConfirmDialog
        open={confirmReject}
        onOpenChange={setConfirmReject}
        title="Reject the venue's changes?"
        description="Rejecting the changes cancels this booking. This cannot be undone."
        confirmLabel="Reject Changes"
        destructive
        pending={respond.isPending}
        onConfirm={() => respond.mutate({ answer: 'reject-changes' })}
      />
    </Card>
  );
}

/**
 * SPEC §4 Payment: once the night has passed (in the venue's zone) and it was paid, 'Write a
 * Review' opens the review page in a new tab, unless it was reviewed; before the night the card
 * says the event is coming up; after the review window, nothing.
 */
function ReviewPrompt({ booking }: { booking: Booking }) {
  const stage = reviewStage(booking, todayInZone(booking.venue.time_zone, new Date()));
  if (stage === 'open') {
    return (
      <Button asChild variant="secondary" className="w-full sm:w-fit">
        <a href={`/review/${booking.id}`} target="_blank" rel="noopener noreferrer">
          <Star aria-hidden="true" />
          Write a Review
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Button>
    );
  }
  if (stage === 'upcoming') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="event-upcoming">
        <CalendarClock className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
        Your event is coming up. You can write a review after the night.
      </p>
    );
  }
  if (stage === 'reviewed') {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Star className="size-4 shrink-0 fill-amber-400 text-amber-400" aria-hidden="true" />
        Thanks for your review.
      </p>
    );
  }
  return null;
}
