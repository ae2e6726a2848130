/**
 * Rows of the authorization matrix: bookings, calendars, conversations and the waitlist
 * (BOOKING_ACTIONS and WAITLIST_ACTIONS of src/domain/access.ts; the statuses as
 * tests/bookings-access, messages-access, calendar-feeds and waitlist-join state them).
 * A little over 300 lines: one table of rows, kept with the helpers only it uses.
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bookingMessageReads,
  bookingMessages,
  venueCalendarFeeds,
  waitlistEntries,
} from '../../src/server/db/schema';
import { bookingBody, bookingRow, freshDate } from '../factories';
import { call } from './client';
import {
  ADMIN_ONLY,
  BOOKING_READERS,
  GUESTS,
  GUEST_PHONE,
  HOSTS,
  INACTIVE_OWNER_ADMIN,
  OTHER_GUEST_PHONE,
  SIGNED_IN,
  type Expected,
  type Row,
  VENUE_OWNER_ADMIN,
  freshBooking,
  freshVenue,
  profileOf,
  takenNight,
  w,
} from './authz-world';

/** BOOKING_ACTIONS.decide [admin, host]; the route lets hosts and the admin in (others 403). */
const DECIDERS: Expected = [401, 403, 403, 200, 404, 200];
/** BOOKING_ACTIONS.answerChanges [guest]; the route lets guests in (others 403). */
const ITS_GUEST: Expected = [401, 200, 404, 403, 403, 403];
/** VENUE_ACTIONS.manageCalendarFeed [owner]: not even the admin. */
const FEED_OWNER: Expected = [401, 403, 403, 200, 403, 403];

const booking = (id: string) => () => bookingRow(w.env, id);
const messagesOf = (id: string) => () =>
  w.env.ctx.db.select().from(bookingMessages).where(eq(bookingMessages.booking_id, id));
const markersOf = (id: string) => () =>
  w.env.ctx.db.select().from(bookingMessageReads).where(eq(bookingMessageReads.booking_id, id));

