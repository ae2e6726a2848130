/**
 * The morning-after review request: at 09:00 in the venue's zone on the day after a paid night
 * (reviewReminderAt), the guest is emailed 'How was your night at {venue}?' with a link to the
 * review page, once. A small worker: each tick claims due bookings with FOR UPDATE SKIP LOCKED
 * (several app servers never send twice), queues the email through the outbox and sets the
 * booking's review_reminder_sent_at in the same transaction.
 */
import { PeriodicJob } from '../../periodic-job';
import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { todayInZone } from '@/domain/availability';
import { isPaidOrCardOnFile, reviewReminderAt, reviewWindowLastDay } from '@/domain/reviews';
import type { AppContext } from '../../context';
import { bookings, profiles, venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { REVIEW_TEMPLATES, reviewRequestEmail } from '../../mail/review-emails';
import { appUrl } from './shared';

const BATCH = 50;

/**
 * Queues the review requests due at `now`; returns how many it queued. Candidates are the
 * bookings of bookings_review_reminder_idx (confirmed, payment_intent_id set, no review, no
 * reminder yet: the SQL form of isPaidOrCardOnFile, which is checked again on each row) from the
 * last few weeks; the exact moment is computed in each venue's zone, in SQL and in the domain.
 */
export async function sendDueReviewReminders(ctx: AppContext, now: Date): Promise<number> {
  const at = now.toISOString();
  return inTransaction(ctx.db, async (tx) => {
    const due = await tx
      .select({
        id: bookings.id,
        status: bookings.status,
        payment_intent_id: bookings.payment_intent_id,
        date: bookings.date,
        contact_email: bookings.contact_email,
        user_id: bookings.user_id,
        venue_name: venues.name,
        time_zone: venues.time_zone,
        guest_name: profiles.full_name,
      })
      .from(bookings)
      .innerJoin(venues, eq(venues.id, bookings.venue_id))
      .innerJoin(profiles, eq(profiles.id, bookings.user_id))
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          isNotNull(bookings.payment_intent_id),
          isNull(bookings.review_id),
          isNull(bookings.review_reminder_sent_at),
          // A coarse range on the index (zones are at most a day from UTC) …
          sql`${bookings.date} between (${at}::timestamptz at time zone 'UTC')::date - 32 and (${at}::timestamptz at time zone 'UTC')::date`,
          // … then 09:00 the morning after, in the venue's zone.
          sql`((${bookings.date} + 1) + time '09:00') at time zone ${venues.time_zone} <= ${at}::timestamptz`,
        ),
      )
      .orderBy(asc(bookings.date), asc(bookings.id))
      .limit(BATCH)
      .for('update', { of: bookings, skipLocked: true });

    let queued = 0;
    for (const b of due) {
      if (!isPaidOrCardOnFile(b) || reviewReminderAt(b.date, b.time_zone).getTime() > now.getTime()) continue;
      // Too late to review: mark it without writing, so it is not looked at again.
      const open = todayInZone(b.time_zone, now) <= reviewWindowLastDay(b.date);
      if (open) {
        await enqueueEmail(
          tx,
          REVIEW_TEMPLATES.request,
          b.contact_email,
          reviewRequestEmail({
            guestName: b.guest_name,
            venueName: b.venue_name,
            date: b.date,
            reviewUrl: appUrl(ctx, `/review/${b.id}`),
          }),
          { recipient: b.user_id },
        );
        queued++;
      }
      await tx.update(bookings).set({ review_reminder_sent_at: now }).where(eq(bookings.id, b.id));
    }
    return queued;
  });
}

/** Runs sendDueReviewReminders every `intervalMs` (started in main.ts; tests call tick). */
export class ReviewReminderWorker extends PeriodicJob {
  constructor(ctx: AppContext, intervalMs = 60_000) {
    super(ctx, 'review reminders', sendDueReviewReminders, intervalMs);
  }
}
