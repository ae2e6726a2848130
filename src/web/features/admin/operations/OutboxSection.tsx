/*
 * Operations › Outbox: every message the platform sends (it replaces the old Mailbox tab and is
 * still where a fresh install's confirmation links are read). Status, attempts, last error and
 * next attempt per message; retry and cancel; filtered, searched and paged by the server.
 */
import { useState } from 'react';
import { Inbox, MailOpen, RefreshCw } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { cn } from '@/web/lib/utils';
import { ListToolbar, Pager, pageFrom } from '@/web/components/ListControls';
import type { MailStatus, OutboxMessage } from '@/domain/contract';
import { useOutbox } from './data';
import { MessageActions, MessageDialog, STATUS, StatusBadge, timeAgo } from './OutboxMessage';

const STATUS_OPTIONS = [
  { value: 'all', label: 'All statuses' },
  ...(Object.keys(STATUS) as MailStatus[]).map((s) => ({ value: s, label: STATUS[s].label })),
];
const SORTS = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
];
const PAGE_SIZE = 20;
const KEYS = ['status', 'q', 'sort', 'page'] as const;

function nextAttemptText(m: OutboxMessage): string | null {
  if (m.status !== 'pending' || m.attempts === 0) return null;
  return `next attempt ${timeAgo(m.next_attempt_at)}`;
}

/** Operations › Outbox. */
export function OutboxSection() {
  const [params, setParams] = useUrlParams('outbox', KEYS);
  const page = pageFrom(params.page);
  const outbox = useOutbox(
    listQuery({ status: params.status, q: params.q, sort: params.sort }, { page, page_size: PAGE_SIZE }),
  );
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = outbox.data?.items ?? [];
  const open = messages.find((m) => m.id === openId) ?? null;
  const counts = outbox.data?.counts;

  return (
    <section aria-labelledby="outbox-heading" className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="outbox-heading" className="text-lg font-semibold">
            Outbox
          </h3>
          <p className="text-sm text-muted-foreground">
            Every email the platform sends goes through this outbox and is retried until it is sent. Open a
            message to read it.
            {outbox.data?.transport && <> Transport: {outbox.data.transport}.</>}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RefreshCw className={cn(outbox.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      <ListToolbar
        params={params}
        setParams={setParams}
        search={{ label: 'Search messages', placeholder: 'Search recipient or subject' }}
        status={{ label: 'Filter by status', options: STATUS_OPTIONS, counts }}
        sort={{ label: 'Sort messages', options: SORTS }}
      />

      {outbox.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading messages
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-18" />
          ))}
        </div>
      ) : outbox.isError ? (
        <EmptyState
          icon={Inbox}
          title="Could not load the outbox"
          description={errorMessage(outbox.error, 'Please try again in a moment.')}
          action={
            <Button variant="outline" onClick={() => void outbox.refetch()}>
              Try again
            </Button>
          }
        />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title={params.status || params.q ? 'No messages match' : 'No emails yet'}
          description={
            params.status || params.q
              ? 'Try another status or search.'
              : 'Messages sent by the platform will appear here.'
          }
        />
      ) : (
        <>
          <ul className="grid grid-cols-[minmax(0,1fr)] gap-2" aria-label="Outbox messages">
            {messages.map((message) => (
              <li
                key={message.id}
                className="flex items-center gap-2 rounded-xl border border-border bg-surface/80 pr-2 transition-colors hover:border-accent/50"
                data-testid="outbox-message"
              >
                <button
                  type="button"
                  onClick={() => setOpenId(message.id)}
                  className="flex min-w-0 flex-1 items-center gap-4 rounded-xl p-4 text-left"
                >
                  <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-soft sm:flex">
                    <MailOpen className="size-5" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium" title={message.subject}>
                      {message.subject}
                    </span>
                    <span className="block truncate text-sm text-muted-foreground" title={message.to}>
                      To {message.to} · {timeAgo(message.created_at)}
                    </span>
                    {(message.attempts > 0 || message.last_error) && (
                      <span className="block truncate text-xs text-muted-foreground">
                        {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
                        {nextAttemptText(message) && <> · {nextAttemptText(message)}</>}
                        {message.last_error && <span className="text-danger"> · {message.last_error}</span>}
                      </span>
                    )}
                  </span>
                  <StatusBadge status={message.status} />
                </button>
                <MessageActions message={message} compact />
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={PAGE_SIZE}
            total={outbox.data.total}
            noun="messages"
            onPage={(p) => setParams({ page: p })}
            busy={outbox.isFetching}
          />
        </>
      )}

      <MessageDialog message={open} onClose={() => setOpenId(null)} />
    </section>
  );
}
