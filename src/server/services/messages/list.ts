/** Reading a booking's conversation: its guest, its venue's host and the admin (read-only). */
import type { Conversation } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { countUnread, conversationFor, markerOf, threadOf } from './shared';

export async function listMessages(
  ctx: AppContext,
  viewer: Viewer,
  bookingId: string,
): Promise<Conversation> {
  const { booking, side } = await conversationFor(ctx.db, viewer, bookingId, 'readMessages');
  const thread = await threadOf(ctx.db, booking);
  const mine = side ? await markerOf(ctx.db, booking.id, viewer.profile.id) : { last_read_seq: 0 };
  const otherId = side === 'guest' ? booking.host_id : side === 'host' ? booking.user_id : null;
  const theirs = otherId ? await markerOf(ctx.db, booking.id, otherId) : { last_read_seq: 0 };
  return {
    booking_id: booking.id,
    ...thread,
    side,
    can_write: side !== null,
    last_read_seq: mine.last_read_seq,
    other_last_read_seq: side ? theirs.last_read_seq : 0,
    unread: side ? await countUnread(ctx.db, booking.id, side, mine.last_read_seq) : 0,
  };
}
