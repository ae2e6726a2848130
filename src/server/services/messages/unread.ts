/** The signed-in participant's unread messages, per booking and in total (dashboards, navigation). */
import { sql } from 'drizzle-orm';
import type { UnreadCounts } from '@/domain/contract';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';

/**
 * Counts, over every booking where the viewer is the guest or the venue's host, the other
 * side's messages after the viewer's read marker. The side follows bookingRelation: on a
 * booking of their own venue a host is its host. The admin takes part in no conversation.
 */
export async function unreadCounts(ctx: AppContext, viewer: Viewer): Promise<UnreadCounts> {
  if (viewer.profile.role === 'admin') return { total: 0, bookings: [] };
  const me = viewer.profile.id;
  const result = await ctx.db.execute(sql`
    select m.booking_id, count(*)::int as unread
    from booking_messages m
    join bookings b on b.id = m.booking_id
    join venues v on v.id = b.venue_id
    left join booking_message_reads r on r.booking_id = m.booking_id and r.profile_id = ${me}
    where m.kind = 'user'
      and (
        (v.host_id = ${me} and m.author_role = 'guest')
        or (v.host_id <> ${me} and b.user_id = ${me} and m.author_role = 'host')
      )
      and m.seq > coalesce(r.last_read_seq, 0)
    group by m.booking_id
    order by m.booking_id`);
  const rows = (result as unknown as { rows: Array<{ booking_id: string; unread: number }> }).rows;
  const counts = rows.map((r) => ({ booking_id: r.booking_id, unread: Number(r.unread) }));
  return { total: counts.reduce((sum, r) => sum + r.unread, 0), bookings: counts };
}
