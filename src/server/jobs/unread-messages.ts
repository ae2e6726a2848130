/**
 * The unread-message emails (decision record 16), run by every app server: when a message in a
 * booking's conversation has stayed unread by the other side for UNREAD_EMAIL_AFTER_MINUTES,
 * the other side gets one email for the whole burst (every unread message no email has told
 * them about yet), linking to the conversation; messages written after it start a new burst.
 *
 * Each tick finds the candidates, then settles each (booking, recipient) in its own
 * transaction: it locks the recipient's read marker (creating it if need be), counts again
 * what is still unread and not yet told, and queues the email with the marker's notified_seq
 * moved in the same transaction. A participant reading meanwhile moves the same locked row, so
 * a message read in time is never emailed, and two servers never email one burst twice.
 * `tick(now)` is what tests call with an injected clock.
 */
import { PeriodicJob } from '../periodic-job';
import { and, eq, sql } from 'drizzle-orm';
import { UNREAD_EMAIL_AFTER_MINUTES, burstDue, otherSide, type ConversationSide } from '@/domain/messages';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { bookingMessageReads } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { MESSAGE_TEMPLATES, unreadMessagesEmail } from '../mail/message-emails';
import { enqueueEmail } from '../mail/outbox';

/** Messages older than this are not looked at again (their bursts were settled long ago). */
const LOOKBACK_DAYS = 14;
const BATCH = 100;

interface Candidate {
  booking_id: string;
  recipient_id: string;
  recipient_side: ConversationSide;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Queues the unread-message emails due at `now`; returns how many it queued. */
export async function sendUnreadMessageEmails(ctx: AppContext, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - UNREAD_EMAIL_AFTER_MINUTES * 60_000);
  const since = new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000);
  const candidates = rowsOf<Candidate>(
    await ctx.db.execute(sql`
      select m.booking_id,
             case when m.author_role = 'guest' then v.host_id else b.user_id end as recipient_id,
             case when m.author_role = 'guest' then 'host' else 'guest' end as recipient_side
      from booking_messages m
      join bookings b on b.id = m.booking_id
      join venues v on v.id = b.venue_id
      left join booking_message_reads r
        on r.booking_id = m.booking_id
       and r.profile_id = case when m.author_role = 'guest' then v.host_id else b.user_id end
      where m.kind = 'user'
        and m.created_at >= ${since.toISOString()}::timestamptz
        and m.created_at <= ${cutoff.toISOString()}::timestamptz
        and m.seq > greatest(coalesce(r.last_read_seq, 0), coalesce(r.notified_seq, 0))
      group by 1, 2, 3
      limit ${BATCH}`),
  );
  let queued = 0;
  for (const c of candidates) {
    try {
      if (await inTransaction(ctx.db, (tx) => settle(ctx, tx, c, now))) queued++;
    } catch (err) {
      ctx.log.error({ err, booking: c.booking_id }, 'unread messages: email failed');
    }
  }
  return queued;
}

/** One recipient of one booking: queues the burst's email if it is still unread and due. */
async function settle(ctx: AppContext, tx: Tx, c: Candidate, now: Date): Promise<boolean> {
  await tx
    .insert(bookingMessageReads)
    .values({ booking_id: c.booking_id, profile_id: c.recipient_id })
    .onConflictDoNothing();
  const [marker] = await tx
    .select()
    .from(bookingMessageReads)
    .where(
      and(
        eq(bookingMessageReads.booking_id, c.booking_id),
        eq(bookingMessageReads.profile_id, c.recipient_id),
      ),
    )
    .for('update');
  const after = Math.max(marker!.last_read_seq, marker!.notified_seq);
  const burst = rowsOf<{
    n: number;
    first_at: string;
    max_seq: string;
    latest: string;
    venue_name: string;
    date: string;
    guest_email: string;
    guest_name: string | null;
    host_email: string | null;
  }>(
    await tx.execute(sql`
      select count(*)::int as n, min(m.created_at) as first_at, max(m.seq) as max_seq,
             (array_agg(m.body order by m.seq desc))[1] as latest,
             v.name as venue_name, b.date::text as date, b.contact_email as guest_email,
             g.full_name as guest_name, h.email as host_email
      from booking_messages m
      join bookings b on b.id = m.booking_id
      join venues v on v.id = b.venue_id
      join profiles g on g.id = b.user_id
      left join profiles h on h.id = v.host_id
      where m.booking_id = ${c.booking_id}
        and m.kind = 'user'
        and m.author_role = ${otherSide(c.recipient_side)}
        and m.seq > ${after}
      group by v.name, b.date, b.contact_email, g.full_name, h.email`),
  )[0];
  if (!burst || burst.n === 0 || !burstDue(new Date(burst.first_at), now)) return false;
  const to = c.recipient_side === 'guest' ? burst.guest_email : burst.host_email;
  const maxSeq = Number(burst.max_seq);
  await tx
    .update(bookingMessageReads)
    .set({ notified_seq: maxSeq })
    .where(
      and(
        eq(bookingMessageReads.booking_id, c.booking_id),
        eq(bookingMessageReads.profile_id, c.recipient_id),
      ),
    );
  if (!to?.trim()) return false;
  const path =
    c.recipient_side === 'guest'
      ? `/user-dashboard?conversation=${c.booking_id}`
      : `/host-dashboard?tab=bookings&conversation=${c.booking_id}`;
  await enqueueEmail(
    tx,
    MESSAGE_TEMPLATES.unread,
    to,
    unreadMessagesEmail({
      bookingId: c.booking_id,
      venueName: burst.venue_name,
      date: burst.date,
      recipientSide: c.recipient_side,
      fromName: c.recipient_side === 'guest' ? burst.venue_name : burst.guest_name?.trim() || 'Your guest',
      count: burst.n,
      latest: burst.latest,
      url: new URL(path, ctx.config.PUBLIC_URL).toString(),
    }),
    { recipient: c.recipient_id },
  );
  return true;
}

/** Runs sendUnreadMessageEmails every `intervalMs` (started in main.ts; tests call tick). */
export class UnreadMessagesWorker extends PeriodicJob {
  constructor(ctx: AppContext, intervalMs = 60_000) {
    super(ctx, 'unread messages', sendUnreadMessageEmails, intervalMs);
  }
}
