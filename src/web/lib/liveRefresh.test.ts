import { describe, expect, it } from 'vitest';
import { queryKeys } from './queryKeys';
import { queryKeysFor } from './liveRefresh';

describe('the live refresh table', () => {
  it("a venue event refreshes that venue, the public lists, its calendar and the host's and admin's views", () => {
    expect(queryKeysFor({ entity: 'venue', op: 'update', id: 'v1' })).toEqual([
      ['venue', 'v1'],
      ['venues'],
      ['availability', 'v1'],
      ['host', 'venues'],
      ['host', 'stats'],
      ['admin', 'venues'],
      ['admin', 'stats'],
      ['admin', 'reviews'],
    ]);
  });

  it("a booking event refreshes that booking, its venue's bookings and calendar, and every role's lists and tiles", () => {
    const keys = queryKeysFor({
      entity: 'booking',
      op: 'insert',
      id: 'b1',
      venue_id: 'v1',
      status: 'pending',
    });
    expect(keys).toEqual([
      queryKeys.booking('b1'),
      queryKeys.venueBookings('v1'),
      queryKeys.availability('v1'),
      queryKeys.guest.all,
      queryKeys.host.bookings,
      queryKeys.host.stats,
      queryKeys.host.allEarnings,
      queryKeys.admin.bookings,
      queryKeys.admin.stats,
      queryKeys.admin.payouts,
      queryKeys.admin.money,
    ]);
    // Every range of the Earnings tab sits under the prefix refreshed.
    expect(queryKeys.host.earnings('from=2030-01-01').slice(0, 2)).toEqual([...queryKeys.host.allEarnings]);
    // The guest's list and tiles sit under the prefix refreshed.
    expect(queryKeys.guest.bookings.slice(0, 2)).toEqual([...queryKeys.guest.all]);
    expect(queryKeys.guest.stats.slice(0, 2)).toEqual([...queryKeys.guest.all]);
    // Every page of the host's inbox and its pending-request badges sit under the host's prefix.
    expect(queryKeys.host.bookingsPage('status=awaiting&page=2').slice(0, 2)).toEqual([
      ...queryKeys.host.bookings,
    ]);
    expect(queryKeys.host.pendingCount.slice(0, 2)).toEqual([...queryKeys.host.bookings]);
    expect(queryKeys.host.pendingCount).not.toEqual(queryKeys.host.bookingsPage(''));
    // Every range read of the calendar sits under its prefix.
    expect(queryKeys.availabilityRange('v1', '2026-11-01', '2026-11-30').slice(0, 2)).toEqual([
      'availability',
      'v1',
    ]);
  });

  it("a payout refreshes the host's earnings and the admin's payouts and report", () => {
    expect(queryKeysFor({ entity: 'payout', op: 'insert', id: 'p1' })).toEqual([
      ['host', 'earnings'],
      ['admin', 'payouts'],
      ['admin', 'money'],
    ]);
  });

  it('a conversation event refreshes that thread and the unread counts, nothing else', () => {
    for (const op of ['message', 'read'] as const) {
      expect(queryKeysFor({ entity: 'conversation', op, id: 'b1', venue_id: 'v1' })).toEqual([
        ['messages', 'thread', 'b1'],
        ['messages', 'unread'],
      ]);
    }
  });

  it("a waitlist event refreshes the guest's waitlist and the venue's demand on the host's calendar", () => {
    expect(
      queryKeysFor({
        entity: 'waitlist',
        op: 'update',
        id: 'w1',
        venue_id: 'v1',
        date: '2030-06-14',
        notified: true,
      }),
    ).toEqual([queryKeys.myWaitlist, queryKeys.waitlistDemand('v1')]);
  });
});
