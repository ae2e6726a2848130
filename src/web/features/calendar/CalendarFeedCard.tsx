/**
 * The host's "Calendar feed" on Manage Venue: a private iCal URL of the venue's confirmed
 * bookings to subscribe to in Google Calendar, Apple Calendar or Outlook. Copy it, or make a
 * new one (the old URL stops working at once, after a confirmation).
 */
import { useId, useState } from 'react';
import { CalendarSync, Copy, RefreshCw } from 'lucide-react';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Input } from '@/web/components/ui/input';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { useCalendarFeed, useRegenerateCalendarFeed } from './data';

export const FEED_COPIED = 'Feed URL copied';
export const FEED_CREATED = 'Calendar feed ready';
export const FEED_REGENERATED = 'New feed URL created';
export const REGENERATE_WARNING =
  'Calendars subscribed to the current URL stop updating. You will need to subscribe again with the new URL.';

export function CalendarFeedCard({ venueId }: { venueId: string }) {
  const feed = useCalendarFeed(venueId);
  const regenerate = useRegenerateCalendarFeed(venueId);
  const [confirming, setConfirming] = useState(false);
  const inputId = useId();
  const url = feed.data?.url ?? null;

  const create = (replacing: boolean) =>
    regenerate.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(
          replacing ? FEED_REGENERATED : FEED_CREATED,
          replacing ? 'The old URL no longer works.' : undefined,
        );
      },
      onError: (error) =>
        toast.error('Could not create the feed URL', errorMessage(error, 'Please try again.')),
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(FEED_COPIED, 'Paste it into your calendar app as a subscription.');
    } catch {
      toast.error('Could not copy', 'Select the URL and copy it yourself.');
    }
  };

  return (
    <Card className="mb-6" data-testid="calendar-feed">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2">
          <CalendarSync className="size-5 text-accent" aria-hidden="true" />
          Calendar feed
        </CardTitle>
        <CardDescription>
          Subscribe to this venue&apos;s confirmed bookings in Google Calendar, Apple Calendar or Outlook.
          Keep the URL private: anyone who has it can see the bookings.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {feed.isPending ? (
          <Skeleton className="h-10" />
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Could not load the calendar feed.{' '}
            <button type="button" className="underline" onClick={() => void feed.refetch()}>
              Try again
            </button>
          </p>
        ) : url ? (
          <>
            <label htmlFor={inputId} className="sr-only">
              Calendar feed URL
            </label>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Input
                id={inputId}
                readOnly
                value={url}
                className="min-w-0 font-mono text-xs sm:flex-1"
                onFocus={(e) => e.currentTarget.select()}
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  onClick={() => void copy()}
                  className="min-w-0 flex-1 px-3 sm:flex-none"
                >
                  <Copy aria-hidden="true" />
                  Copy URL
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setConfirming(true)}
                  disabled={regenerate.isPending}
                  className="min-w-0 flex-1 px-3 sm:flex-none"
                >
                  <RefreshCw aria-hidden="true" />
                  Regenerate
                </Button>
              </div>
            </div>
          </>
        ) : (
          <div>
            <Button type="button" onClick={() => create(false)} disabled={regenerate.isPending}>
              <CalendarSync aria-hidden="true" />
              {regenerate.isPending ? 'Creating...' : 'Create feed URL'}
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Regenerate the feed URL?"
        description={REGENERATE_WARNING}
        confirmLabel={regenerate.isPending ? 'Regenerating...' : 'Regenerate URL'}
        cancelLabel="Keep Current URL"
        destructive
        pending={regenerate.isPending}
        onConfirm={() => create(true)}
      />
    </Card>
  );
}
