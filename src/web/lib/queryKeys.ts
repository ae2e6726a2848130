/**
 * Every TanStack Query key of the web app, from one factory. A key says what was read and for
 * whom; prefixes group what one change makes stale (e.g. `guest.all` holds the guest's list and
 * tiles). The live table (liveRefresh.ts) and the features' data modules both use these.
 */
import type { AdminReviewStatus } from '@/domain/contract';

export const queryKeys = {
  session: ['session'] as const,
  /** The server's public settings (GET /api/config). */
  publicConfig: ['config'] as const,
  /** A venue's private iCal feed URL (its host only). */
  calendarFeed: (venueId: string) => ['calendar-feed', venueId] as const,

  /** One venue, whoever reads it: the detail, manage and edit pages share this entry. */
  venue: (id: string) => ['venue', id] as const,
  /** A venue's published reviews and rating summary (under the venue: its live event refreshes them). */
  venueReviews: (venueId: string) => ['venue', venueId, 'reviews'] as const,
  /** Whether the viewer may review a booking (the review page). */
  reviewTarget: (bookingId: string) => ['review-target', bookingId] as const,
  /** The public venue reads: list pages and the hero count. */
  venues: {
    all: ['venues'] as const,
    list: (query: Record<string, string>) => ['venues', 'list', query] as const,
    stats: ['venues', 'stats'] as const,
  },

  /** A venue's calendar (hours, overrides, taken times), every range read of it. */
  availability: (venueId: string) => ['availability', venueId] as const,
  availabilityRange: (venueId: string, from: string, to: string) =>
    ['availability', venueId, from, to] as const,
  /** The owner's date overrides, with ids. */
  overrides: (venueId: string) => ['venue-overrides', venueId] as const,

  booking: (id: string) => ['booking', id] as const,
  /** Every booking list of one venue (the owner's and the admin's view). */
  venueBookings: (venueId: string) => ['venue-bookings', venueId] as const,

  /** Booking conversations: one thread, and the signed-in participant's unread counts. */
  messages: {
    all: ['messages'] as const,
    thread: (bookingId: string) => ['messages', 'thread', bookingId] as const,
    unread: ['messages', 'unread'] as const,
  },
  /** The guest's waitlist entries (My Bookings). */
  myWaitlist: ['me', 'waitlist'] as const,
  /** How many guests wait on each date of a venue (the host's calendar). */
  waitlistDemand: (venueId: string) => ['waitlist-demand', venueId] as const,

  guest: {
    /** The guest's list and tiles share this prefix: invalidating it refreshes both. */
    all: ['me', 'bookings'] as const,
    bookings: ['me', 'bookings', 'list'] as const,
    stats: ['me', 'bookings', 'stats'] as const,
  },
  host: {
    venues: ['host', 'venues'] as const,
    /** Every page of the host's inbox and its pending count: a booking change refreshes them all. */
    bookings: ['host', 'bookings'] as const,
    /** One page of the inbox; `query` is its query string (status, venue_id, from, to, q, page). */
    bookingsPage: (query: string) => ['host', 'bookings', query] as const,
    /** The requests awaiting the host's answer (the badges of the nav and the Bookings tab). */
    pendingCount: ['host', 'bookings', 'pending-count'] as const,
    stats: ['host', 'stats'] as const,
    /** Every range of the Earnings tab. */
    allEarnings: ['host', 'earnings'] as const,
    /** The Earnings tab; `query` is its from/to query string. */
    earnings: (query: string) => ['host', 'earnings', query] as const,
  },
  /** One page of the audit trail (the admin's, or a host's about their venues); `query` is its query string. */
  auditPage: (query: string) => ['audit', query] as const,
  admin: {
    /** Every page of the admin's venue list, whatever its filter, sort and page. */
    allVenues: ['admin', 'venues'] as const,
    /** One page; `query` is the list's query string (status, q, sort, page, page_size). */
    venues: (query: string) => ['admin', 'venues', query] as const,
    /** Every page of the admin's booking list. */
    bookings: ['admin', 'bookings'] as const,
    bookingsPage: (query: string) => ['admin', 'bookings', query] as const,
    stats: ['admin', 'stats'] as const,
    /** The Payouts section: balances, payouts, the fee; and its monthly report. */
    payouts: ['admin', 'payouts'] as const,
    money: ['admin', 'money'] as const,
    /** Every page of the admin's review list, whatever its filter. */
    reviews: ['admin', 'reviews'] as const,
    reviewPage: (status: AdminReviewStatus, page: number) => ['admin', 'reviews', status, page] as const,
    /** Every page of the outbox (Operations tab). */
    outbox: ['admin', 'outbox'] as const,
    outboxPage: (query: string) => ['admin', 'outbox', query] as const,
    templates: ['admin', 'email-templates'] as const,
    environment: ['admin', 'environment'] as const,
    serverLog: ['admin', 'server-log'] as const,
  },
};
