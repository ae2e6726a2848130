/**
 * The one table of what a live event makes stale: for each entity of the change feed, the
 * queries that may show the changed row. Queries on screen refetch; the others are marked
 * stale and refetch when next shown. useLiveRefresh (live.ts) applies it to every event.
 */
import type { QueryKey } from '@tanstack/react-query';
import type { LiveEvent } from '@/domain/contract';
import { queryKeys } from './queryKeys';

type Refreshes = { [E in LiveEvent['entity']]: (event: Extract<LiveEvent, { entity: E }>) => QueryKey[] };

export const LIVE_REFRESH: Refreshes = {
  venue: (event) => [
    queryKeys.venue(event.id),
    queryKeys.venues.all,
    queryKeys.availability(event.id),
    queryKeys.host.venues,
    queryKeys.host.stats,
    queryKeys.admin.allVenues,
    queryKeys.admin.stats,
    // A review written, answered or moderated updates its venue's rating row: a venue event.
    queryKeys.admin.reviews,
  ],
  booking: (event) => [
    queryKeys.booking(event.id),
    queryKeys.venueBookings(event.venue_id),
    queryKeys.availability(event.venue_id),
    queryKeys.guest.all,
    queryKeys.host.bookings,
    queryKeys.host.stats,
    // Payments, refunds and charges move a booking's money: earnings, balances, the report.
    queryKeys.host.allEarnings,
    queryKeys.admin.bookings,
    queryKeys.admin.stats,
    queryKeys.admin.payouts,
    queryKeys.admin.money,
  ],
  // A new message or a read marker moved: that thread, and the unread badges and totals.
  conversation: (event) => [queryKeys.messages.thread(event.id), queryKeys.messages.unread],
  waitlist: (event) => [queryKeys.myWaitlist, queryKeys.waitlistDemand(event.venue_id)],
  // A payout recorded: the host's balances go to what is left, the admin's list and report move.
  payout: () => [queryKeys.host.allEarnings, queryKeys.admin.payouts, queryKeys.admin.money],
};

/** The query keys one event refreshes. */
export function queryKeysFor(event: LiveEvent): QueryKey[] {
  switch (event.entity) {
    case 'venue':
      return LIVE_REFRESH.venue(event);
    case 'booking':
      return LIVE_REFRESH.booking(event);
    case 'conversation':
      return LIVE_REFRESH.conversation(event);
    case 'waitlist':
      return LIVE_REFRESH.waitlist(event);
    case 'payout':
      return LIVE_REFRESH.payout(event);
  }
}
