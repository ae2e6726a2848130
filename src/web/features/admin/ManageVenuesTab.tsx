/* Admin "Manage Venues" tab: every venue, with edit, view and delete. */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Eye, MapPin, Pencil, Search, Store, Trash2 } from 'lucide-react';
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
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { errorMessage } from '@/web/lib/api';
import { formatCount } from '@/web/lib/format';
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
      className="flex flex-col gap-4 rounded-2xl border border-border bg-surface/90 p-4 sm:flex-row sm:items-center"
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
            <h3 className="truncate font-semibold">{venue.name}</h3>
            <VenueStatusBadge venue={venue} />
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{venue.city}</span>
            <span aria-hidden="true">·</span>
            <span className="truncate">{venue.host.full_name ?? venue.host.email}</span>
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            <span className="font-medium text-foreground tabular-nums">
              {formatPriceWithUnit(venue.base_price, venue.pricing_type)}
            </span>{' '}
            · up to {formatCount(venue.capacity)} guests
          </p>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button asChild variant="secondary" size="sm" className="flex-1 sm:flex-none">
          <Link to={`/edit-venue/${venue.id}`} aria-label={`Edit ${venue.name}`}>
            <Pencil aria-hidden="true" />
            Edit
          </Link>
        </Button>
        <Button asChild variant="secondary" size="sm" className="flex-1 sm:flex-none">
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
          className="flex-1 text-danger hover:text-danger sm:flex-none"
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </li>
  );
}

export function ManageVenuesTab() {
  const venues = useAdminVenues('all');
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<AdminVenue | null>(null);

  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    if (!venues.data || !needle) return venues.data ?? [];
    return venues.data.filter((v) =>
      [v.name, v.city, v.address, v.host.full_name ?? '', v.host.email].some((s) =>
        s.toLowerCase().includes(needle),
      ),
    );
  }, [venues.data, search]);

  if (venues.isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading venues
        </span>
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  if (venues.isError) {
    return (
      <LoadError
        message="Could not load venues"
        description="Please check your connection and try again."
        onRetry={() => void venues.refetch()}
      />
    );
  }
  if (venues.data.length === 0) {
    return (
      <EmptyState icon={Store} title="No venues yet" description="Venues listed by hosts will appear here." />
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative sm:w-80">
          <Search
            className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search venues"
            placeholder="Search by name, city or host"
            className="pl-10"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {shown.length === venues.data.length
            ? `${formatCount(venues.data.length)} venues`
            : `${formatCount(shown.length)} of ${formatCount(venues.data.length)} venues`}
        </p>
      </div>
      {shown.length === 0 ? (
        <EmptyState icon={Search} title="No venues match your search" />
      ) : (
        <ul className="grid gap-3">
          {shown.map((venue) => (
            <VenueRow key={venue.id} venue={venue} onDelete={() => setDeleting(venue)} />
          ))}
        </ul>
      )}
      <DeleteVenueDialog venue={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}
