/*
 * Admin "Venue Approvals" tab: venues waiting for a decision (never rejected ones: they have their
 * own filter in Manage Venues), with host and bank details — account and routing numbers masked
 * to their last 4 until the admin reveals one. Paged by the server.
 */
import { Link } from 'react-router';
import { ListChecks } from 'lucide-react';
import { LoadError } from '@/web/components/LoadError';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { formatCount } from '@/web/lib/format';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { Pager, pageFrom } from '@/web/components/ListControls';
import { PendingVenueCard } from './PendingVenueCard';
import { useAdminVenues } from '@/web/features/venues';

const PAGE_SIZE = 10;
const KEYS = ['page'] as const;

function RejectedNote({ count }: { count: number }) {
  if (count === 0) return null;
  return (
    <p className="text-sm text-muted-foreground">
      {formatCount(count)} rejected {count === 1 ? 'venue is' : 'venues are'} not in this queue.{' '}
      <Link
        to="/admin-dashboard?tab=venues&venue_status=rejected"
        className="font-medium text-accent-soft hover:underline"
      >
        Show rejected venues
      </Link>
    </p>
  );
}

export function VenueApprovalsTab() {
  const [params, setParams] = useUrlParams('approval', KEYS);
  const page = pageFrom(params.page);
  const venues = useAdminVenues(
    listQuery({ status: 'pending', sort: 'oldest' }, { page, page_size: PAGE_SIZE }),
  );

  if (venues.isPending) {
    return (
      <div className="grid gap-6" aria-busy="true">
        <span className="sr-only" role="status">
          Loading venues
        </span>
        <Skeleton className="h-80" />
        <Skeleton className="h-80" />
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
  const { venues: list, total, counts } = venues.data;
  if (total === 0) {
    return (
      <div className="grid gap-4">
        <EmptyState
          icon={ListChecks}
          title="No venues awaiting approval"
          description="New venue submissions from hosts will appear here for review."
        />
        <RejectedNote count={counts.rejected} />
      </div>
    );
  }
  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">Oldest submissions first.</p>
        <RejectedNote count={counts.rejected} />
      </div>
      <ul className="grid gap-6" aria-label="Venues awaiting approval">
        {list.map((venue) => (
          <li key={venue.id}>
            <PendingVenueCard venue={venue} />
          </li>
        ))}
      </ul>
      <Pager
        page={page}
        pageSize={PAGE_SIZE}
        total={total}
        noun="venues awaiting approval"
        onPage={(p) => setParams({ page: p })}
        busy={venues.isFetching}
      />
    </div>
  );
}
