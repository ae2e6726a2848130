/*
 * Guest bookings list for /user-dashboard (SPEC §2 "Guest bookings"). Owned by the bookings
 * feature: it will list bookings with badges, payment, Approve / Reject Changes and Write a Review.
 * For now it shows the empty state with the Browse Venues link.
 */
import { Link } from 'react-router';
import { Ticket } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';

export function GuestBookingList() {
  return (
    <section aria-labelledby="bookings-heading">
      <h2 id="bookings-heading" className="mb-4 text-xl font-semibold">
        Your Bookings
      </h2>
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
    </section>
  );
}
