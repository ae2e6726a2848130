/*
 * Manage Venue, bookings tab (SPEC §2 Manage Venue, §4 Booking): the venue's bookings, last
 * changed first, with Approve, Reject and Edit Booking on pending requests. The admin sees the
 * same list; their Edit Booking opens the admin booking editor (/edit-booking/{id}).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Mail, Pencil, Phone, UserRound, CalendarDays } from 'lucide-react';
import { availableActions, isAwaitingGuest } from '@/domain/booking';
import type { WeeklyHours } from '@/domain/hours';
import type { DateOverride } from '@/domain/pricing';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { HostPaymentPanel } from '@/web/features/payments';
import { MessagesButton } from '@/web/features/messages';
import { BookingFacts } from '../BookingFacts';
import { BookingListSkeleton } from '../BookingListSkeleton';
import { BookingCardHeader } from '../BookingCardParts';
import { EditBookingDialog } from '../EditBookingDialog';
import { LoadError } from '@/web/components/LoadError';
import { ApproveButton, RejectButton, useDecide } from './DecideActions';
import type { Booking } from '@/domain/contract';
import type { Venue } from '@/domain/contract';

export function VenueBookingsTab({
  venue,
  hours,
  overrides,
  bookings,
  loading,
  error,
  onRetry,
  asAdmin = false,
}: {
  venue: Venue;
  hours: WeeklyHours;
  overrides: readonly DateOverride[];
  bookings: Booking[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  asAdmin?: boolean;
}) {
  if (loading) return <BookingListSkeleton />;
  if (error || !bookings) return <LoadError message="Failed to load bookings." onRetry={onRetry} />;
  if (bookings.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title="No bookings yet"
        description="Booking requests for this venue will appear here as soon as guests send them."
      />
    );
  }
  const confirmed = bookings.filter((b) => b.status === 'confirmed');
  return (
    <ul className="flex flex-col gap-4" aria-label={`Bookings for ${venue.name}`}>
      {bookings.map((booking) => (
        <li key={booking.id}>
          <VenueBookingCard
            booking={booking}
            venue={venue}
            hours={hours}
            overrides={overrides}
            confirmed={confirmed}
            asAdmin={asAdmin}
          />
        </li>
      ))}
    </ul>
  );
}

function VenueBookingCard({
  booking,
  venue,
  hours,
  overrides,
  confirmed,
  asAdmin,
}: {
  booking: Booking;
  venue: Venue;
  hours: WeeklyHours;
  overrides: readonly DateOverride[];
  /** The venue's confirmed bookings: the edit dialog disables the times they hold. */
  confirmed: readonly Booking[];
  asAdmin: boolean;
}) {
  const [editOpen, setEditOpen] = useState(false);
  const [rejectOpen, setRejectOpen] = useState(false);
  const actions = availableActions(booking, asAdmin ? 'admin' : 'host');
  const decide = useDecide(booking, () => setRejectOpen(false));

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" data-testid="venue-booking" data-booking-id={booking.id}>
      <BookingCardHeader booking={booking} title={booking.guest?.full_name || 'Guest'} />

      <div className="flex flex-col gap-1.5 text-sm sm:flex-row sm:flex-wrap sm:gap-x-6">
        <span className="inline-flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
          <a
            href={`mailto:${booking.contact_email}`}
            className="truncate hover:underline"
            title={booking.contact_email}
          >
            {booking.contact_email}
          </a>
        </span>
        {booking.contact_phone && (
          <span className="inline-flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
            <a href={`tel:${booking.contact_phone}`} className="hover:underline">
              {booking.contact_phone}
            </a>
          </span>
        )}
        {booking.guest?.email && booking.guest.email !== booking.contact_email && (
          <span className="inline-flex min-w-0 items-center gap-2">
            <UserRound className="size-4 shrink-0 text-accent-soft" aria-hidden="true" />
            <span className="truncate" title={booking.guest.email}>
              {booking.guest.email}
            </span>
          </span>
        )}
      </div>

      <BookingFacts booking={booking} />

      {booking.special_requests && (
        <div className="text-sm">
          <p className="font-medium text-muted-foreground">Special requests</p>
          <p className="mt-1 whitespace-pre-line break-words">{booking.special_requests}</p>
        </div>
      )}

      {booking.host_notes && (
        <div className="rounded-2xl border border-warning/30 bg-warning/5 p-4 text-sm">
          <p className="font-medium text-warning">
            {isAwaitingGuest(booking)
              ? 'Your changes, waiting for the customer'
              : 'Your note to the customer'}
          </p>
          <p className="mt-1 whitespace-pre-line break-words">{booking.host_notes}</p>
        </div>
      )}

      <HostPaymentPanel booking={booking} />

      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <MessagesButton
          bookingId={booking.id}
          title={booking.guest?.full_name || 'Guest'}
          readOnly={asAdmin}
        />
        {actions.includes('approve') && <ApproveButton decide={decide} />}
        {asAdmin ? (
          <Button asChild variant="outline">
            <Link to={`/edit-booking/${booking.id}`}>
              <Pencil aria-hidden="true" />
              Edit Booking
            </Link>
          </Button>
        ) : (
          actions.includes('edit') && (
            <Button variant="outline" onClick={() => setEditOpen(true)} disabled={decide.isPending}>
              <Pencil aria-hidden="true" />
              Edit Booking
            </Button>
          )
        )}
        {!asAdmin && booking.status === 'edited' && (
          <Button variant="outline" onClick={() => setEditOpen(true)}>
            <Pencil aria-hidden="true" />
            View Edited Booking
          </Button>
        )}
        {actions.includes('reject') && (
          <RejectButton booking={booking} decide={decide} open={rejectOpen} onOpenChange={setRejectOpen} />
        )}
      </div>

      {editOpen && (
        <EditBookingDialog
          booking={booking}
          capacity={venue.capacity}
          pricing={{ base_price: venue.base_price, pricing_type: venue.pricing_type, hours, overrides }}
          confirmed={confirmed}
          open={editOpen}
          onOpenChange={setEditOpen}
        />
      )}
    </Card>
  );
}
