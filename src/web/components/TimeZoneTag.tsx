/**
 * The venue's zone next to a time ("London time"), shown only when the viewer's own zone is a
 * different one: times on venue and booking pages are the venue's wall clock (issue 12 item 8).
 */
import { useSyncExternalStore } from 'react';
import { sameZone, zoneLabel, zoneOffsetLabel, zoneTimeLabel } from '@/domain/time-zones';
import { noSubscription } from '@/web/lib/useHydrated';
import { cn } from '@/web/lib/utils';

/** The browser's IANA zone ('' when the runtime does not say). */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
  } catch {
    return '';
  }
}

/**
 * The viewer's zone once the page is the browser's; null while the server renders and while the
 * browser hydrates what it rendered (the server does not know the viewer's zone: the tag shows
 * only after hydration, so the two renders match).
 */
function useViewerTimeZone(): string | null {
  return useSyncExternalStore(noSubscription, viewerTimeZone, () => null);
}

export function TimeZoneTag({
  zone,
  viewerZone: given,
  className,
}: {
  zone: string | null | undefined;
  /** The viewer's zone; the browser's unless a test says otherwise. */
  viewerZone?: string;
  className?: string;
}) {
  const browserZone = useViewerTimeZone();
  const viewerZone = given ?? browserZone;
  if (!zone || viewerZone === null || (viewerZone && sameZone(zone, viewerZone))) return null;
  const offset = zoneOffsetLabel(zone);
  return (
    <span
      className={cn('whitespace-nowrap text-muted-foreground', className)}
      title={`Venue time zone: ${zoneLabel(zone)}${offset ? ` (${offset})` : ''}`}
      data-testid="venue-time-zone"
    >
      {zoneTimeLabel(zone)}
    </span>
  );
}
