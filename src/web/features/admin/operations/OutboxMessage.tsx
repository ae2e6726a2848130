/*
 * One outbox message in Operations › Outbox: its status badge, its retry and cancel actions, and
 * the dialog showing the message as sent (HTML and text, links, attached files, attempts and last
 * error).
 */
import { format, formatDistanceToNow } from 'date-fns';
import { Ban, ExternalLink, Paperclip, RotateCcw } from 'lucide-react';
import { Badge, type BadgeTone } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import type { MailStatus, OutboxMessage } from '@/domain/contract';
import { extractLinks, useOutboxAction } from './data';

export const STATUS: Record<MailStatus, { label: string; tone: BadgeTone }> = {
  sent: { label: 'Sent', tone: 'success' },
  pending: { label: 'Pending', tone: 'warning' },
  sending: { label: 'Sending', tone: 'info' },
  failed: { label: 'Failed', tone: 'danger' },
  uncertain: { label: 'Uncertain', tone: 'danger' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
};

export const canRetry = (m: OutboxMessage) => ['failed', 'uncertain', 'cancelled'].includes(m.status);
export const canCancel = (m: OutboxMessage) => ['pending', 'failed', 'uncertain'].includes(m.status);

export function StatusBadge({ status }: { status: MailStatus }) {
  const s = STATUS[status] ?? { label: status, tone: 'muted' as const };
  return <Badge tone={s.tone}>{s.label}</Badge>;
}

export function formatDateTime(value: string | null): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : format(date, 'MMM d, yyyy h:mm a');
}

export function timeAgo(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : formatDistanceToNow(date, { addSuffix: true });
}

/** '2.4 KB' */
export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

export function MessageActions({ message, compact }: { message: OutboxMessage; compact?: boolean }) {
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

export function MessageDialog({ message, onClose }: { message: OutboxMessage | null; onClose: () => void }) {
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

            {message.attachments.length > 0 && (
              <section aria-labelledby="mail-attachments-heading">
                <h3 id="mail-attachments-heading" className="text-sm font-semibold">
                  Attachments
                </h3>
                <ul className="mt-2 grid gap-1.5">
                  {message.attachments.map((file) => (
                    <li key={file.id}>
                      <a
                        href={file.url}
                        download={file.filename}
                        className="inline-flex max-w-full items-start gap-1.5 rounded text-sm text-accent-soft hover:underline"
                      >
                        <Paperclip className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                        <span className="break-all">{file.filename}</span>
                        <span className="shrink-0 text-muted-foreground">({formatBytes(file.size)})</span>
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
