/*
 * The guest's waitlists on My Bookings (issue 14): each wished time with its venue, where the
 * guest stands in line, whether it came free (with a link to request it), and Leave. Past
 * entries are expired by the server and never listed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { BellRing, Hourglass, MapPin } from 'lucide-react';
import { formatLongDate } from '@/domain/calendar';
import type { WaitlistEntry } from '@/domain/contract';
import { formatTimeRange } from '@/domain/time';
import { LoadError } from '@/web/components/LoadError';
import { TimeZoneTag } from '@/web/components/TimeZoneTag';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { invalidateWaitlist, useMyWaitlist, waitlistApi } from './data';

export function MyWaitlists() {
  const entries = useMyWaitlist();
  return (
    <section aria-labelledby="waitlists-heading">
      <h2 id="waitlists-heading" className="mb-1 text-xl font-semibold">
        Your Waitlists
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Times you are waiting for. When one comes free, we email you at once — the first request the venue
        confirms gets it.
      </p>
      {entries.isPending ? (
        <Skeleton className="h-24 w-full rounded-2xl" />
      ) : entries.isError ? (
        <LoadError message="Failed to load your waitlists." onRetry={() => void entries.refetch()} />
      ) : entries.data.length === 0 ? (
        <p
          className="rounded-2xl border border-dashed border-border bg-surface/50 px-5 py-6 text-sm text-muted-foreground"
          data-testid="waitlists-empty"
        >
          You are not waiting for any time. When a time you want is taken, join its waitlist from the booking
          dialog.
        </p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Waitlists">
          {entries.data.map((entry) => (
            <li key={entry.id}>
              <WaitlistCard entry={entry} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function WaitlistCard({ entry }: { entry: WaitlistEntry }) {
  const queryClient = useQueryClient();
  const leave = useMutation({
    mutationFn: () => waitlistApi.leave(entry.id),
    onSuccess: () => {
      invalidateWaitlist(queryClient, entry.venue_id);
      toast.success('You left the waitlist', `${entry.venue.name}, ${formatLongDate(entry.date)}`);
    },
    onError: (error) => {
      invalidateWaitlist(queryClient, entry.venue_id);
      toast.error(errorMessage(error, 'Could not leave the waitlist.'));
    },
  });
  const when = `${formatLongDate(entry.date)} · ${formatTimeRange(entry.start_time, entry.end_time)}`;
  return (
    <Card
      className="flex h-full flex-col gap-3 p-4 sm:p-5"
      data-testid="waitlist-entry"
      data-entry-id={entry.id}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="truncate font-semibold" title={entry.venue.name}>
            <Link
              to={`/venue/${entry.venue_id}`}
              className="rounded-sm underline-offset-4 hover:text-accent-soft hover:underline"
            >
              {entry.venue.name}
            </Link>
          </h3>
          <p className="mt-0.5 flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate" title={entry.venue.city}>
              {entry.venue.city}
            </span>
          </p>
        </div>
        <span className="inline-flex shrink-0 items-center gap-1 rounded-full border border-border px-2.5 py-0.5 text-xs text-muted-foreground">
          <Hourglass className="size-3" aria-hidden="true" />#{entry.position} in line
        </span>
      </div>
      <p className="text-sm" data-testid="waitlist-when">
        {when}
        {/* The venue's wall clock, named as on the booking cards above it when it is not the reader's. */}
        <TimeZoneTag zone={entry.venue.time_zone} className="ml-1.5 text-xs" />
      </p>
      {entry.notified_at && (
        <p className="flex items-start gap-2 rounded-xl border border-success/35 bg-success/10 px-3 py-2 text-sm text-success">
          <BellRing className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            This time came free.{' '}
            <Link to={`/venue/${entry.venue_id}`} className="font-semibold underline underline-offset-4">
              Request it now
            </Link>
          </span>
        </p>
      )}
      <div className="mt-auto">
        <Button
          variant="outline"
          size="sm"
          disabled={leave.isPending}
          onClick={() => leave.mutate()}
          aria-label={`Leave the waitlist for ${entry.venue.name}, ${when}`}
        >
          {leave.isPending ? 'Leaving...' : 'Leave Waitlist'}
        </Button>
      </div>
    </Card>
  );
}
