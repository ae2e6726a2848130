/*
 * Admin "Manage Venues" tab: every venue — filtered by review state (pending, approved, rejected),
 * searched, sorted and paged by the server, the filters kept in the URL — with edit, view, the
 * venue's bookings and delete.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, MapPin, Pencil, Search, Store, Ticket, Trash2 } from 'lucide-react';
import { formatPriceWithUnit } from '@/domain/pricing';
import { Button } from '@/web/components/ui/button';
import { LoadError } from '@/web/components/LoadError';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api';
import { formatCount } from '@/web/lib/format';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { ListToolbar, Pager, pageFrom } from '@/web/components/ListControls';
import { toast } from '@/web/lib/toast';
import type { AdminVenue } from '@/domain/contract';
import { useAdminVenues, useDeleteVenue, VenueStatusBadge } from '@/web/features/venues';

const DELETE_FAILED = 'Failed to delete venue.';

function DeleteVenueDialog({ venue, onClose }: { venue: AdminVenue | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const remove = useDeleteVenue();

  const confirm = () => {
    if (!venue) return;
    remove.mutate(
      { id: venue.id, reason },
      {
        onSuccess: () => {
          toast.success('Venue deleted successfully.', `${venue.name} and its bookings were removed.`);
          setReason('');
          onClose();
        },
        onError: (error) => {
          console.error('Failed to delete venue', error);
          const detail = errorMessage(error, '');
          toast.error(DELETE_FAILED, detail && detail !== DELETE_FAILED ? detail : undefined);
        },
      },
    );
  };

  return (
    <Dialog
      open={venue !== null}
      onOpenChange={(open) => {
        if (!open && !remove.isPending) {
          setReason('');
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Delete {venue?.name}?</DialogTitle>
          <DialogDescription>
            The venue is removed with all its bookings, date overrides, reviews and photos. This cannot be
            undone.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="delete-venue-reason">
            Reason <span className="font-normal text-muted-foreground">(optional)</span>
          </Label>
          <Textarea
            id="delete-venue-reason"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            disabled={remove.isPending}
          />
        </div>
        <DialogFooter>
          <Button
            variant="ghost"
            disabled={remove.isPending}
            onClick={() => {
              setReason('');
              onClose();
            }}
          >
            Cancel
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" />
            {remove.isPending ? 'Deleting...' : 'Delete Venue'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function VenueRow({ venue, onDelete }: { venue: AdminVenue; onDelete: () => void }) {
  return (
    <li
      className="flex min-w-0 flex-col gap-4 rounded-2xl border border-border bg-surface/90 p-4 md:flex-row md:items-center"
      data-testid="admin-venue-row"
    >
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <div className="aspect-[16/10] w-24 shrink-0 overflow-hidden rounded-lg bg-surface-raised sm:w-28">
          {venue.images[0] ? (
            <img
              src={venue.images[0].card_url}
              alt=""
              width={640}
              height={400}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full items-center justify-center text-muted-foreground">
              <Store className="size-5" aria-hidden="true" />
            </div>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="truncate font-semibold" title={venue.name}>
              {venue.name}
            </h3>
            <VenueStatusBadge venue={venue} />
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate" title={venue.city}>
              {venue.city}
            </span>
            <span aria-hidden="true">·</span>
            <span className="truncate" title={venue.host.full_name ?? venue.host.email}>
              {venue.host.full_name ?? venue.host.email}
            </span>
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            <span className="font-medium text-foreground tabular-nums">
              {formatPriceWithUnit(venue.base_price, venue.pricing_type)}
            </span>{' '}
            · up to {formatCount(venue.capacity)} guests
          </p>
        </div>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        <Button asChild variant="secondary" size="sm" className="sm:flex-none">
          <Link to={`/edit-venue/${venue.id}`} aria-label={`Edit ${venue.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button asChild variant="secondary" size="sm" className="sm:flex-none">
          <Link to={`/venue-management/${venue.id}?tab=bookings`} aria-label={`Bookings of ${venue.name}`}>
            <Ticket aria-hidden="true" />
            Bookings
          </Link>
        </Button>
        <Button asChild variant="secondary" size="sm" className="sm:flex-none">
          <Link to={`/venue/${venue.id}`} aria-label={`View ${venue.name}`}>
            <Eye aria-hidden="true" />
            View
          </Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${venue.name}`}
          className="text-danger hover:text-danger sm:flex-none"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

const STATUS_OPTIONS = [
  { value: 'all', label: 'All venues' },
  { value: 'pending', label: 'Pending approval' },
  { value: 'active', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
] as const;
const SORT_OPTIONS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'name', label: 'Name A–Z' },
] as const;
const PAGE_SIZE = 20;
const KEYS = ['status', 'q', 'sort', 'page'] as const;

export function ManageVenuesTab() {
  const [params, setParams] = useUrlParams('venue', KEYS);
  const page = pageFrom(params.page);
  const venues = useAdminVenues(
    listQuery({ status: params.status, q: params.q, sort: params.sort }, { page, page_size: PAGE_SIZE }),
  );
  const [deleting, setDeleting] = useState<AdminVenue | null>(null);
  const filtered = Boolean(params.status || params.q);

  const toolbar = (
    <ListToolbar
      params={params}
      setParams={setParams}
      search={{ label: 'Search venues', placeholder: 'Search by name, city or host' }}
      status={{ label: 'Filter by review state', options: STATUS_OPTIONS, counts: venues.data?.counts }}
      sort={{ label: 'Sort venues', options: SORT_OPTIONS }}
    />
  );

  let body;
  if (venues.isPending) {
    body = (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading venues
        </span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  } else if (venues.isError) {
    body = (
      <LoadError
        message="Could not load venues"
        description={errorMessage(venues.error, 'Please check your connection and try again.')}
        onRetry={() => void venues.refetch()}
      />
    );
  } else if (venues.data.total === 0) {
    body = filtered ? (
      <EmptyState icon={Search} title="No venues match" description="Try another search or filter." />
    ) : (
      <EmptyState icon={Store} title="No venues yet" description="Venues listed by hosts will appear here." />
    );
  } else {
    body = (
      <>
        <ul className="grid grid-cols-1 gap-3" aria-label="Venues">
          {venues.data.venues.map((venue) => (
            <VenueRow key={venue.id} venue={venue} onDelete={() => setDeleting(venue)} />
          ))}
        </ul>
        <Pager
          page={page}
          pageSize={PAGE_SIZE}
          total={venues.data.total}
          noun="venues"
          onPage={(p) => setParams({ page: p })}
          busy={venues.isFetching}
        />
      </>
    );
  }

  return (
    <div className="grid gap-4">
      {toolbar}
      {body}
      <DeleteVenueDialog venue={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
