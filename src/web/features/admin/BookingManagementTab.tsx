/*
 * Admin "Booking Management" tab (SPEC §2 Admin dashboard): every booking, last changed first,
 * with its badge and links to /edit-booking/{id} and /venue-management/{venueId}?tab=bookings;
 * pending requests can be approved or rejected here. Refreshed live.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Check, ExternalLink, Pencil, Search, X } from 'lucide-react';
import { availableActions } from '@/domain/booking';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import {
  BookingCardHeader,
  BookingFacts,
  BookingListSkeleton,
  bookingsApi,
  GuestContact,
  invalidateBookingViews,
  useAdminBookings,
} from '@/web/features/bookings';
import { LoadError } from '@/web/components/LoadError';
import type { Booking } from '@/domain/contract';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { HostPaymentPanel } from '@/web/features/payments';

const STATUS_FILTERS = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'edited', label: 'Edited' },
] as const;

export function BookingManagementTab() {
  const bookings = useAdminBookings();
  const [status, setStatus] = useState<string>('all');
  const [search, setSearch] = useState('');

  if (bookings.isPending) return <BookingListSkeleton />;
  if (bookings.isError) {
    return <LoadError message="Failed to load bookings." onRetry={() => void bookings.refetch()} />;
  }
  if (bookings.data.length === 0) {
    return (
      <EmptyState
        icon={CalendarDays}
        title="No bookings yet"
        description="Guest booking requests across all venues will appear here."
      />
    );
  }

  const needle = search.trim().toLowerCase();
  const shown = bookings.data.filter(
    (b) =>
      (status === 'all' || b.status === status) &&
      (!needle ||
        [b.id, b.venue.name, b.guest?.full_name ?? '', b.guest?.email ?? '', b.contact_email].some((v) =>
          v.toLowerCase().includes(needle),
        )),
  );

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative sm:max-w-sm sm:flex-1">
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Search venue, guest or booking id"
            aria-label="Search bookings"
            className="pl-10"
          />
        </div>
        <Select value={status} onValueChange={setStatus}>
          <SelectTrigger className="sm:w-48" aria-label="Filter by status">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {STATUS_FILTERS.map((f) => (
              <SelectItem key={f.value} value={f.value}>
                {f.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
          Showing {shown.length} of {bookings.data.length} bookings
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={Search} title="No bookings match" description="Try another search or status." />
      ) : (
        <ul className="flex flex-col gap-4" aria-label="All bookings">
          {shown.map((booking) => (
            <li key={booking.id}>
              <AdminBookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function AdminBookingCard({ booking }: { booking: Booking }) {
  const queryClient = useQueryClient();
  const actions = availableActions(booking, 'admin');
  const decide = useMutation({
    mutationFn: (action: 'approve' | 'reject') => bookingsApi.decide(booking.id, action),
    onSuccess: (_data, action) =>
      toast.success(
        action === 'approve' ? 'Booking accepted successfully.' : 'Booking rejected successfully.',
      ),
    onError: (error) => toast.error('Failed to update booking status.', errorMessage(error, '') || undefined),
    onSettled: () => invalidateBookingViews(queryClient, booking.venue_id),
  });

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
        {actions.includes('approve') && (
          <Button onClick={() => decide.mutate('approve')} disabled={decide.isPending}>
            <Check aria-hidden="true" />
            Approve
          </Button>
        )}
        {actions.includes('reject') && (
          <Button
            variant="ghost"
            className="text-danger hover:text-danger"
            onClick={() => decide.mutate('reject')}
            disabled={decide.isPending}
          >
            <X aria-hidden="true" />
            Reject
          </Button>
        )}
      </div>
    </Card>
  );
}
