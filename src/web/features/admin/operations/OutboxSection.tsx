/*
 * Operations › Outbox: every message the platform sends (it replaces the old Mailbox tab and is
 * still where a fresh install's confirmation links are read). Status, attempts, last error and
 * next attempt per message; retry and cancel; filtered, searched and paged by the server.
 */
import { useState } from 'react';
import { format, formatDistanceToNow } from 'date-fns';
import { Ban, ExternalLink, Inbox, MailOpen, RefreshCw, RotateCcw } from 'lucide-react';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { EmptyState } from '@/web/components/ui/empty-state';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { listQuery, useUrlParams } from '@/web/lib/useUrlParams';
import { cn } from '@/web/lib/utils';
import { ListToolbar, Pager, pageFrom } from '../ListControls';
import type { MailStatus, OutboxMessage } from '@/domain/contract';
import { extractLinks, useOutbox, useOutboxAction } from './data';

const STATUS: Record<MailStatus, { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  sending: { label: 'Sending', tone: 'info' },
  failed: { label: 'Failed', tone: 'danger' },
  uncertain: { label: 'Uncertain', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

const canRetry = (m: OutboxMessage) => ['failed', 'uncertain', 'cancelled'].includes(m.status);
const canCancel = (m: OutboxMessage) => ['pending', 'failed', 'uncertain'].includes(m.status);

export function StatusBadge({ status }: { status: MailStatus }) {
  const s = STATUS[status] ?? { label: status, tone: 'muted' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

function formatDateTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM d, yyyy h:mm a');
}

function timeAgo(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDistanceToNow(date, { addSuffix: true });
}

function MessageActions({ message, compact }: { message: OutboxMessage; compact?: boolean }) {
  const action = useOutboxAction();
  const run = (kind: 'retry' | 'cancel') =>
    action.mutate(
      { id: message.id, action: kind },
      {
        onSuccess: () =>
          toast.success(kind === 'retry' ? 'Message queued again.' : 'Message cancelled.', message.subject),
        onError: (error) =>
          toast.error(
            kind === 'retry' ? 'Could not retry the message.' : 'Could not cancel the message.',
            errorMessage(error, '') || undefined,
          ),
      },
    );
  if (!canRetry(message) && !canCancel(message)) return null;
  return (
    <div className="flex shrink-0 gap-2">
      {canRetry(message) && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => run('retry')}
          disabled={action.isPending}
          aria-label={`Retry ${message.subject} to ${message.to}`}
        >
          <RotateCcw aria-hidden="true" />
          {compact ? <span className="max-sm:sr-only">Retry</span> : 'Retry'}
        </Button>
      )}
      {canCancel(message) && (
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:text-danger"
          onClick={() => run('cancel')}
          disabled={action.isPending}
          aria-label={`Cancel ${message.subject} to ${message.to}`}
        >
          <Ban aria-hidden="true" />
          {compact ? <span className="max-sm:sr-only">Cancel</span> : 'Cancel'}
        </Button>
      )}
    </div>
  );
}

function MessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
  const links = message ? extractLinks(message) : [];
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-3xl">
        {message && (
          <>
            <DialogHeader>
              <DialogTitle className="break-words">{message.subject}</DialogTitle>
              <DialogDescription className="break-all">To {message.to}</DialogDescription>
            </DialogHeader>

            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-xl border border-border bg-surface-raised/60 p-4 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-xs text-muted-foreground">Status</dt>
                <dd className="mt-1">
                  <StatusBadge status={message.status} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Attempts</dt>
                <dd className="mt-1 tabular-nums">{message.attempts}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Created</dt>
                <dd className="mt-1">{formatDateTime(message.created_at)}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">
                  {message.status === 'pending' ? 'Next attempt' : 'Sent'}
                </dt>
                <dd className="mt-1">
                  {formatDateTime(message.status === 'pending' ? message.next_attempt_at : message.sent_at)}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted-foreground">Sender</dt>
                <dd className="mt-1 break-all">
                  {message.sent_from ?? (message.senders.length ? message.senders.join(' → ') : 'MAIL_FROM')}
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-xs text-muted-foreground">Message-ID</dt>
                <dd className="mt-1 break-all font-mono text-xs">{message.message_id ?? '—'}</dd>
              </div>
              {message.last_error && (
                <div className="col-span-full">
                  <dt className="text-xs text-muted-foreground">Last error</dt>
                  <dd className="mt-1 break-words text-danger">{message.last_error}</dd>
                </div>
              )}
            </dl>

            <MessageActions message={message} />

            {links.length > 0 && (
              <section aria-labelledby="mail-links-heading">
                <h3 id="mail-links-heading" className="text-sm font-semibold">
                  Links in this email
                </h3>
                <ul className="mt-2 grid gap-1.5">
                  {links.map((href) => (
                    <li key={href}>
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex max-w-full items-start gap-1.5 rounded text-sm text-accent-soft hover:underline"
                      >
                        <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                        <span className="break-all">{href}</span>
                      </a>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <Tabs defaultValue="html">
              <TabsList>
                <TabsTrigger value="html">HTML</TabsTrigger>
                <TabsTrigger value="text">Text</TabsTrigger>
              </TabsList>
              <TabsContent value="html" className="mt-4">
                <iframe
                  title={`Email: ${message.subject}`}
                  srcDoc={message.html}
                  sandbox=""
                  referrerPolicy="no-referrer"
                  className="h-[min(28rem,60dvh)] w-full rounded-xl border border-border bg-white"
                />
              </TabsContent>
              <TabsContent value="text" className="mt-4">
                <pre className="max-h-[28rem] overflow-auto whitespace-pre-wrap break-words rounded-xl border border-border bg-background p-4 font-mono text-xs leading-relaxed text-foreground">
                  {message.text}
                </pre>
              </TabsContent>
            </Tabs>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

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
                    <span className="block truncate font-medium">{message.subject}</span>
                    <span className="block truncate text-sm text-muted-foreground">
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
