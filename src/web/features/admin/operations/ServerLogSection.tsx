/*
 * Operations › Console Debug (server errors): the latest warnings and errors of the server's log,
 * from its bounded ring buffer, with the request id of each; refreshed every 5 seconds.
 */
import { format } from 'date-fns';
import { RefreshCw, ScrollText } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { cn } from '@/web/lib/utils';
import { useServerLog } from './data';

export function ServerLogSection() {
  const log = useServerLog();
  return (
    <section aria-labelledby="server-log-heading" className="grid gap-4">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id="server-log-heading" className="text-lg font-semibold">
            Console Debug
          </h3>
          <p className="text-sm text-muted-foreground">
            The latest server errors and warnings, newest first
            {log.data && <> (the last {log.data.capacity} are kept by this server process)</>}. Refreshed
            every 5 seconds.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RefreshCw className={cn(log.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {log.isPending ? (
        <Skeleton className="h-60" />
      ) : log.isError ? (
        <EmptyState
          icon={ScrollText}
          title="Could not load the server log"
          description={errorMessage(log.error, 'Please try again.')}
        />
      ) : log.data.entries.length === 0 ? (
        <EmptyState
          icon={ScrollText}
          title="No errors or warnings"
          description="Nothing has gone wrong since this server started."
        />
      ) : (
        <ol className="grid gap-2" aria-label="Server errors and warnings">
          {log.data.entries.map((e, i) => (
            <li key={`${e.time}-${i}`} className="rounded-xl border border-border bg-surface/60 p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone={e.level === 'warn' ? 'warning' : 'danger'}>{e.level}</Badge>
                <time dateTime={e.time} className="font-mono text-xs text-muted-foreground">
                  {format(new Date(e.time), 'MMM d HH:mm:ss')}
                </time>
                {e.request_id && (
                  <span className="font-mono text-xs text-muted-foreground">request {e.request_id}</span>
                )}
              </div>
              <p className="mt-1.5 break-words font-medium">{e.msg}</p>
              {e.err && <p className="mt-1 break-words font-mono text-xs text-danger">{e.err}</p>}
              {Object.keys(e.context).length > 0 && (
                <p className="mt-1 break-words font-mono text-xs text-muted-foreground">
                  {Object.entries(e.context)
                    .map(([k, v]) => `${k}=${String(v)}`)
                    .join(' ')}
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
