/** A booking's conversation as the API answers it (docs/api.md "Messages"). Requests: `@/domain/schemas`. */
import type { ConversationSide } from '../messages';
import type { Timestamp } from './wire';

/** One line of the thread: a participant's message or a system line of the booking's history. */
export interface ConversationMessage {
  id: string;
  booking_id: string;
  /** Orders the thread; read markers point at it. */
  seq: number;
  kind: 'user' | 'system';
  /** Null for system lines (and when the author's profile is gone). */
  author_id: string | null;
  author_role: ConversationSide | null;
  /** The author's name as the thread shows it; null for system lines. */
  author_name: string | null;
  body: string;
  created_at: Timestamp;
}

/** GET /api/bookings/:id/messages */
export interface Conversation {
  booking_id: string;
  /** Oldest first, newest last: at most the newest 500. */
  messages: ConversationMessage[];
  /** True when older messages exist than the first one returned. */
  has_more: boolean;
  /** The viewer's side, or null for the admin (read-only). */
  side: ConversationSide | null;
  can_write: boolean;
  /** The viewer's read marker (0 when never read; always 0 for the admin). */
  last_read_seq: number;
  /** The other side's read marker: messages up to it have been seen. */
  other_last_read_seq: number;
  /** The other side's messages after the viewer's marker (0 for the admin). */
  unread: number;
}

/** POST /api/bookings/:id/messages/read */
export interface ConversationRead {
  booking_id: string;
  last_read_seq: number;
  unread: number;
}

/** GET /api/me/messages/unread: the signed-in participant's unread messages, per booking. */
export interface UnreadCounts {
  total: number;
  bookings: Array<{ booking_id: string; unread: number }>;
}
