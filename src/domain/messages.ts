/**
 * The conversation on a booking (issue 14, decision record 16): who takes part, how long a
 * message may be, what counts as unread, when an unread message earns an email, and the text
 * of the system lines the booking's lifecycle writes into the thread. Pure: the server and the
 * web both use it.
 */
import type { BookingRelation } from './access';
import { formatLongDate } from './calendar';
import { formatNumber } from './numbers';
import { formatUsd } from './pricing';
import { formatTimeRange } from './time';

export const MESSAGE_MAX_LENGTH = 2000;
/** An unread message earns the other side an email once it has been unread this long. */
export const UNREAD_EMAIL_AFTER_MINUTES = 10;
/** The newest messages a thread read returns (older ones are summarised by `has_more`). */
export const THREAD_PAGE_SIZE = 500;

export const MESSAGE_TEXT = {
  empty: 'Write a message before sending.',
  tooLong: `Messages can be at most ${formatNumber(MESSAGE_MAX_LENGTH)} characters.`,
  notText: 'Message must be text.',
  controlChars: 'Message contains characters that are not allowed.',
  adminReadOnly: 'The admin can read this conversation but cannot write in it.',
  rateLimited: (wait: string) => `You are sending messages too quickly. Please wait ${wait} and try again.`,
} as const;

/** The two sides of a conversation. */
export type ConversationSide = 'guest' | 'host';

/** The side a viewer writes for, or null when they only read (the admin) or take no part. */
export function sideOf(relation: BookingRelation | null): ConversationSide | null {
  return relation === 'guest' || relation === 'host' ? relation : null;
}

/** The other side of the conversation. */
export const otherSide = (side: ConversationSide): ConversationSide => (side === 'guest' ? 'host' : 'guest');

/** Length as PostgreSQL's char_length counts it (code points, so an emoji is one). */
export const messageLength = (text: string) => [...text].length;

export interface ThreadMessageRef {
  seq: number;
  kind: 'user' | 'system';
  author_role: ConversationSide | null;
}

/**
 * Whether a message is unread for `side` whose marker is at `lastReadSeq`: only the other
 * side's own messages count (system lines are the booking's history, each already announced
 * by its own email; one's own messages are read by writing them).
 */
export function isUnreadFor(message: ThreadMessageRef, side: ConversationSide, lastReadSeq: number): boolean {
  return message.kind === 'user' && message.author_role !== side && message.seq > lastReadSeq;
}

export const unreadCount = (
  messages: readonly ThreadMessageRef[],
  side: ConversationSide,
  lastReadSeq: number,
) => messages.filter((m) => isUnreadFor(m, side, lastReadSeq)).length;

/**
 * One email per burst: the messages unread by the recipient that no email has told them about
 * yet form the burst; it is due once its first message has stayed unread for
 * UNREAD_EMAIL_AFTER_MINUTES. Later messages join the same email if it has not gone yet.
 */
export function burstDue(firstUnnotifiedAt: Date | null, now: Date): boolean {
  if (!firstUnnotifiedAt) return false;
  return now.getTime() - firstUnnotifiedAt.getTime() >= UNREAD_EMAIL_AFTER_MINUTES * 60_000;
}

/** A short preview of a message for an email or a badge title (one line, at most `max` characters). */
export function preview(body: string, max = 140): string {
  const line = body.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length <= max ? line : `${chars.slice(0, max - 1).join('')}…`;
}

/* ---------- system lines ---------- */

/** Who made a change, as a system line names them. */
export type ChangeActor = 'guest' | 'host' | 'admin' | 'system';

const ACTOR_NAME: Record<ChangeActor, string> = {
  guest: 'The guest',
  host: 'The venue',
  admin: 'The admin',
  system: 'Velvet',
};

/** Keeps a system line within the message limit (a long reason is cut, not refused). */
function clip(text: string): string {
  const chars = [...text];
  return chars.length <= MESSAGE_MAX_LENGTH ? text : `${chars.slice(0, MESSAGE_MAX_LENGTH - 1).join('')}…`;
}

const withReason = (text: string, reason: string | null | undefined) =>
  reason?.trim() ? `${text} Reason: ${reason.trim()}` : text;

export interface BookingTerms {
  date: string;
  start_time: string;
  end_time: string;
  guest_count: number;
  total_price: number;
}

const termsText = (t: BookingTerms) =>
  `${formatLongDate(t.date)}, ${formatTimeRange(t.start_time, t.end_time)}, ` +
  `${t.guest_count} ${t.guest_count === 1 ? 'guest' : 'guests'}, ${formatUsd(t.total_price)}`;

/** The texts of the lines the booking's lifecycle writes into its conversation. */
export const SYSTEM_LINES = {
  requested: (t: BookingTerms) => clip(`Booking requested: ${termsText(t)}.`),
  approved: (by: 'host' | 'admin') => `${ACTOR_NAME[by]} accepted the booking. It is confirmed.`,
  rejected: (by: 'host' | 'admin', reason: string | null) =>
    clip(withReason(`${ACTOR_NAME[by]} declined the booking request.`, reason)),
  edited: (t: BookingTerms, notes: string) =>
    clip(
      `The venue changed the booking to ${termsText(t)} and asked the guest to approve. Note: ${notes.trim()}`,
    ),
  changesApproved: () => 'The guest approved the venue’s changes. The booking is confirmed.',
  changesRejected: () => 'The guest rejected the venue’s changes. The booking is cancelled.',
  adminEdited: (t: BookingTerms, status: string) =>
    clip(`The admin updated the booking: ${termsText(t)}, status ${status}.`),
  cancelled: (by: 'guest' | 'host' | 'admin', reason: string | null) =>
    clip(withReason(`${ACTOR_NAME[by]} cancelled the booking.`, reason)),
  expired: () => 'The request expired: the venue did not answer in time. The booking is cancelled.',
  released: () => 'The booking was released because it was not paid in time. It is cancelled.',
  paid: (amountCents: number) => `Payment of ${formatUsd(amountCents / 100)} received. The booking is paid.`,
  cardOnFile: () => 'A card is on file for this minimum-spend booking. Nothing has been charged.',
  refunded: (amountCents: number) => `A refund of ${formatUsd(amountCents / 100)} was issued.`,
  additionalCharge: (amountCents: number, description: string) =>
    clip(`The venue charged ${formatUsd(amountCents / 100)} after the event: ${description.trim()}`),
} as const;
