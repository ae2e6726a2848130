/** Writing in a booking's conversation: its guest and its venue's host only. */
import { sql } from 'drizzle-orm';
import type { ConversationMessage } from '@/domain/contract';
import type { MessageInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookingMessageReads, bookingMessages } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { conversationFor, lockConversation, toWire } from './shared';

/**
 * Adds the viewer's message to the thread and moves their read marker to it (whoever answers
 * has read what came before). The other side hears of it live (the table's trigger) and, if it
 * stays unread, by email (jobs/unread-messages.ts).
 */
export async function postMessage(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: string,
  input: MessageInput,
): Promise<ConversationMessage> {
  return inTransaction(ctx.db, async (tx) => {
    const { booking, side } = await conversationFor(tx, viewer, bookingId, 'writeMessages');
    await lockConversation(tx, booking.id);
    const [message] = await tx
      .insert(bookingMessages)
      .values({
        booking_id: booking.id,
        kind: 'user',
        author_id: viewer.profile.id,
        author_role: side!,
        body: input.body,
        created_at: ctx.now(),
      })
      .returning();
    await tx
      .insert(bookingMessageReads)
      .values({
        booking_id: booking.id,
        profile_id: viewer.profile.id,
        last_read_seq: message!.seq,
        read_at: ctx.now(),
      })
      .onConflictDoUpdate({
        target: [bookingMessageReads.booking_id, bookingMessageReads.profile_id],
        set: { last_read_seq: sql`excluded.last_read_seq`, read_at: sql`excluded.read_at` },
      });
    return toWire(message!, viewer.profile.full_name, booking);
  });
}
