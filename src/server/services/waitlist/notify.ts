/**
 * When a confirmed booking lets its time go — cancelled by the guest, the host or the admin,
 * released unpaid by the timed-transitions worker, or changed by the admin — the waitlisted
 * guests whose wished time now fits are told at once, in the order they joined: an email each
 * (queued in the caller's transaction, in join order) and a live event (the entry's
 * notified_at changes; its trigger notifies the guest's open pages). Whoever's request the venue
 * confirms first gets the time; the no-overlap constraint decides between confirmations.
 */
import { and, between, eq, gt, lt, sql } from 'drizzle-orm';
import { addDaysToDate } from '@/domain/calendar';
import { wallClock } from '@/domain/instants';
import { entriesThatFit, type TimeRange } from '@/domain/waitlist';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { bookings, profiles, venues, waitlistEntries } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import { WAITLIST_TEMPLATES, waitlistSlotFreeEmail } from '../../mail/waitlist-emails';
import { appUrl } from '../bookings/shared';

const DAY_MS = 24 * 3_600_000;

/** Tells the waitlist of `venueId` that `freed` is no longer held; returns how many were told. */
export async function releaseToWaitlist(
  ctx: AppContext,
  tx: Tx,
  venueId: string,
  freed: TimeRange,
): Promise<number> {
  const [venue] = await tx
    .select({
      id: venues.id,
      name: venues.name,
      address: venues.address,
      city: venues.city,
      time_zone: venues.time_zone,
      is_active: venues.is_active,
    })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!venue || !venue.is_active) return 0;

  // A wished time lasts at most a day, so only entries dated from the day before the freed
  // start to its end date can overlap it.
  const from = addDaysToDate(wallClock(freed.starts_at, venue.time_zone).date, -1);
  const to = wallClock(freed.ends_at, venue.time_zone).date;
  const candidates = await tx
    .select({
      id: waitlistEntries.id,
      seq: waitlistEntries.seq,
      date: waitlistEntries.date,
      start_time: waitlistEntries.start_time,
      end_time: waitlistEntries.end_time,
      email: profiles.email,
      full_name: profiles.full_name,
      user_id: waitlistEntries.user_id,
    })
    .from(waitlistEntries)
    .innerJoin(profiles, eq(profiles.id, waitlistEntries.user_id))
    .where(and(eq(waitlistEntries.venue_id, venueId), between(waitlistEntries.date, from, to)));
  if (candidates.length === 0) return 0;

  // The venue's confirmed bookings as they are now (after the caller's change), around it.
  const confirmed = await tx
    .select({ starts_at: bookings.starts_at, ends_at: bookings.ends_at })
    .from(bookings)
    .where(
      and(
        eq(bookings.venue_id, venueId),
        eq(bookings.status, 'confirmed'),
        lt(bookings.starts_at, new Date(freed.ends_at.getTime() + 2 * DAY_MS)),
        gt(bookings.ends_at, new Date(freed.starts_at.getTime() - 2 * DAY_MS)),
      ),
    );

  const fit = entriesThatFit(candidates, freed, confirmed, venue.time_zone, ctx.now());
  for (const entry of fit) {
    await tx
      .update(waitlistEntries)
      .set({ notified_at: ctx.now(), notified_count: sql`${waitlistEntries.notified_count} + 1` })
      .where(eq(waitlistEntries.id, entry.id));
    if (!entry.email.trim()) continue;
    await enqueueEmail(
      tx,
      WAITLIST_TEMPLATES.slotFree,
      entry.email,
      waitlistSlotFreeEmail(
        {
          guestName: entry.full_name,
          venueName: venue.name,
          venueAddress: venue.address,
          venueCity: venue.city,
          date: entry.date,
          startTime: entry.start_time,
          endTime: entry.end_time,
        },
        appUrl(ctx, `/venue/${venue.id}?date=${entry.date}`),
      ),
      { recipient: entry.user_id },
    );
  }
  return fit.length;
}
