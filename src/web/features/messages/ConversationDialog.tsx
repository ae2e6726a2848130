/*
 * The booking's conversation in a dialog (MessagesButton): loaded when it is first wanted — a
 * pointer over "Messages", the focus on it, or the URL naming the conversation — not with the
 * dashboard (decision 85): the thread, linkify, the date formats and the message schema stay out
 * of its first load.
 */
import { shortId } from '@/domain/booking';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { ConversationPanel } from './ConversationPanel';

export function ConversationDialog({
  bookingId,
  title,
  readOnly,
  open,
  onOpenChange,
}: {
  bookingId: string;
  title: string;
  readOnly: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
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
  );
}
