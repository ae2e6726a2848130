/**
 * The host's inbox (GET /host/bookings, decision 77): the bookings of the host's own venues,
 * filtered, ordered and paged by the database in one query path — requests awaiting the venue's
 * answer first, then upcoming bookings soonest first, then past ones latest first — with the
 * filtered total and the count of requests awaiting an answer.
 */
import { and, asc, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { HostBookingQuery, HostBookingStatusFilter } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { bookings, venues } from '../../db/schema';
import { withPaymentFields } from '../payments/summary';
import type { PaidBookingView } from './queries';
import { bookingSearch, countBookings, selectBookings, toView } from './shared';

/** Pending and not modified by the venue (isAwaitingGuest false): the venue must answer it. */
export const AWAITING_ANSWER: SQL = sql`(${bookings.status} = 'pending' and coalesce(btrim(${bookings.host_notes}), '') = '')`;

const STATUS: Record<HostBookingStatusFilter, SQL> = {
  awaiting: AWAITING_ANSWER,
  pending: sql`${bookings.status} = 'pending'`,
  confirmed: sql`${bookings.status} = 'confirmed'`,
  cancelled: sql`${bookings.status} = 'cancelled'`,
  edited: sql`${bookings.status} = 'edited'`,
};

export interface HostBookingPageView {
  bookings: PaidBookingView[];
  total: number;
  page: number;
  limit: number;
  pending_count: number;
}

export async function listHostInbox(
  ctx: AppContext,
  viewer: Viewer,
  q: HostBookingQuery,
): Promise<HostBookingPageView> {
  const own = eq(venues.host_id, viewer.profile.id);
  const conditions: SQL[] = [own];
  if (q.status) conditions.push(STATUS[q.status]);
  // Another host's venue matches none of this host's bookings: an empty page, like any venue
  // without bookings (the answer tells nothing about venues that are not the host's).
  if (q.venue_id) conditions.push(eq(bookings.venue_id, q.venue_id));
  if (q.from) conditions.push(gte(bookings.date, q.from));
  if (q.to) conditions.push(lte(bookings.date, q.to));
  if (q.q) conditions.push(bookingSearch(q.q));
  const where = and(...conditions);
  const now = ctx.now().toISOString();
  const group = sql`case when ${AWAITING_ANSWER} then 0 when ${bookings.ends_at} > ${now}::timestamptz then 1 else 2 end`;
  const [rows, total, [pending]] = await Promise.all([
    selectBookings(ctx.db)
      .where(where)
      .orderBy(
        asc(group),
        // Awaiting and upcoming: soonest first; past: the latest first.
        asc(sql`case when ${group} < 2 then ${bookings.starts_at} end`),
        desc(bookings.starts_at),
        asc(bookings.id),
      )
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    countBookings(ctx.db, where),
    ctx.db
      .select({ n: count() })
      .from(bookings)
      .innerJoin(venues, eq(venues.id, bookings.venue_id))
      .where(and(own, AWAITING_ANSWER)),
  ]);
  return {
    bookings: await withPaymentFields(
      ctx,
      rows.map((r) => toView(r, true)),
    ),
    total,
    page: q.page,
    limit: q.limit,
    pending_count: pending?.n ?? 0,
  };
}
