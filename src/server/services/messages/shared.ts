/**
 * What the conversation use cases share: the booking a conversation belongs to and how the
 * viewer relates to it (by the access policy), the turn-taking of one thread's writers, the
 * system line the booking's lifecycle appends, and the message as the API answers it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { bookingRelation, canOnBooking, type BookingAction, type BookingRelation } from '@/domain/access';
import type { ConversationMessage } from '@/domain/contract';
import { forbidden, notFound } from '@/domain/errors';
import { MESSAGE_TEXT, THREAD_PAGE_SIZE, sideOf, type ConversationSide } from '@/domain/messages';
import { viewerRef, type Viewer } from '../../viewer';
import type { DbOrTx, Tx } from '../../db/client';
import { bookingMessageReads, bookingMessages, bookings, profiles, venues } from '../../db/schema';

export const BOOKING_NOT_FOUND = 'Booking not found';

export interface ConversationBooking {
  id: string;
  user_id: string;
  host_id: string;
  venue_id: string;
  venue_name: string;
}

/**
 * Writers of one booking's thread take turns (a transaction-scoped advisory lock), and a read
 * marker is set under the same turn: a message's seq is taken and committed before any marker
 * can pass it, so "read up to seq N" never skips a message that commits later.
 */
export async function lockConversation(tx: Tx, bookingId: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`velvet.conversation.${bookingId}`}, 0))`,
  );
}

/**
 * Appends a system line to a booking's conversation, in the caller's transaction (the same one
 * as the change it records), so the thread is the booking's history.
 */
export async function appendSystemLine(tx: Tx, bookingId: string, body: string): Promise<void> {
  await lockConversation(tx, bookingId);
  await tx.insert(bookingMessages).values({ booking_id: bookingId, kind: 'system', body });
}

/**
 * The booking of a conversation, if the viewer may do `action` with it. Nobody who may not read
 * the booking learns it exists (404); the admin, who reads but does not write, gets 403.
 */
export async function conversationFor(
  db: DbOrTx,
  viewer: Viewer,
  bookingId: string,
  action: BookingAction,
): Promise<{ booking: ConversationBooking; relation: BookingRelation; side: ConversationSide | null }> {
  const [booking] = await db
    .select({
      id: bookings.id,
      user_id: bookings.user_id,
      host_id: venues.host_id,
      venue_id: bookings.venue_id,
      venue_name: venues.name,
    })
    .from(bookings)
    .innerJoin(venues, eq(venues.id, bookings.venue_id))
    .where(eq(bookings.id, bookingId));
  const who = viewerRef(viewer);
  const relation = booking ? bookingRelation(who, booking) : null;
  if (!booking || !relation || !canOnBooking(who, booking, 'readMessages')) throw notFound(BOOKING_NOT_FOUND);
  if (!canOnBooking(who, booking, action))
    throw forbidden(MESSAGE_TEXT.adminReadOnly, 'CONVERSATION_READ_ONLY');
  return { booking, relation, side: sideOf(relation) };
}

/** A participant's read marker on a booking (0 when they have never read it). */
export async function markerOf(db: DbOrTx, bookingId: string, profileId: string) {
  const [row] = await db
    .select({
      last_read_seq: bookingMessageReads.last_read_seq,
      notified_seq: bookingMessageReads.notified_seq,
    })
    .from(bookingMessageReads)
    .where(and(eq(bookingMessageReads.booking_id, bookingId), eq(bookingMessageReads.profile_id, profileId)));
  return row ?? { last_read_seq: 0, notified_seq: 0 };
}

/** The newest seq of a booking's thread (0 when it is empty). */
export async function lastSeq(db: DbOrTx, bookingId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string | null>`max(${bookingMessages.seq})` })
    .from(bookingMessages)
    .where(eq(bookingMessages.booking_id, bookingId));
  return Number(row?.seq ?? 0);
}

/** The other side's messages after `afterSeq`: the viewer's unread count. */
export async function countUnread(db: DbOrTx, bookingId: string, side: ConversationSide, afterSeq: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookingMessages)
    .where(
      and(
        eq(bookingMessages.booking_id, bookingId),
        eq(bookingMessages.kind, 'user'),
        sql`${bookingMessages.author_role} <> ${side}`,
        sql`${bookingMessages.seq} > ${afterSeq}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The newest THREAD_PAGE_SIZE messages of a thread, oldest first, with their authors' names. */
export async function threadOf(db: DbOrTx, booking: ConversationBooking) {
  const rows = await db
    .select({ message: bookingMessages, author_name: profiles.full_name })
    .from(bookingMessages)
    .leftJoin(profiles, eq(profiles.id, bookingMessages.author_id))
    .where(eq(bookingMessages.booking_id, booking.id))
    .orderBy(desc(bookingMessages.seq))
    .limit(THREAD_PAGE_SIZE + 1);
  const page = rows.slice(0, THREAD_PAGE_SIZE).reverse();
  return {
    messages: page.map((r) => toWire(r.message, r.author_name, booking)),
    has_more: rows.length > THREAD_PAGE_SIZE,
  };
}

/** The host writes for the venue, so the thread names the venue; the guest by their name. */
export function toWire(
  m: typeof bookingMessages.$inferSelect,
  authorName: string | null,
  booking: Pick<ConversationBooking, 'venue_name'>,
): ConversationMessage {
  return {
    id: m.id,
    booking_id: m.booking_id,
    seq: m.seq,
    kind: m.kind,
    author_id: m.author_id,
    author_role: m.author_role,
    author_name:
      m.kind === 'system'
        ? null
        : m.author_role === 'host'
          ? booking.venue_name
          : authorName?.trim() || 'Guest',
    body: m.body,
    created_at: m.created_at.toISOString(),
  };
}
