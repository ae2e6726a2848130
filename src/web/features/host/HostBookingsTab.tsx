/*
 * Host dashboard "Bookings" tab (SPEC §2 Host dashboard): the bookings of the host's own
 * venues, last changed first, refreshed live (with the Active Bookings tile).
 */
import { Link } from 'react-router';
import { CalendarDays, Settings2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import {
  BookingCardHeader,
  BookingFacts,
  BookingListSkeleton,
  GuestContact,
  useHostBookings,
} from '@/web/features/bookings';
import { LoadError } from '@/web/components/LoadError';
import type { Booking } from '@/domain/contract';
import { HostPaymentPanel } from '@/web/features/payments';
import { MessagesButton } from '@/web/features/messages';

export function HostBookingsTab() {
  const bookings = useHostBookings();

  if (bookings.isPending) return <BookingListSkeleton />;
  if (bookings.isError) {
    return <LoadError message="Failed to load bookings." onRetry={() => void bookings.refetch()} />;
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title="No bookings yet"
        description="Booking requests for your venues will appear here."
      />
    );
  }
  return (
    <ul className="flex flex-col gap-4" aria-label="Bookings for your venues">
      {bookings.data.map((booking) => (
        <li key={booking.id}>
          <HostBookingCard booking={booking} />
        </li>
      ))}
    </ul>
  );
}

function HostBookingCard({ booking }: { booking: Booking }) {
  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" data-testid="host-booking" data-booking-id={booking.id}>
      <BookingCardHeader booking={booking} title={booking.venue.name} />

      <GuestContact booking={booking} />

      <BookingFacts booking={booking} />

      {booking.special_requests && (
        <div className="text-sm">
          <p className="font-medium text-muted-foreground">Special requests</p>
          <p className="mt-1 whitespace-pre-line break-words">{booking.special_requests}</p>
        </div>
      )}

      <HostPaymentPanel booking={booking} />

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <MessagesButton bookingId={booking.id} title={booking.guest?.full_name || 'Guest'} />
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to={`/venue-management/${booking.venue_id}?tab=bookings`}>
            <Settings2 aria-hidden="true" />
            Manage This Booking
          </Link>
        </Button>
      </div>
    </Card>
  );
}
