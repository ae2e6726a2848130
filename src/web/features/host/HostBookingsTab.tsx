/*
 * Host dashboard "Bookings" tab: the host's inbox (issue 31, decision 77). One page at a time of
 * the bookings of the host's own venues, filtered by status, venue and date and searched by
 * guest, email, venue or reference — all by the server, the filters and page kept in the URL
 * (bookings_status, bookings_venue, bookings_from, bookings_to, bookings_q, bookings_page).
 * Requests awaiting an answer come first, with Approve and Reject in place; the list and its
 * counts refresh live.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { CalendarDays, Settings2 } from 'lucide-react';
import { availableActions } from '@/domain/booking';
import type { Booking } from '@/domain/contract';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { LoadError } from '@/web/components/LoadError';
import { ListSearch, ListSelect, Pager, pageFrom } from '@/web/components/ListControls';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { formatCount } from '@/web/lib/format';
import { errorMessage } from '@/web/lib/api';
import {
  ApproveButton,
  BookingCardHeader,
  BookingFacts,
  BookingListSkeleton,
  GuestContact,
  RejectButton,
  useDecide,
  useHostInbox,
} from '@/web/features/bookings';
import { HostPaymentPanel } from '@/web/features/payments';
import { MessagesButton } from '@/web/features/messages';
import { useHostVenues } from '@/web/features/venues';

/** Bookings on one page of the inbox. */
export const INBOX_PAGE_SIZE = 10;

const KEYS = ['status', 'venue', 'from', 'to', 'q', 'page'] as const;

const STATUSES = [
  { value: 'all', label: 'All statuses' },
  { value: 'awaiting', label: 'Awaiting your answer' },
  { value: 'pending', label: 'Pending' },
  { value: 'confirmed', label: 'Confirmed' },
  { value: 'cancelled', label: 'Cancelled' },
] as const;

export function HostBookingsTab() {
  const [params, setParams] = useUrlParams('bookings', KEYS);
  const page = pageFrom(params.page);
  const query = listQuery({
    status: params.status,
    venue_id: params.venue,
    from: params.from,
    to: params.to,
    q: params.q,
    page: page > 1 ? String(page) : '',
    limit: String(INBOX_PAGE_SIZE),
  });
  const inbox = useHostInbox(query);
  const venues = useHostVenues();
  const filtered = Boolean(params.status || params.venue || params.from || params.to || params.q);
  const data = inbox.data;

  return (
    <section className="flex flex-col gap-5" aria-label="Booking inbox">
      <div className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="inbox-summary">
          {data
            ? data.pending_count === 0
              ? 'No requests are waiting for your answer.'
              : `${formatCount(data.pending_count)} ${data.pending_count === 1 ? 'request is' : 'requests are'} waiting for your answer.`
            : '\u00a0'}
        </p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
        <div className="sm:col-span-2 lg:col-span-1">
          <ListSearch
            value={params.q}
            onChange={(q) => setParams({ q })}
            label="Search bookings"
            placeholder="Guest, email, venue or #ref"
          />
        </div>
        <ListSelect
          value={params.status || 'all'}
          onChange={(status) => setParams({ status })}
          options={STATUSES}
          label="Filter by status"
          className="w-full lg:w-52"
        />
        <ListSelect
          value={params.venue || 'all'}
          onChange={(venue) => setParams({ venue })}
          options={[
            { value: 'all', label: 'All venues' },
            ...(venues.data ?? []).map((v) => ({ value: v.id, label: v.name })),
          ]}
          label="Filter by venue"
          className="w-full lg:w-52"
        />
        <DateBound
          id="inbox-from"
          label="From"
          value={params.from}
          max={params.to}
          onChange={(from) => setParams({ from })}
        />
        <DateBound
          id="inbox-to"
          label="To"
          value={params.to}
          min={params.from}
          onChange={(to) => setParams({ to })}
        />
        {filtered && (
          <Button
            variant="ghost"
            className="w-full sm:w-fit"
            onClick={() => setParams({ status: null, venue: null, from: null, to: null, q: null })}
          >
            Clear filters
          </Button>
        )}
      </div>

      {inbox.isPending ? (
        <BookingListSkeleton />
      ) : inbox.isError ? (
        <LoadError
          message={errorMessage(inbox.error, 'Failed to load bookings.')}
          onRetry={() => void inbox.refetch()}
        />
      ) : data!.bookings.length === 0 && data!.total > 0 ? (
        // A page past the end (its last booking was answered, or an old link).
        <EmptyState
          icon={CalendarDays}
          title="No bookings on this page"
          description={
            data!.total === 1
              ? 'The one booking is on the first page.'
              : `The ${formatCount(data!.total)} bookings are on the pages before it.`
          }
          action={
            <Button variant="outline" onClick={() => setParams({ page: null })}>
              Back to the first page
            </Button>
          }
        />
      ) : data!.bookings.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          title={filtered ? 'No bookings match' : 'No bookings yet'}
          description={
            filtered
              ? 'Try another search, status, venue or dates.'
              : 'Booking requests for your venues will appear here.'
          }
        />
      ) : (
        <>
          <ul
            className={`flex flex-col gap-4${inbox.isPlaceholderData ? ' opacity-70 transition-opacity' : ''}`}
            aria-label="Bookings for your venues"
            aria-busy={inbox.isPlaceholderData}
          >
            {data!.bookings.map((booking) => (
              <li key={booking.id}>
                <HostBookingCard booking={booking} />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={INBOX_PAGE_SIZE}
            total={data!.total}
            noun="bookings"
            onPage={(p) => setParams({ page: p > 1 ? p : null })}
            busy={inbox.isPlaceholderData}
          />
        </>
      )}
    </section>
  );
}

function DateBound({
  id,
  label,
  value,
  min,
  max,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="flex min-w-0 items-center gap-2 lg:w-48">
      <Label htmlFor={id} className="w-11 shrink-0 text-sm text-muted-foreground lg:w-auto">
        {label}
      </Label>
      <Input
        id={id}
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0"
      />
    </div>
  );
}

function HostBookingCard({ booking }: { booking: Booking }) {
  const [rejectOpen, setRejectOpen] = useState(false);
  const decide = useDecide(booking, () => setRejectOpen(false));
  const actions = availableActions(booking, 'host');
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
        {actions.includes('approve') && <ApproveButton decide={decide} />}
        <MessagesButton bookingId={booking.id} title={booking.guest?.full_name || 'Guest'} />
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to={`/venue-management/${booking.venue_id}?tab=bookings`}>
            <Settings2 aria-hidden="true" />
            Manage This Booking
          </Link>
        </Button>
        {actions.includes('reject') && (
          <RejectButton booking={booking} decide={decide} open={rejectOpen} onOpenChange={setRejectOpen} />
        )}
      </div>
    </Card>
  );
}
