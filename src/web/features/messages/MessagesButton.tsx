/*
 * "Messages" on a booking card: the unread count as a badge, and the booking's conversation in
 * a dialog. The open conversation lives in the URL (?conversation={bookingId}), so the link in
 * an unread-message email opens it on the dashboard.
 */
import { Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { cn } from '@/web/lib/utils';
import { preloadable } from '@/web/lib/preloadable';
import { UnreadBadge } from './UnreadBadge';
import { useUnreadFor } from './data';

export const CONVERSATION_PARAM = 'conversation';

// The dialog and its thread load on intent (decision 85): a pointer over the button, the focus
// on it, or the URL opening the conversation.
const ConversationDialog = preloadable(
  () => import('./ConversationDialog'),
  (m) => m.ConversationDialog,
);

export function MessagesButton({
  bookingId,
  title,
  readOnly = false,
  className,
}: {
  bookingId: string;
  /** Who the conversation is with (the venue for the guest, the guest for the host). */
  title: string;
  /** The admin reads the thread and has no unread counts. */
  readOnly?: boolean;
  className?: string;
}) {
  const [params, setParams] = useSearchParams();
  const open = params.get(CONVERSATION_PARAM) === bookingId;
  // Rendered from its first opening on, so that closing it plays out and gives the focus back.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const unread = useUnreadFor(bookingId, !readOnly);

  const setOpen = (next: boolean) =>
    setParams(
      (current) => {
        const p = new URLSearchParams(current);
        if (next) p.set(CONVERSATION_PARAM, bookingId);
        else p.delete(CONVERSATION_PARAM);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <>
      <Button
        variant="outline"
        className={cn('w-full sm:w-fit', className)}
        onClick={() => setOpen(true)}
        onPointerEnter={() => void ConversationDialog.preload()}
        onFocus={() => void ConversationDialog.preload()}
        aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
        data-testid="messages-button"
      >
        <MessageCircle aria-hidden="true" />
        Messages
        {unread > 0 && <UnreadBadge count={unread} data-testid="booking-unread" />}
      </Button>
      {opened && (
        <Suspense fallback={null}>
          <ConversationDialog
            bookingId={bookingId}
            title={title}
            readOnly={readOnly}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </>
  );
}
