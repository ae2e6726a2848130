/*
 * "Messages" on a booking card: the unread count as a badge, and the booking's conversation in
 * a dialog. The open conversation lives in the URL (?conversation={bookingId}), so the link in
 * an unread-message email opens it on the dashboard.
 */
import { useSearchParams } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { shortId } from '@/domain/booking';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { cn } from '@/web/lib/utils';
import { ConversationPanel } from './ConversationPanel';
import { UnreadBadge } from './UnreadBadge';
import { useUnreadFor } from './data';

export const CONVERSATION_PARAM = 'conversation';

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
        aria-label={unread > 0 ? `Messages, ${unread} unread` : 'Messages'}
        data-testid="messages-button"
      >
        <MessageCircle aria-hidden="true" />
        Messages
        {unread > 0 && <UnreadBadge count={unread} data-testid="booking-unread" />}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="flex h-[min(88dvh,760px)] max-w-2xl flex-col gap-0 overflow-hidden p-0">
          <DialogHeader className="border-b border-border px-5 py-4 pr-14 sm:px-6">
            <DialogTitle>Messages · {title}</DialogTitle>
            <DialogDescription>
              Booking <span className="font-mono">#{shortId(bookingId)}</span>
              {readOnly ? ' · read-only' : ' · the booking’s history appears here too'}
            </DialogDescription>
          </DialogHeader>
          {open && <ConversationPanel bookingId={bookingId} className="min-h-0 flex-1" />}
        </DialogContent>
      </Dialog>
    </>
  );
}
