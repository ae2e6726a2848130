import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Eye, Pencil, Settings2 } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { LoadError } from '@/web/components/LoadError';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { Venue } from '@/domain/contract';
import { useHostVenues } from './data';
import { VenueCity, VenuePriceAndCapacity } from './VenueCardParts';
import { VenuePhoto } from './VenuePhoto';
import { VenueStatusBadge, venueStatus } from './VenueStatusBadge';

type IconType = ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;

/** `eager`: a card of the first row, whose photo is in the first screen (not loaded lazily). */
function HostVenueCard({ venue, eager = false }: { venue: Venue; eager?: boolean }) {
  const status = venueStatus(venue);
  return (
    <article
      className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface/90 shadow-xl shadow-black/30"
      data-testid="host-venue-card"
    >
      <div className="relative">
        <VenuePhoto src={venue.images[0]?.card_url} eager={eager} />
        <div className="absolute left-3 top-3">
          <VenueStatusBadge venue={venue} className="bg-black/75 px-3 py-1 backdrop-blur" />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-lg font-semibold" title={venue.name}>
            {venue.name}
          </h3>
          <VenueCity city={venue.city} className="mt-1 text-sm text-muted-foreground" />
        </div>
        <VenuePriceAndCapacity venue={venue} />
        {status === 'pending' && (
          <p className="rounded-xl border border-warning/30 bg-warning/5 px-3 py-2 text-xs text-warning">
            Waiting for admin approval (usually within 24-48 hours).
          </p>
        )}
        {status === 'rejected' && venue.review_notes && (
          <p className="rounded-xl border border-danger/30 bg-danger/5 px-3 py-2 text-xs text-danger">
            <span className="font-semibold">Not approved:</span> {venue.review_notes}
          </p>
        )}
        <div className="mt-auto grid grid-cols-3 gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to={`/edit-venue/${venue.id}`} aria-label={`Edit ${venue.name}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={`/venue-management/${venue.id}`} aria-label={`Manage ${venue.name}`}>
              <Settings2 aria-hidden="true" />
              Manage
            </Link>
          </Button>
          <Button asChild variant="secondary" size="sm">
            <Link to={`/venue/${venue.id}`} aria-label={`View ${venue.name}`}>
              <Eye aria-hidden="true" />
              View
            </Link>
          </Button>
        </div>
      </div>
    </article>
  );
}

/** The host's venues filtered for one dashboard tab, with its own empty state. */
export function HostVenueList({
  filter,
  empty,
}: {
  filter: (venue: Venue) => boolean;
  empty: { icon: IconType; title: string; description: string; action?: ReactNode };
}) {
  const venues = useHostVenues();

  if (venues.isPending) {
    return (
      <div className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading venues
        </span>
        {Array.from({ length: 3 }, (_, i) => (
          <div
            key={i}
            className="overflow-hidden rounded-2xl border border-border bg-surface/90"
            aria-hidden="true"
          >
            <Skeleton className="aspect-[16/10] rounded-none" />
            <div className="grid gap-3 p-5">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-9" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (venues.isError) {
    return (
      <LoadError
        message="Could not load your venues"
        description="Please check your connection and try again."
        onRetry={() => void venues.refetch()}
      />
    );
  }

  const shown = venues.data.filter(filter);
  if (shown.length === 0) {
    return (
      <EmptyState
        icon={empty.icon}
        title={empty.title}
        description={empty.description}
        action={empty.action}
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {shown.map((venue, index) => (
        <li key={venue.id} className="flex [&>article]:flex-1">
          {/* The first row's photos are the dashboard's largest paint: fetched at once. */}
          <HostVenueCard venue={venue} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}
