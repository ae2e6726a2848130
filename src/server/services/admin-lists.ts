/**
 * The admin's venue and booking lists, filtered, sorted and paged by the database (the browser
 * never downloads every row), with counts for the filters.
 */
import { and, asc, count, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Page } from '@/domain/contract';
import type { AdminBookingQuery, AdminVenueFilter, AdminVenueQuery } from '@/domain/schemas';
import type { AppContext } from '../context';
import { bookings, profiles, venues } from '../db/schema';
import {
  bookingSearch,
  countBookings,
  literalLike,
  selectBookings,
  toView,
  type BookingView,
} from './bookings/shared';
import { withPaymentFields, type PaymentFields } from './payments/summary';
import { fullColumns, withImages, type AdminVenue } from './venues/shared';

const escapeLike = (s: string) => `%${literalLike(s)}%`;

/** The admin's search box: the text appears (case-insensitively, literally) in any of the columns. */
const containsAny = (text: string, ...columns: Array<SQL | AnyColumn>) =>
  or(...columns.map((column) => ilike(column, escapeLike(text))))!;

/**
 * A venue's review state, as the badge shows it (VenueStatusBadge): active = approved; inactive
 * with a rejection (reviewed, with the reason) = rejected; any other inactive venue = pending,
 * and so is a live venue with changes waiting (it is active as well).
 */
export const VENUE_STATE: Record<AdminVenueFilter, SQL> = {
  active: sql`${venues.is_active}`,
  rejected: sql`(not ${venues.is_active} and ${venues.reviewed_at} is not null and ${venues.review_notes} is not null)`,
  // Waiting for the admin: a venue not yet approved, or a live venue's changes (decision 74).
  pending: sql`((not ${venues.is_active} and (${venues.reviewed_at} is null or ${venues.review_notes} is null)) or ${venues.pending_since} is not null)`,
};

export async function venueStateCounts(ctx: AppContext) {
  const [row] = await ctx.db
    .select({
      total: count(),
      pending: sql<number>`count(*) filter (where ${VENUE_STATE.pending})`.mapWith(Number),
      active: sql<number>`count(*) filter (where ${VENUE_STATE.active})`.mapWith(Number),
      rejected: sql<number>`count(*) filter (where ${VENUE_STATE.rejected})`.mapWith(Number),
    })
    .from(venues);
  return {
    total: row?.total ?? 0,
    pending: row?.pending ?? 0,
    active: row?.active ?? 0,
    rejected: row?.rejected ?? 0,
  };
}

export async function listAdminVenuesPage(
  ctx: AppContext,
  q: AdminVenueQuery,
): Promise<Page<AdminVenue> & { counts: Awaited<ReturnType<typeof venueStateCounts>> }> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(VENUE_STATE[q.status]);
  if (q.q) {
    conditions.push(
      containsAny(q.q, venues.name, venues.city, venues.address, profiles.full_name, profiles.email),
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    q.sort === 'name'
      ? [asc(sql`lower(${venues.name})`), asc(venues.id)]
      : q.sort === 'oldest'
        ? [asc(venues.created_at), asc(venues.id)]
        : [desc(venues.created_at), desc(venues.id)];
  const [rows, [total], counts] = await Promise.all([
    ctx.db
      .select({
        ...fullColumns,
        host_full_name: profiles.full_name,
        host_email: profiles.email,
        host_business_name: profiles.business_name,
      })
      .from(venues)
      .innerJoin(profiles, eq(profiles.id, venues.host_id))
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db
      .select({ n: count() })
      .from(venues)
      .innerJoin(profiles, eq(profiles.id, venues.host_id))
      .where(where),
    venueStateCounts(ctx),
  ]);
  return {
    items: rows.map(({ host_full_name, host_email, host_business_name, ...row }) => ({
      ...withImages(row),
      host: { full_name: host_full_name, email: host_email, business_name: host_business_name },
    })),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
    counts,
  };
}

export async function listAdminBookingsPage(
  ctx: AppContext,
  q: AdminBookingQuery,
): Promise<Page<BookingView & PaymentFields> & { counts: Record<string, number> }> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(bookings.status, q.status));
  if (q.q) conditions.push(bookingSearch(q.q));
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    q.sort === 'date'
      ? [asc(bookings.date), asc(bookings.start_time), asc(bookings.id)]
      : q.sort === 'created'
        ? [desc(bookings.created_at), desc(bookings.id)]
        : [desc(bookings.updated_at), desc(bookings.id)];
  const [rows, total, byStatus] = await Promise.all([
    selectBookings(ctx.db)
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    countBookings(ctx.db, where),
    ctx.db.select({ status: bookings.status, n: count() }).from(bookings).groupBy(bookings.status),
  ]);
  return {
    items: await withPaymentFields(
      ctx,
      rows.map((r) => toView(r, true)),
    ),
    total,
    page: q.page,
    page_size: q.page_size,
    counts: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
  };
}
