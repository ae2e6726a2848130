/**
 * POST /api/bookings: a guest requests a booking. The server prices it, checks the date, the
 * opening hours, the guest count and the confirmed bookings, queues the two emails, and refuses
 * bad input with a clear 4xx that writes nothing. Prices and time zones: bookings-pricing.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OVERLAP_MESSAGE } from '../src/domain/errors';
import { profiles, venueAvailability, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import {
  BOOKING_VENUE_KEYS,
  FRIDAY,
  SATURDAY,
  TODAY,
  ZONE,
  bookingAction,
  bookingRow,
  countBookings,
  createAccounts,
  createBooking,
  emailsOf,
  freezeClock,
  insertVenue,
  nightHours,
  outboxCount,
  requestBooking,
  type Accounts,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

describe('booking request', () => {
  it('creates a pending booking priced by the server, ignoring any price the browser sends', async () => {
    const res = await requestBooking(env, a.guest, venue.id, {
      total_price: 1,
      status: 'confirmed',
      user_id: a.otherGuest.profile.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const b = res.body;
    expect(b).toMatchObject({
      venue_id: venue.id,
      user_id: a.guest.profile.id,
      date: FRIDAY,
      start_time: '20:00',
      end_time: '23:00',
      guest_count: 10,
      total_price: 300,
      status: 'pending',
      approval_status: 'pending',
      host_notes: null,
      special_requests: 'Birthday party with a DJ.',
      contact_email: a.guest.email,
    });
    // 20:00 and 23:00 on 14 June 2030 in New York (EDT, UTC-4).
    expect(b.starts_at).toBe('2030-06-15T00:00:00.000Z');
    expect(b.ends_at).toBe('2030-06-15T03:00:00.000Z');
    expect(Object.keys(b.venue).sort()).toEqual(BOOKING_VENUE_KEYS);
    expect(b.venue).toMatchObject({ id: venue.id, name: venue.name, capacity: 50, time_zone: ZONE });
    expect(b.guest).toBeUndefined();
    const row = await bookingRow(env, b.id);
    expect(row?.total_price).toBe(300);
    expect(row?.status).toBe('pending');
  });

  it('queues "booking submitted" to the host and the request confirmation to the guest, with the details', async () => {
    const before = await outboxCount(env);
    const b = await createBooking(env, a.guest, venue.id, {
      date: SATURDAY,
      start_time: '21:30',
      end_time: '01:00',
      guest_count: 7,
    });
    expect(await outboxCount(env)).toBe(before + 2);
    const toHost = (await emailsOf(env, 'booking_submitted')).at(-1)!;
    const toGuest = (await emailsOf(env, 'customer_booking_confirmation')).at(-1)!;
    expect(toHost.to).toBe(a.host.email);
    expect(toGuest.to).toBe(a.guest.email);
    for (const msg of [toHost, toGuest]) {
      expect(msg.text).toContain(venue.name);
      expect(msg.text).toContain('Saturday, June 15, 2030');
      expect(msg.text).toContain('9:30 PM - 1:00 AM');
      expect(msg.text).toContain('7 people');
      expect(msg.text).toContain('$400.00');
      expect(msg.text).toContain(b.id.slice(0, 8));
    }
    expect(toHost.text).toContain(`/venue-management/${venue.id}?tab=bookings`);
    expect(toHost.text).toContain('Birthday party with a DJ.');
    expect(toGuest.subject).toMatch(/received/i);
  });

  it('stores the phone given, else the profile phone', async () => {
    const withPhone = await createBooking(env, a.guest, venue.id, {
      date: '2030-06-20',
      contact_phone: '+1 212 555 0100',
    });
    expect(withPhone.contact_phone).toBe('+1 212 555 0100');
  });

  describe('refuses bad input with a clear 4xx and writes nothing', () => {
    let closedMonday: Venue;
    let inactive: Venue;
    beforeAll(async () => {
      closedMonday = await insertVenue(env, a.host, { hours: nightHours({ monday: { closed: true } }) });
      inactive = await insertVenue(env, a.host, { is_active: false });
      await env.ctx.db
        .insert(venueAvailability)
        .values({ venue_id: venue.id, date: '2030-06-21', is_available: false });
    });

    const cases: Array<[string, () => Record<string, unknown>, number, RegExp | string, string?]> = [
      [
        'end time equal to start time',
        () => ({ start_time: '20:00', end_time: '20:00' }),
        400,
        'End time must be different from start time.',
        'end_time',
      ],
      ['0 guests', () => ({ guest_count: 0 }), 400, 'Guest count must be at least 1.', 'guest_count'],
      [
        'capacity + 1 guests',
        () => ({ guest_count: 51 }),
        400,
        'This venue allows up to 50 guests.',
        'guest_count',
      ],
      ['a fractional guest count', () => ({ guest_count: 2.5 }), 400, /whole number/, 'guest_count'],
      [
        'a start time off the 15-minute grid',
        () => ({ start_time: '20:10' }),
        400,
        /15-minute grid/,
        'start_time',
      ],
      [
        'an end time off the 15-minute grid',
        () => ({ end_time: '23:05' }),
        400,
        /15-minute grid/,
        'end_time',
      ],
      ['a time that is not a time', () => ({ start_time: '8pm' }), 400, /15-minute grid/, 'start_time'],
      ['a past date (the venue’s yesterday)', () => ({ date: '2030-06-02' }), 400, /date has passed/, 'date'],
      ['an impossible date', () => ({ date: '2030-02-30' }), 400, /valid date/, 'date'],
      [
        'an unknown venue',
        () => ({ venue_id: '00000000-0000-4000-8000-000000000000' }),
        404,
        'Venue not found',
      ],
      ['an inactive venue', () => ({ venue_id: inactive.id }), 404, 'Venue not found'],
      [
        'a day the venue is closed every week',
        () => ({ venue_id: closedMonday.id, date: '2030-06-10' }),
        400,
        /not available/,
        'date',
      ],
      ['a date the host made unavailable', () => ({ date: '2030-06-21' }), 400, /not available/, 'date'],
      [
        'a time outside the opening hours',
        () => ({ start_time: '15:00', end_time: '19:00' }),
        400,
        /opening hours \(6:00 PM - 2:00 AM\)/,
        'start_time',
      ],
      [
        'a time running past the closing time after midnight',
        () => ({ start_time: '23:00', end_time: '03:00' }),
        400,
        /opening hours/,
        'start_time',
      ],
      [
        'no event details',
        () => ({ special_requests: '   ' }),
        400,
        'Please describe your event.',
        'special_requests',
      ],
      ['no venue', () => ({ venue_id: undefined }), 400, /Venue is required/, 'venue_id'],
    ];

    it.each(cases)('%s', async (_name, fields, status, message, field) => {
      const [rows, mails] = [await countBookings(env), await outboxCount(env)];
      const res = await requestBooking(env, a.guest, venue.id, fields());
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      if (typeof message === 'string') expect(res.body.error.message).toBe(message);
      else expect(res.body.error.message).toMatch(message);
      if (field) expect(res.body.error.field).toBe(field);
      expect(await countBookings(env)).toBe(rows);
      expect(await outboxCount(env)).toBe(mails);
    });

    it('a start time already passed today (flexible venue, open all day)', async () => {
      const flexible = await insertVenue(env, a.host, { open_to_flexible_hours: true });
      const rows = await countBookings(env);
      const res = await requestBooking(env, a.guest, flexible.id, {
        date: TODAY,
        start_time: '09:00',
        end_time: '10:00',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/already passed/);
      expect(await countBookings(env)).toBe(rows);
      // Later the same day is fine.
      await createBooking(env, a.guest, flexible.id, { date: TODAY, start_time: '13:00', end_time: '14:00' });
    });

    it('a profile without a contact email', async () => {
      await env.ctx.db.update(profiles).set({ email: '' }).where(eq(profiles.id, a.otherGuest.profile.id));
      try {
        const rows = await countBookings(env);
        const res = await requestBooking(env, a.otherGuest, venue.id, { date: '2030-06-26' });
        expect(res.status).toBe(400);
        expect(res.body.error.message).toMatch(/no contact email/);
        expect(await countBookings(env)).toBe(rows);
      } finally {
        await env.ctx.db
          .update(profiles)
          .set({ email: a.otherGuest.email })
          .where(eq(profiles.id, a.otherGuest.profile.id));
      }
    });

    it('a time that overlaps a confirmed booking: 409', async () => {
      const first = await createBooking(env, a.guest, venue.id, {
        date: '2030-06-24',
        start_time: '20:00',
        end_time: '23:00',
      });
      expect((await bookingAction(env, a.host, first.id, 'approve')).status).toBe(200);
      const rows = await countBookings(env);
      const res = await requestBooking(env, a.otherGuest, venue.id, {
        date: '2030-06-24',
        start_time: '22:00',
        end_time: '23:30',
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
      expect(await countBookings(env)).toBe(rows);
      // Right after it is free; pending requests may overlap each other.
      await createBooking(env, a.otherGuest, venue.id, {
        date: '2030-06-24',
        start_time: '23:00',
        end_time: '01:00',
      });
      await createBooking(env, a.guest, venue.id, {
        date: '2030-06-24',
        start_time: '23:00',
        end_time: '01:00',
      });
    });
  });

  describe('the bookable-times rule (decision 21)', () => {
    it('a confirmed night that runs past midnight holds the small hours of the next date: 409', async () => {
      const flexible = await insertVenue(env, a.host, { open_to_flexible_hours: true });
      const night = await createBooking(env, a.guest, flexible.id, {
        date: '2030-07-12',
        start_time: '22:00',
        end_time: '02:00',
      });
      expect((await bookingAction(env, a.host, night.id, 'approve')).status).toBe(200);
      const rows = await countBookings(env);
      const res = await requestBooking(env, a.otherGuest, flexible.id, {
        date: '2030-07-13',
        start_time: '01:00',
        end_time: '03:00',
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
      expect(await countBookings(env)).toBe(rows);
      // From the moment it ends the time is free.
      await createBooking(env, a.otherGuest, flexible.id, {
        date: '2030-07-13',
        start_time: '02:00',
        end_time: '04:00',
      });
    });
  });

  describe('opening hours', () => {
    it('accepts a booking that crosses midnight inside hours that close after midnight', async () => {
      await createBooking(env, a.guest, venue.id, {
        date: '2030-06-27',
        start_time: '23:00',
        end_time: '01:30',
      });
    });

    it('accepts the early hours of a date as the late part of the night before', async () => {
      const b = await createBooking(env, a.guest, venue.id, {
        date: '2030-06-28',
        start_time: '00:30',
        end_time: '01:30',
      });
      expect(b.starts_at).toBe('2030-06-28T04:30:00.000Z');
    });

    it('refuses the early hours when the night before is closed', async () => {
      const v = await insertVenue(env, a.host, { hours: nightHours({ thursday: { closed: true } }) });
      const res = await requestBooking(env, a.guest, v.id, {
        date: FRIDAY,
        start_time: '00:30',
        end_time: '01:30',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/opening hours/);
    });

    it('lets flexible venues be booked at any time of an available day', async () => {
      const v = await insertVenue(env, a.host, { open_to_flexible_hours: true });
      await createBooking(env, a.guest, v.id, { start_time: '10:00', end_time: '14:00' });
    });

    it('opens a weekly closed day with an available override, using that weekday’s hours', async () => {
      const v = await insertVenue(env, a.host, {
        hours: nightHours({ friday: { closed: true, open: '19:00', close: '23:00' } }),
      });
      expect((await requestBooking(env, a.guest, v.id)).status).toBe(400);
      await env.ctx.db
        .insert(venueAvailability)
        .values({ venue_id: v.id, date: FRIDAY, is_available: true, price: 0 });
      await createBooking(env, a.guest, v.id, { start_time: '20:00', end_time: '23:00' });
      expect(
        (await requestBooking(env, a.guest, v.id, { start_time: '22:00', end_time: '00:00' })).status,
      ).toBe(400);
    });
  });
});
