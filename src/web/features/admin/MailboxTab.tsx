import { useState } from 'react';
import { format, formatDistanceToNow } from 'date-fns';
import { ExternalLink, Inbox, MailOpen, RefreshCw } from 'lucide-react';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { LoadError } from '@/web/components/LoadError';
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
import { cn } from '@/web/lib/utils';
import type { MailMessage, MailStatus } from '@/domain/contract';
import { useMailbox } from './data';
import { extractLinks } from './mailLinks';

const STATUS: Record<MailStatus, { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  failed: { label: 'Failed', tone: 'danger' },
};

function StatusBadge({ status }: { status: MailStatus }) {
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

function MessageDialog({ message, onClose }: { message: MailMessage | null; onClose: () => void }) {
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
                <dt className="text-xs text-muted-foreground">Sent</dt>
                <dd className="mt-1">{formatDateTime(message.sent_at)}</dd>
              </div>
              {message.last_error && (
                <div className="col-span-full">
                  <dt className="text-xs text-muted-foreground">Last error</dt>
                  <dd className="mt-1 break-words text-danger">{message.last_error}</dd>
                </div>
              )}
            </dl>

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

/** Admin "Mailbox" tab: the outbox of every email the platform sends, newest first. */
export function MailboxTab() {
  const mailbox = useMailbox();
  const [openId, setOpenId] = useState<string | null>(null);
  const messages = mailbox.data?.messages ?? [];
  const open = messages.find((m) => m.id === openId) ?? null;

  return (
    <section aria-labelledby="mailbox-heading" className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="mailbox-heading" className="text-xl font-semibold">
            Mailbox
          </h2>
          <p className="text-sm text-muted-foreground">
            Every email the platform sends goes through this outbox. Open a message to read it.
            {mailbox.data?.transport && <> Transport: {mailbox.data.transport}.</>}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void mailbox.refetch()}
          disabled={mailbox.isFetching}
        >
          <RefreshCw className={cn(mailbox.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>

      {mailbox.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span className="sr-only" role="status">
            Loading messages
          </span>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-18" />
          ))}
        </div>
      ) : mailbox.isError ? (
        <LoadError
          message="Could not load the mailbox"
          description={errorMessage(mailbox.error, 'Please try again in a moment.')}
          onRetry={() => void mailbox.refetch()}
        />
      ) : messages.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No emails yet"
          description="Messages sent by the platform will appear here."
        />
      ) : (
        <ul className="grid gap-2">
          {messages.map((message) => (
            <li key={message.id}>
              <button
                type="button"
                onClick={() => setOpenId(message.id)}
                className="flex w-full items-center gap-4 rounded-xl border border-border bg-surface/80 p-4 text-left transition-colors hover:border-accent/50 hover:bg-surface-raised"
              >
                <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-accent/15 text-accent-soft sm:flex">
                  <MailOpen className="size-5" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{message.subject}</span>
                  <span className="block truncate text-sm text-muted-foreground">
                    To {message.to} · {timeAgo(message.created_at)}
                  </span>
                </span>
                <StatusBadge status={message.status} />
              </button>
            </li>
          ))}
        </ul>
      )}

      <MessageDialog message={open} onClose={() => setOpenId(null)} />
    </section>
  );
}
