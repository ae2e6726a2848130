/** A participant marks a booking's conversation read: their unread count for it becomes 0. */
import { sql } from 'drizzle-orm';
import type { ConversationRead } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookingMessageReads } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conversationFor, lastSeq, lockConversation } from './shared';

/**
 * Moves the viewer's marker to the newest message of the thread (never backwards). Under the
 * thread's turn, so every message up to that seq has committed. A marker that does not move
 * writes nothing (and announces nothing).
 */
export async function markRead(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: string,
): Promise<ConversationRead> {
  return inTransaction(ctx.db, async (tx) => {
    const { booking } = await conversationFor(tx, viewer, bookingId, 'markMessagesRead');
    await lockConversation(tx, booking.id);
    const newest = await lastSeq(tx, booking.id);
    const [row] = await tx
      .insert(bookingMessageReads)
      .values({
        booking_id: booking.id,
        profile_id: viewer.profile.id,
        last_read_seq: newest,
        read_at: ctx.now(),
      })
      .onConflictDoUpdate({
        target: [bookingMessageReads.booking_id, bookingMessageReads.profile_id],
        set: { last_read_seq: sql`excluded.last_read_seq`, read_at: sql`excluded.read_at` },
        setWhere: sql`${bookingMessageReads.last_read_seq} < excluded.last_read_seq`,
      })
      .returning({ last_read_seq: bookingMessageReads.last_read_seq });
    return { booking_id: booking.id, last_read_seq: row?.last_read_seq ?? newest, unread: 0 };
  });
}
