/*
 * Admin "Booking Management" tab (SPEC §2 Admin dashboard): every booking — searched, filtered,
 * sorted and paged by the server, the filters kept in the URL — with its badge and links to
 * /edit-booking/{id} and /venue-management/{venueId}?tab=bookings; pending requests can be
 * approved or rejected here, with the venue's own buttons (Reject asks first, with an optional
 * reason for the guest). Refreshed live.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarDays, ExternalLink, Pencil, Search } from 'lucide-react';
import { availableActions } from '@/domain/booking';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { MessagesButton } from '@/web/features/messages';
import { EmptyState } from '@/web/components/ui/empty-state';
import {
  ApproveButton,
  BookingCardHeader,
  BookingFacts,
  BookingListSkeleton,
  GuestContact,
  RejectButton,
  useAdminBookings,
  useDecide,
} from '@/web/features/bookings';
import { LoadError } from '@/web/components/LoadError';
import type { Booking } from '@/domain/contract';
import { HostPaymentPanel } from '@/web/features/payments';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { ListToolbar, Pager, pageFrom } from '@/web/components/ListControls';

const STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'edited', label: 'Edited' },
] as const;
const SORTS = [
  { value: 'updated', label: 'Last changed' },
  { value: 'date', label: 'Event date' },
  { value: 'created', label: 'Newest requests' },
] as const;
const PAGE_SIZE = 20;
const KEYS = ['status', 'q', 'sort', 'page'] as const;

export function BookingManagementTab() {
  const [params, setParams] = useUrlParams('booking', KEYS);
  const page = pageFrom(params.page);
  const bookings = useAdminBookings(
    listQuery({ status: params.status, q: params.q, sort: params.sort }, { page, page_size: PAGE_SIZE }),
  );
  const filtered = Boolean(params.status || params.q);
  const counts = bookings.data?.counts;

  const toolbar = (
    <ListToolbar
      params={params}
      setParams={setParams}
      search={{ label: 'Search bookings', placeholder: 'Search venue, guest or booking id' }}
      status={{ label: 'Filter by status', options: STATUS_FILTERS, counts }}
      sort={{ label: 'Sort bookings', options: SORTS, className: 'sm:w-44' }}
    />
  );

  let body;
  if (bookings.isPending) body = <BookingListSkeleton />;
  else if (bookings.isError) {
    body = <LoadError message="Failed to load bookings." onRetry={() => void bookings.refetch()} />;
  } else if (bookings.data.total === 0) {
    body = filtered ? (
      <EmptyState icon={Search} title="No bookings match" description="Try another search or status." />
    ) : (
      <EmptyState
        icon={CalendarDays}
        title="No bookings yet"
        description="Guest booking requests across all venues will appear here."
      />
    );
  } else {
    body = (
      <>
        <ul className="flex flex-col gap-4" aria-label="All bookings">
          {bookings.data.bookings.map((booking) => (
            <li key={booking.id}>
              <AdminBookingCard booking={booking} />
            </li>
          ))}
        </ul>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={bookings.data.total}
          noun="bookings"
          onPage={(p) => setParams({ page: p })}
          busy={bookings.isFetching}
        />
      </>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      {toolbar}
      {body}
    </div>
  );
}

function AdminBookingCard({ booking }: { booking: Booking }) {
  const actions = availableActions(booking, 'admin');
  const [rejectOpen, setRejectOpen] = useState(false);
  const decide = useDecide(booking, () => setRejectOpen(false));

  return (
    <Card className="flex flex-col gap-5 p-5 sm:p-6" data-testid="admin-booking" data-booking-id={booking.id}>
      <BookingCardHeader booking={booking} title={booking.venue.name} detail={booking.venue.city} />
      <GuestContact booking={booking} />
      <BookingFacts booking={booking} />
      <HostPaymentPanel booking={booking} actions={false} />
      {booking.host_notes && (
        <div className="text-sm">
          <p className="font-medium text-muted-foreground">Host notes</p>
          <p className="mt-1 whitespace-pre-line break-words">{booking.host_notes}</p>
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button asChild variant="outline">
          <Link to={`/edit-booking/${booking.id}`}>
            <Pencil aria-hidden="true" />
            Edit Booking
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to={`/venue-management/${booking.venue_id}?tab=bookings`}>
            <ExternalLink aria-hidden="true" />
            Venue Bookings
          </Link>
        </Button>
        <MessagesButton
          bookingId={booking.id}
          title={booking.guest?.full_name || booking.venue.name}
          readOnly
        />
        {actions.includes('approve') && <ApproveButton decide={decide} />}
        {actions.includes('reject') && (
          <RejectButton booking={booking} decide={decide} open={rejectOpen} onOpenChange={setRejectOpen} />
        )}
      </div>
    </Card>
  );
}