export const BOOKING_ROWS: Row[] = [
  {
    route: 'POST /api/bookings',
    source: 'ROLE_ACTIONS.requestBooking [user]; SPEC §6 guests book',
    expect: [401, 201, 201, 403, 403, 403],
    prepare: async (role) => ({
      path: '/api/bookings',
      json: bookingBody(w.venue.id, {
        date: freshDate(),
        contact_phone: role === 'otherGuest' ? OTHER_GUEST_PHONE : GUEST_PHONE,
      }),
    }),
    check: (role, res) => expect(res.body.user_id).toBe(profileOf(role)),
  },
  {
    route: 'GET /api/me/bookings',
    source: 'SPEC §2 /user-dashboard role user only; the guest’s own bookings',
    expect: GUESTS,
    prepare: async () => ({ path: '/api/me/bookings' }),
    check: (role, res) => {
      const mine = res.body.bookings.map((b: { user_id: string }) => b.user_id);
      expect(mine.length).toBeGreaterThan(0);
      expect(new Set(mine)).toEqual(new Set([profileOf(role)]));
    },
  },
  {
    route: 'GET /api/host/bookings',
    source: 'SPEC §2 host dashboard: only the bookings of the host’s venues',
    expect: HOSTS,
    prepare: async () => ({ path: '/api/host/bookings' }),
    check: (role, res) => {
      const venues = new Set(res.body.bookings.map((b: { venue_id: string }) => b.venue_id));
      if (role === 'otherHost') expect([...venues]).toEqual([]);
      else expect(venues.has(w.venue.id)).toBe(true);
    },
  },
  {
    route: 'GET /api/venues/:id/bookings',
    subject: 'the host’s active venue',
    source: 'VENUE_ACTIONS.readBookings [admin, owner]',
    expect: VENUE_OWNER_ADMIN,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}/bookings` }),
  },
  {
    route: 'GET /api/venues/:id/bookings',
    subject: 'the host’s pending venue',
    source: 'VENUE_ACTIONS.readBookings; venueRelation null for the others',
    expect: INACTIVE_OWNER_ADMIN,
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}/bookings` }),
  },
  {
    route: 'GET /api/bookings/:id',
    subject: 'the guest’s confirmed booking',
    source: 'BOOKING_ACTIONS.read, readGuestContact [admin, host]',
    expect: BOOKING_READERS,
    prepare: async () => ({ path: `/api/bookings/${w.booking.id}` }),
  },
  {
    route: 'GET /api/bookings/:id',
    subject: 'the other guest’s pending booking',
    source: 'BOOKING_ACTIONS.read: its guest, not another guest',
    expect: [401, 404, 200, 200, 404, 200],
    prepare: async () => ({ path: `/api/bookings/${w.otherBooking.id}` }),
  },
  {
    route: 'POST /api/bookings/:id/approve',
    source: 'BOOKING_ACTIONS.decide [admin, host]',
    expect: DECIDERS,
    prepare: async () => {
      const b = await freshBooking();
      return { path: `/api/bookings/${b.id}/approve`, snapshot: booking(b.id) };
    },
  },
  {
    route: 'POST /api/bookings/:id/reject',
    source: 'BOOKING_ACTIONS.decide [admin, host]',
    expect: DECIDERS,
    prepare: async () => {
      const b = await freshBooking();
      return { path: `/api/bookings/${b.id}/reject`, json: { reason: 'No.' }, snapshot: booking(b.id) };
    },
  },
  {
    route: 'POST /api/bookings/:id/edit',
    source: 'BOOKING_ACTIONS.edit [host] (the admin has its own edit)',
    expect: [401, 403, 403, 200, 404, 403],
    prepare: async () => {
      const b = await freshBooking();
      return {
        path: `/api/bookings/${b.id}/edit`,
        json: {
          guest_count: 5,
          start_time: '21:00',
          end_time: '23:00',
          total_price: 200,
          host_notes: 'Changed.',
        },
        snapshot: booking(b.id),
      };
    },
  },
  {
    route: 'POST /api/bookings/:id/approve-changes',
    source: 'BOOKING_ACTIONS.answerChanges [guest]',
    expect: ITS_GUEST,
    prepare: async () => {
      const b = await freshBooking({ state: 'awaitingGuest' });
      return {
        path: `/api/bookings/${b.id}/approve-changes`,
        json: { updated_at: b.updated_at.toISOString() },
        snapshot: booking(b.id),
      };
    },
  },
  {
    route: 'POST /api/bookings/:id/reject-changes',
    source: 'BOOKING_ACTIONS.answerChanges [guest]',
    expect: ITS_GUEST,
    prepare: async () => {
      const b = await freshBooking({ state: 'awaitingGuest' });
      return { path: `/api/bookings/${b.id}/reject-changes`, snapshot: booking(b.id) };
    },
  },
  {
    route: 'GET /api/admin/bookings',
    source: 'SPEC §2 /admin-dashboard admin only',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/bookings' }),
  },
  {
    route: 'PATCH /api/admin/bookings/:id',
    source: 'BOOKING_ACTIONS.adminEdit [admin]',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const b = await freshBooking();
      return {
        path: `/api/admin/bookings/${b.id}`,
        json: {
          guest_count: 5,
          start_time: '21:00',
          end_time: '23:00',
          total_price: 200,
          status: 'cancelled',
        },
        snapshot: booking(b.id),
      };
    },
  },

  /* ---------- calendars ---------- */
  {
    route: 'GET /api/venues/:id/calendar-feed',
    subject: 'the host’s active venue',
    source: 'VENUE_ACTIONS.manageCalendarFeed [owner]; tests/calendar-feeds.test.ts',
    expect: FEED_OWNER,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}/calendar-feed` }),
  },
  {
    route: 'GET /api/venues/:id/calendar-feed',
    subject: 'the host’s pending venue',
    source: 'manageCalendarFeed [owner]; the others may not know the venue (404), the admin may (403)',
    expect: [401, 404, 404, 200, 404, 403],
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}/calendar-feed` }),
  },
  {
    route: 'POST /api/venues/:id/calendar-feed',
    source: 'VENUE_ACTIONS.manageCalendarFeed [owner]',
    expect: FEED_OWNER,
    prepare: async () => {
      const v = await freshVenue();
      return {
        path: `/api/venues/${v.id}/calendar-feed`,
        snapshot: () =>
          w.env.ctx.db.select().from(venueCalendarFeeds).where(eq(venueCalendarFeeds.venue_id, v.id)),
      };
    },
  },
  {
    route: 'GET /api/calendar/venues/:file',
    subject: 'the venue’s feed URL',
    source: 'decision 17: the secret URL is the key (it carries the host’s right to guests’ contacts)',
    expect: [200, 200, 200, 200, 200, 200],
    judgeAs: 'host',
    prepare: async () => ({ path: w.feedPath }),
    check: (_role, res) => {
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.body).toContain(w.booking.id);
    },
  },
  {
    route: 'GET /api/calendar/venues/:file',
    subject: 'a token that is no feed’s',
    source: 'decision 17: without the token nothing is found',
    expect: [404, 404, 404, 404, 404, 404],
    prepare: async () => ({ path: '/api/calendar/venues/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics' }),
  },
  {
    route: 'GET /api/bookings/:id/calendar.ics',
    source: 'BOOKING_ACTIONS.exportCalendar [admin, host, guest]',
    expect: BOOKING_READERS,
    prepare: async () => ({ path: `/api/bookings/${w.booking.id}/calendar.ics` }),
  },

  /* ---------- conversations ---------- */
  {
    route: 'GET /api/bookings/:id/messages',
    source: 'BOOKING_ACTIONS.readMessages [admin, host, guest]; tests/messages-access.test.ts',
    expect: BOOKING_READERS,
    prepare: async () => ({ path: `/api/bookings/${w.booking.id}/messages` }),
    check: (_role, res) => expect(res.body.messages.length).toBeGreaterThan(0),
  },
  {
    route: 'POST /api/bookings/:id/messages',
    source: 'BOOKING_ACTIONS.writeMessages [host, guest]: the admin reads only',
    expect: [401, 201, 404, 201, 404, 403],
    prepare: async () => {
      const b = await freshBooking();
      return {
        path: `/api/bookings/${b.id}/messages`,
        json: { body: 'Is there a coat check?' },
        snapshot: messagesOf(b.id),
      };
    },
  },
  {
    route: 'POST /api/bookings/:id/messages/read',
    source: 'BOOKING_ACTIONS.markMessagesRead [host, guest]',
    expect: [401, 200, 404, 200, 404, 403],
    prepare: async () => {
      const b = await freshBooking();
      return { path: `/api/bookings/${b.id}/messages/read`, snapshot: markersOf(b.id) };
    },
  },
  {
    route: 'GET /api/me/messages/unread',
    source: 'the definition: signed in (each counts their own)',
    expect: SIGNED_IN,
    prepare: async () => ({ path: '/api/me/messages/unread' }),
  },

  /* ---------- waitlist ---------- */
  {
    route: 'POST /api/waitlist',
    source: 'ROLE_ACTIONS.joinWaitlist [user]; tests/waitlist-join.test.ts',
    expect: [401, 201, 201, 403, 403, 403],
    prepare: async () => ({
      path: '/api/waitlist',
      json: { venue_id: w.venue.id, date: await takenNight(), start_time: '21:00', end_time: '23:00' },
    }),
  },
  {
    route: 'GET /api/me/waitlist',
    source: 'the guest’s own entries; tests/waitlist-join.test.ts',
    expect: GUESTS,
    prepare: async () => ({ path: '/api/me/waitlist' }),
  },
  {
    route: 'DELETE /api/waitlist/:id',
    source: 'WAITLIST_ACTIONS.leave [guest]; read [admin, host, guest] (others 404)',
    expect: [401, 204, 404, 403, 404, 403],
    prepare: async () => {
      const date = await takenNight();
      const joined = await call(w.env, 'POST', '/api/waitlist', {
        cookie: w.a.guest.cookie,
        json: { venue_id: w.venue.id, date, start_time: '20:00', end_time: '23:00' },
      });
      expect(joined.status).toBe(201);
      const id = joined.body.id as string;
      return {
        path: `/api/waitlist/${id}`,
        snapshot: () => w.env.ctx.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)),
      };
    },
  },
  {
    route: 'GET /api/venues/:id/waitlist-demand',
    subject: 'the host’s active venue',
    source: 'VENUE_ACTIONS.readWaitlistDemand [admin, owner]',
    expect: VENUE_OWNER_ADMIN,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}/waitlist-demand` }),
  },
  {
    route: 'GET /api/venues/:id/waitlist-demand',
    subject: 'the host’s pending venue',
    source: 'VENUE_ACTIONS.readWaitlistDemand; venueRelation null for the others',
    expect: INACTIVE_OWNER_ADMIN,
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}/waitlist-demand` }),
  },
];
