/*
 * A booking's conversation (decision record 16): the thread, oldest first and newest at the
 * bottom, with the booking's history as system lines; a composer for the guest and the host
 * (Enter sends, Shift+Enter adds a line); read-only for the admin. Opening it (and every new
 * message while it is open) moves the viewer's read marker, which clears their unread badges.
 */
import { useEffect, useRef, useState } from 'react';
import { format } from 'date-fns';
import { Info, Lock, MessagesSquare, SendHorizontal } from 'lucide-react';
import type { ConversationMessage } from '@/domain/contract';
import { MESSAGE_MAX_LENGTH, messageLength } from '@/domain/messages';
import { messageSchema } from '@/domain/schemas';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Textarea } from '@/web/components/ui/textarea';
import { LoadError } from '@/web/components/LoadError';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { formatNumber } from '@/domain/numbers';
import { cn } from '@/web/lib/utils';
import { useConversation, useMarkRead, usePostMessage } from './data';
import { MessageText } from './MessageText';

const when = (iso: string) => format(new Date(iso), 'MMM d, h:mm a');

export function ConversationPanel({ bookingId, className }: { bookingId: string; className?: string }) {
  const thread = useConversation(bookingId);
  const markRead = useMarkRead(bookingId);
  const listRef = useRef<HTMLOListElement>(null);
  const data = thread.data;
  const count = data?.messages.length ?? 0;
  const unread = data?.unread ?? 0;

  // Newest at the bottom: keep the view there as messages arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  // Seen while open: the other side's new messages are read at once.
  const { mutate: read, isPending: reading } = markRead;
  useEffect(() => {
    if (data?.can_write && unread > 0 && !reading) read();
  }, [data?.can_write, unread, count, reading, read]);

  if (thread.isPending) {
    return (
      <div className={cn('flex flex-col gap-3 p-5', className)} aria-busy="true">
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
        <Skeleton className="h-10 w-3/5" />
      </div>
    );
  }
  if (thread.isError) {
    return (
      <div className={cn('p-5', className)}>
        <LoadError message="Failed to load messages." onRetry={() => void thread.refetch()} />
      </div>
    );
  }

  const t = thread.data;
  const lastOwn = [...t.messages].reverse().find((m) => m.kind === 'user' && m.author_role === t.side);

  return (
    <div
      className={cn('flex min-h-0 flex-col', className)}
      data-testid="conversation"
      data-booking-id={bookingId}
    >
      <ol
        ref={listRef}
        className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-4 py-4 sm:px-6"
        aria-label="Messages"
        aria-live="polite"
      >
        {t.has_more && (
          <li className="text-center text-xs text-muted-foreground">Older messages are not shown.</li>
        )}
        {t.messages.length === 0 && (
          <li className="m-auto flex flex-col items-center gap-2 py-10 text-center text-sm text-muted-foreground">
            <MessagesSquare className="size-8 text-accent-soft" aria-hidden="true" />
            No messages yet.
            {t.can_write && <span>Say hello, ask a question, share details about the night.</span>}
          </li>
        )}
        {t.messages.map((m) => (
          <MessageItem
            key={m.id}
            message={m}
            own={m.kind === 'user' && m.author_role === t.side}
            seen={m.id === lastOwn?.id && t.other_last_read_seq >= m.seq}
          />
        ))}
      </ol>
      {t.can_write ? (
        <Composer bookingId={bookingId} />
      ) : (
        <p className="flex items-center gap-2 border-t border-border px-4 py-3 text-sm text-muted-foreground sm:px-6">
          <Lock className="size-4 shrink-0" aria-hidden="true" />
          Read-only: the admin can read this conversation but cannot write in it.
        </p>
      )}
    </div>
  );
}

function MessageItem({
  message: m,
  own,
  seen,
}: {
  message: ConversationMessage;
  own: boolean;
  seen: boolean;
}) {
  if (m.kind === 'system') {
    return (
      <li
        className="mx-auto flex max-w-[92%] items-start gap-2 rounded-xl border border-border bg-surface-raised/60 px-3 py-2 text-xs text-muted-foreground"
        data-kind="system"
      >
        <Info className="mt-0.5 size-3.5 shrink-0 text-accent-soft" aria-hidden="true" />
        <span className="min-w-0 break-words">
          {m.body}{' '}
          <time dateTime={m.created_at} className="whitespace-nowrap opacity-80">
            · {when(m.created_at)}
          </time>
        </span>
      </li>
    );
  }
  return (
    <li
      className={cn('flex max-w-[85%] flex-col gap-1', own ? 'items-end self-end' : 'items-start self-start')}
      data-kind="user"
      data-own={own}
    >
      <span className="px-1 text-xs text-muted-foreground">
        {own ? 'You' : m.author_name} · <time dateTime={m.created_at}>{when(m.created_at)}</time>
      </span>
      <p
        className={cn(
          'whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5 text-sm leading-relaxed',
          own
            ? 'rounded-br-md bg-accent-gradient text-accent-foreground'
            : 'rounded-bl-md border border-border bg-surface-raised text-foreground',
        )}
      >
        <MessageText text={m.body} />
      </p>
      {seen && <span className="px-1 text-xs text-muted-foreground">Seen</span>}
    </li>
  );
}

function Composer({ bookingId }: { bookingId: string }) {
  const [text, setText] = useState('');
  const post = usePostMessage(bookingId);
  const length = messageLength(text.trim());
  const tooLong = length > MESSAGE_MAX_LENGTH;

  const send = () => {
    if (post.isPending) return;
    const parsed = messageSchema.safeParse({ body: text });
    if (!parsed.success) {
      if (text.trim()) toast.error(parsed.error.issues[0]!.message);
      return;
    }
    post.mutate(parsed.data.body, {
      onSuccess: () => setText(''),
      onError: (error) => toast.error(errorMessage(error, 'Failed to send the message. Please try again.')),
    });
  };

  return (
    <form
      className="flex flex-col gap-2 border-t border-border px-4 py-3 sm:px-6"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <label htmlFor={`message-${bookingId}`} className="sr-only">
        Write a message
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={`message-${bookingId}`}
          rows={2}
          className="min-h-12 resize-none"
          placeholder="Write a message…"
          value={text}
          aria-describedby={`message-hint-${bookingId}`}
          aria-invalid={tooLong || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Button
          type="submit"
          size="icon"
          aria-label="Send message"
          disabled={!text.trim() || tooLong || post.isPending}
        >
          <SendHorizontal aria-hidden="true" />
        </Button>
      </div>
      <p
        id={`message-hint-${bookingId}`}
        className="flex justify-between gap-3 text-xs text-muted-foreground"
      >
        <span>
          Enter to send
          <span className="hidden sm:inline">, Shift+Enter for a new line. Links become clickable.</span>
        </span>
        <span className={cn('whitespace-nowrap tabular-nums', tooLong && 'font-semibold text-danger')}>
          {formatNumber(length)} / {formatNumber(MESSAGE_MAX_LENGTH)}
        </span>
      </p>
    </form>
  );
}
