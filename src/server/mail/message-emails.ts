/**
 * The unread-message email (decision record 16): when a message in a booking's conversation has
 * stayed unread by the other side for 10 minutes, one email for the whole burst, linking to the
 * conversation. What people typed (the messages, names) goes through renderEmail, which escapes it.
 */
import { shortId } from '@/domain/booking';
import { formatLongDate } from '@/domain/calendar';
import { preview } from '@/domain/messages';
import { renderEmail, type EmailContent } from './layout';

/** Outbox template names (email_outbox.template). */
export const MESSAGE_TEMPLATES = {
  unread: 'booking_message_unread',
} as const;

export interface UnreadMessagesEmail {
  bookingId: string;
  venueName: string;
  date: string;
  /** Who the email is for: the guest hears from the venue, the host from the guest. */
  recipientSide: 'guest' | 'host';
  /** Who wrote: the venue's name for the host's messages, the guest's name for theirs. */
  fromName: string;
  count: number;
  /** The newest unread message. */
  latest: string;
  /** The booking's conversation (the recipient's dashboard opens it). */
  url: string;
}

export function unreadMessagesEmail(p: UnreadMessagesEmail): EmailContent {
  const what = p.count === 1 ? 'a new message' : `${p.count} new messages`;
  const about = `your booking at ${p.venueName} on ${formatLongDate(p.date)}`;
  return renderEmail({
    subject:
      p.recipientSide === 'guest'
        ? `${p.venueName} sent you ${what}`
        : `${p.fromName} sent you ${what} about booking #${shortId(p.bookingId)}`,
    heading: p.count === 1 ? 'You have a new message' : `You have ${p.count} new messages`,
    paragraphs: [
      p.recipientSide === 'guest'
        ? `${p.venueName} wrote to you about ${about}.`
        : `${p.fromName} wrote to you about their booking at ${p.venueName} on ${formatLongDate(p.date)}.`,
      `“${preview(p.latest, 280)}”`,
    ],
    details: [
      ['Booking', `#${shortId(p.bookingId)}`],
      ['Venue', p.venueName],
      ['Date', formatLongDate(p.date)],
    ],
    action: { label: 'Open the conversation', url: p.url },
    footnote:
      'You get one email when messages stay unread for 10 minutes. Reply in Velvet, not to this email.',
  });
}
