import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '../src/domain/booking';
import { bookings, profiles, venueAvailability, venues, type Venue } from '../src/server/db/schema';
import { OVERLAP_MESSAGE } from '../src/domain/errors';
import { bookingInstants } from '../src/server/services/availability';
import { BOOKING_CHANGED, TERMS_CHANGED_AGAIN } from '../src/server/services/bookings';
import { createTestEnv, type TestEnv } from './support/env';
import { call, createActors, type Actors } from './support/client';
import {
  FRIDAY,
  SATURDAY,
  TODAY,
  ZONE,
  bookingAction,
  bookingRow,
  countBookings,
  createBooking,
  createVenue,
  emailsOf,
  freezeClock,
  insertBooking,
  nightHours,
  outboxCount,
  requestBooking,
} from './support/bookings-fixtures';

let env: TestEnv;
let a: Actors;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createActors(env);
  venue = await createVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

const VENUE_KEYS = ['address', 'capacity', 'city', 'description', 'id', 'name', 'pricing_type', 'time_zone'];

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
    expect(Object.keys(b.venue).sort()).toEqual(VENUE_KEYS);
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
      closedMonday = await createVenue(env, a.host, { hours: nightHours({ monday: { closed: true } }) });
      inactive = await createVenue(env, a.host, { is_active: false });
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
      const flexible = await createVenue(env, a.host, { open_to_flexible_hours: true });
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
      const v = await createVenue(env, a.host, { hours: nightHours({ thursday: { closed: true } }) });
      const res = await requestBooking(env, a.guest, v.id, {
        date: FRIDAY,
        start_time: '00:30',
        end_time: '01:30',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/opening hours/);
    });

    it('lets flexible venues be booked at any time of an available day', async () => {
      const v = await createVenue(env, a.host, { open_to_flexible_hours: true });
      await createBooking(env, a.guest, v.id, { start_time: '10:00', end_time: '14:00' });
    });

    it('opens a weekly closed day with an available override, using that weekday’s hours', async () => {
      const v = await createVenue(env, a.host, {
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

  describe('pricing', () => {
    it('22:00–02:00 on an hourly venue is 4 hours × the rate, ending the next day', async () => {
      const b = await createBooking(env, a.guest, venue.id, {
        date: '2030-07-05',
        start_time: '22:00',
        end_time: '02:00',
      });
      expect(b.total_price).toBe(400);
      expect(b.starts_at).toBe('2030-07-06T02:00:00.000Z');
      expect(b.ends_at).toBe('2030-07-06T06:00:00.000Z');
    });

    it('rounds part hours up, at least 1 hour', async () => {
      expect(
        (
          await createBooking(env, a.guest, venue.id, {
            date: '2030-07-06',
            start_time: '22:00',
            end_time: '23:15',
          })
        ).total_price,
      ).toBe(200);
      expect(
        (
          await createBooking(env, a.guest, venue.id, {
            date: '2030-07-06',
            start_time: '20:00',
            end_time: '20:30',
          })
        ).total_price,
      ).toBe(100);
    });

    it('a weekly day price beats the base price, and a date override price beats the weekly one', async () => {
      const v = await createVenue(env, a.host, { hours: nightHours({ friday: { price: 150 } }) });
      expect((await createBooking(env, a.guest, v.id, { date: FRIDAY })).total_price).toBe(450);
      await env.ctx.db
        .insert(venueAvailability)
        .values({ venue_id: v.id, date: '2030-06-21', is_available: true, price: 250 });
      expect((await createBooking(env, a.guest, v.id, { date: '2030-06-21' })).total_price).toBe(750);
      // Weekly price 0 means "not set": the base price applies.
      expect((await createBooking(env, a.guest, v.id, { date: SATURDAY })).total_price).toBe(300);
    });

    it('an override price of 0 falls back to the weekly price', async () => {
      const v = await createVenue(env, a.host, { hours: nightHours({ friday: { price: 120 } }) });
      await env.ctx.db
        .insert(venueAvailability)
        .values({ venue_id: v.id, date: FRIDAY, is_available: true, price: 0 });
      expect((await createBooking(env, a.guest, v.id)).total_price).toBe(360);
    });

    it('minimum spend venues charge the minimum whatever the length; an override may switch the type', async () => {
      const v = await createVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 1500 });
      expect(
        (await createBooking(env, a.guest, v.id, { start_time: '20:00', end_time: '01:00' })).total_price,
      ).toBe(1500);
      await env.ctx.db.insert(venueAvailability).values({
        venue_id: v.id,
        date: SATURDAY,
        is_available: true,
        price: 90,
        pricing_type: 'hourly_rate',
      });
      expect((await createBooking(env, a.guest, v.id, { date: SATURDAY })).total_price).toBe(270);
    });
  });

  describe('time zones and daylight saving time', () => {
    let flexible: Venue;
    beforeAll(async () => {
      flexible = await createVenue(env, a.host, { open_to_flexible_hours: true });
    });

    it('a night across the spring-forward change lasts one hour less in real time', async () => {
      freezeClock(env, new Date('2030-03-01T12:00:00Z'));
      const b = await createBooking(env, a.guest, flexible.id, {
        date: '2030-03-09',
        start_time: '23:00',
        end_time: '03:00',
      });
      expect(b.starts_at).toBe('2030-03-10T04:00:00.000Z'); // 23:00 EST
      expect(b.ends_at).toBe('2030-03-10T07:00:00.000Z'); // 03:00 EDT
    });

    it('a night across the fall-back change lasts one hour more in real time', async () => {
      freezeClock(env, new Date('2030-10-01T12:00:00Z'));
      const b = await createBooking(env, a.guest, flexible.id, {
        date: '2030-11-02',
        start_time: '23:00',
        end_time: '02:00',
      });
      expect(b.starts_at).toBe('2030-11-03T03:00:00.000Z'); // 23:00 EDT
      expect(b.ends_at).toBe('2030-11-03T07:00:00.000Z'); // 02:00 EST
    });

    it('refuses a booking that lies wholly in the skipped hour', async () => {
      freezeClock(env, new Date('2030-03-01T12:00:00Z'));
      const rows = await countBookings(env);
      const res = await requestBooking(env, a.guest, flexible.id, {
        date: '2030-03-10',
        start_time: '02:00',
        end_time: '03:00',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/daylight saving/);
      expect(await countBookings(env)).toBe(rows);
    });

    it('judges "past" in the venue’s zone, not the server’s', async () => {
      const tokyo = await createVenue(env, a.host, { time_zone: 'Asia/Tokyo', open_to_flexible_hours: true });
      // 2030-06-03 20:00 UTC is already 4 June in Tokyo, still 3 June in New York.
      freezeClock(env, new Date('2030-06-03T20:00:00Z'));
      const res = await requestBooking(env, a.guest, tokyo.id, {
        date: '2030-06-03',
        start_time: '22:00',
        end_time: '23:00',
      });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/date has passed/);
      const ok = await createBooking(env, a.guest, venue.id, {
        date: '2030-06-03',
        start_time: '22:00',
        end_time: '23:00',
      });
      expect(ok.date).toBe('2030-06-03');
    });
  });
});

describe('booking lifecycle', () => {
  let date = '2030-08-01';
  const nextDate = () => {
    const d = date;
    date = new Date(Date.parse(`${d}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    return d;
  };
  const pending = (fields: Record<string, unknown> = {}) =>
    createBooking(env, a.guest, venue.id, { date: nextDate(), ...fields });

  it('the host approves a pending request: confirmed, updated_at moves, "booking accepted" goes to the guest', async () => {
    const b = await pending();
    const res = await bookingAction(env, a.host, b.id, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, status: 'confirmed', approval_status: 'approved' });
    expect(res.body.guest).toEqual({ id: a.guest.profile.id, email: a.guest.email, full_name: 'Gina Guest' });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(b.updated_at).getTime());
    const mail = (await emailsOf(env, 'booking_accepted')).at(-1)!;
    expect(mail.to).toBe(a.guest.email);
    expect(mail.text).toContain(venue.name);
    expect(mail.text).toContain('8:00 PM - 11:00 PM');
    expect(mail.text).toContain('10 people');
    expect(mail.text).toContain('$300.00');

    const again = await bookingAction(env, a.host, b.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(BOOKING_MESSAGES.confirmed);
  });

  it('the host rejects with a reason: cancelled, "booking rejected" carries the reason; a cancelled booking cannot be approved again', async () => {
    const b = await pending();
    const res = await bookingAction(env, a.host, b.id, 'reject', {
      reason: 'We are closed for a private event.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', approval_status: 'rejected' });
    const mail = (await emailsOf(env, 'booking_rejected')).at(-1)!;
    expect(mail.to).toBe(a.guest.email);
    expect(mail.text).toContain('We are closed for a private event.');

    const before = await bookingRow(env, b.id);
    const mails = await outboxCount(env);
    const again = await bookingAction(env, a.host, b.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(BOOKING_MESSAGES.cancelled);
    expect(await bookingRow(env, b.id)).toEqual(before);
    expect(await outboxCount(env)).toBe(mails);
  });

  it('reject needs no body', async () => {
    const b = await pending();
    const res = await call(env, 'POST', `/api/bookings/${b.id}/reject`, { cookie: a.host.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const empty = await pending();
    const withType = await call(env, 'POST', `/api/bookings/${empty.id}/reject`, {
      cookie: a.host.cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(withType.status, JSON.stringify(withType.body)).toBe(200);
    const bad = await pending();
    const malformed = await call(env, 'POST', `/api/bookings/${bad.id}/reject`, {
      cookie: a.host.cookie,
      body: '{"reason": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await bookingRow(env, bad.id))?.status).toBe('pending');
  });

  it('the admin approves and rejects like the host', async () => {
    const one = await pending();
    const two = await pending();
    expect((await bookingAction(env, a.admin, one.id, 'approve')).body.status).toBe('confirmed');
    expect((await bookingAction(env, a.admin, two.id, 'reject')).body.status).toBe('cancelled');
  });

  it('the host edits: pending with host notes and the new terms; "booking edited" carries the note; the guest approves the changes', async () => {
    const b = await pending();
    const edit = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '01:00',
      total_price: 450.5,
      host_notes: 'We moved you an hour later; the price includes a welcome drink.',
    };
    const res = await bookingAction(env, a.host, b.id, 'edit', edit);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...edit, status: 'pending' });
    expect(new Date(res.body.ends_at).getTime() - new Date(res.body.starts_at).getTime()).toBe(4 * 3600_000);
    const mail = (await emailsOf(env, 'booking_edited')).at(-1)!;
    expect(mail.to).toBe(a.guest.email);
    expect(mail.text).toContain(edit.host_notes);
    expect(mail.text).toContain('9:00 PM - 1:00 AM');
    expect(mail.text).toContain('$450.50');

    // The venue cannot approve its own changes; the guest answers them.
    const hostApprove = await bookingAction(env, a.host, b.id, 'approve');
    expect(hostApprove.status).toBe(409);
    expect(hostApprove.body.error.message).toBe(BOOKING_MESSAGES.awaitingGuest);

    const ok = await bookingAction(env, a.guest, b.id, 'approve-changes', {
      updated_at: res.body.updated_at,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ status: 'confirmed', host_notes: edit.host_notes, total_price: 450.5 });
    expect(ok.body.guest).toBeUndefined();
    const confirmed = (await emailsOf(env, 'booking_confirmed')).at(-1)!;
    expect(confirmed.to).toBe(a.guest.email);
  });

  it('the guest rejects the changes: cancelled', async () => {
    const b = await pending();
    await bookingAction(env, a.host, b.id, 'edit', {
      guest_count: 5,
      start_time: '20:00',
      end_time: '22:00',
      total_price: 150,
      host_notes: 'Smaller room.',
    });
    const res = await bookingAction(env, a.guest, b.id, 'reject-changes');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('cancelled');
  });

  it('a guest cannot answer changes that were never made', async () => {
    const b = await pending();
    const res = await bookingAction(env, a.guest, b.id, 'approve-changes', { updated_at: b.updated_at });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(BOOKING_MESSAGES.noChanges);
    expect((await bookingRow(env, b.id))?.status).toBe('pending');
  });

  describe('the guest approves only the changes they saw', () => {
    const firstEdit = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '23:00',
      total_price: 250,
      host_notes: 'We moved you an hour later.',
    };
    const secondEdit = {
      guest_count: 12,
      start_time: '22:00',
      end_time: '01:00',
      total_price: 900,
      host_notes: 'Actually, even later, and the price went up.',
    };

    it('approve-changes with a stale updated_at: 409, and the booking stays pending with the new terms', async () => {
      const b = await pending();
      expect((await bookingAction(env, a.host, b.id, 'edit', firstEdit)).status).toBe(200);
      // The guest's page reads the first edit…
      const seen = await call(env, 'GET', `/api/bookings/${b.id}`, { cookie: a.guest.cookie });
      expect(seen.body).toMatchObject(firstEdit);
      // …then the venue edits again before the guest clicks Approve Changes.
      const again = await bookingAction(env, a.host, b.id, 'edit', secondEdit);
      expect(again.status).toBe(200);
      const before = await bookingRow(env, b.id);
      const mails = await outboxCount(env);

      const res = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: seen.body.updated_at,
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(TERMS_CHANGED_AGAIN);
      expect(TERMS_CHANGED_AGAIN).toBe(
        'The venue changed this booking again. Review the new details before approving.',
      );
      const after = await bookingRow(env, b.id);
      expect(after).toEqual(before);
      expect(after).toMatchObject({ ...secondEdit, status: 'pending' });
      expect(await outboxCount(env)).toBe(mails);
    });

    it('approve-changes with the current updated_at: 200 confirmed', async () => {
      const b = await pending();
      await bookingAction(env, a.host, b.id, 'edit', firstEdit);
      await bookingAction(env, a.host, b.id, 'edit', secondEdit);
      const seen = await call(env, 'GET', '/api/me/bookings', { cookie: a.guest.cookie });
      const shown = seen.body.bookings.find((x: { id: string }) => x.id === b.id);
      const res = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: shown.updated_at,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ ...secondEdit, status: 'confirmed' });
    });

    it('approve-changes without the updated_at the guest saw: 400 naming updated_at, nothing changes', async () => {
      const b = await pending();
      await bookingAction(env, a.host, b.id, 'edit', firstEdit);
      const before = await bookingRow(env, b.id);
      const noBody = await call(env, 'POST', `/api/bookings/${b.id}/approve-changes`, {
        cookie: a.guest.cookie,
      });
      const emptyObject = await bookingAction(env, a.guest, b.id, 'approve-changes', {});
      const notADate = await bookingAction(env, a.guest, b.id, 'approve-changes', {
        updated_at: 'yesterday',
      });
      const notText = await bookingAction(env, a.guest, b.id, 'approve-changes', { updated_at: 12 });
      for (const res of [noBody, emptyObject, notADate, notText]) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error.field).toBe('updated_at');
        expect(res.body.error.message).toMatch(/updated at/i);
      }
      expect(noBody.body.error.message).toBe('Updated at is required.');
      expect(await bookingRow(env, b.id)).toEqual(before);
    });

    it('the host’s approve compares updated_at when it is sent', async () => {
      const b = await pending();
      const stale = await bookingAction(env, a.host, b.id, 'approve', {
        updated_at: new Date(Date.parse(b.updated_at) - 1000).toISOString(),
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.message).toBe(BOOKING_CHANGED);
      expect((await bookingRow(env, b.id))?.status).toBe('pending');
      const bad = await bookingAction(env, a.host, b.id, 'approve', { updated_at: 'soon' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.field).toBe('updated_at');
      const ok = await bookingAction(env, a.host, b.id, 'approve', { updated_at: b.updated_at });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.status).toBe('confirmed');
    });
  });

  describe('an edit with bad input changes nothing', () => {
    const good = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '23:00',
      total_price: 200,
      host_notes: 'Changed.',
    };
    const cases: Array<[string, Record<string, unknown>, RegExp]> = [
      ['blank host notes', { host_notes: '   ' }, /add a note for the guest/],
      ['no host notes', { host_notes: undefined }, /add a note for the guest/],
      ['0 guests', { guest_count: 0 }, /at least 1/],
      ['capacity + 1 guests', { guest_count: 51 }, /up to 50 guests/],
      ['a negative price', { total_price: -1 }, /cannot be negative/],
      ['a price with three decimals', { total_price: 10.005 }, /2 decimal places/],
      ['a time off the grid', { end_time: '23:20' }, /15-minute grid/],
      ['end equal to start', { end_time: '21:00' }, /different from start/],
    ];
    it.each(cases)('%s', async (_name, patch, message) => {
      const b = await pending();
      const before = await bookingRow(env, b.id);
      const mails = await outboxCount(env);
      const res = await bookingAction(env, a.host, b.id, 'edit', { ...good, ...patch });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(message);
      expect(await bookingRow(env, b.id)).toEqual(before);
      expect(await outboxCount(env)).toBe(mails);
    });

    it('an edit onto a confirmed booking’s time: 409', async () => {
      const d = nextDate();
      const confirmed = await createBooking(env, a.otherGuest, venue.id, {
        date: d,
        start_time: '18:00',
        end_time: '20:00',
      });
      await bookingAction(env, a.host, confirmed.id, 'approve');
      const b = await createBooking(env, a.guest, venue.id, {
        date: d,
        start_time: '21:00',
        end_time: '23:00',
      });
      const before = await bookingRow(env, b.id);
      const res = await bookingAction(env, a.host, b.id, 'edit', {
        ...good,
        start_time: '19:00',
        end_time: '22:00',
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
      expect(await bookingRow(env, b.id)).toEqual(before);
    });
  });

  describe('admin edits', () => {
    it('changes guests, times, price, status and notes', async () => {
      const b = await pending();
      const res = await call(env, 'PATCH', `/api/admin/bookings/${b.id}`, {
        cookie: a.admin.cookie,
        json: {
          guest_count: 30,
          start_time: '22:00',
          end_time: '02:00',
          total_price: 999.99,
          status: 'confirmed',
          host_notes: 'Fixed by support.',
        },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({
        guest_count: 30,
        start_time: '22:00',
        end_time: '02:00',
        total_price: 999.99,
        status: 'confirmed',
        approval_status: 'approved',
        host_notes: 'Fixed by support.',
      });
      expect(res.body.guest.id).toBe(a.guest.profile.id);
      expect(new Date(res.body.ends_at).getTime() - new Date(res.body.starts_at).getTime()).toBe(
        4 * 3600_000,
      );
      expect((await emailsOf(env, 'booking_accepted')).at(-1)!.text).toContain('10:00 PM - 2:00 AM');
    });

    it('a change to confirmed obeys the no-overlap rule; nothing is written', async () => {
      const d = nextDate();
      const first = await createBooking(env, a.guest, venue.id, { date: d });
      await bookingAction(env, a.host, first.id, 'approve');
      const second = await createBooking(env, a.otherGuest, venue.id, {
        date: d,
        start_time: '23:00',
        end_time: '01:00',
      });
      const before = await bookingRow(env, second.id);
      const mails = await outboxCount(env);
      const res = await call(env, 'PATCH', `/api/admin/bookings/${second.id}`, {
        cookie: a.admin.cookie,
        json: {
          guest_count: 10,
          start_time: '22:00',
          end_time: '01:00',
          total_price: 300,
          status: 'confirmed',
        },
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
      expect(await bookingRow(env, second.id)).toEqual(before);
      expect(await outboxCount(env)).toBe(mails);
    });

    it('refuses bad input', async () => {
      const b = await pending();
      const before = await bookingRow(env, b.id);
      const base = {
        guest_count: 10,
        start_time: '20:00',
        end_time: '23:00',
        total_price: 300,
        status: 'pending',
      };
      for (const patch of [
        { guest_count: 51 },
        { status: 'paid' },
        { total_price: -5 },
        { start_time: '20:07' },
      ]) {
        const res = await call(env, 'PATCH', `/api/admin/bookings/${b.id}`, {
          cookie: a.admin.cookie,
          json: { ...base, ...patch },
        });
        expect(res.status, JSON.stringify(patch)).toBe(400);
      }
      expect(await bookingRow(env, b.id)).toEqual(before);
    });
  });
});

describe('reads', () => {
  let host2Venue: Venue;
  beforeAll(async () => {
    host2Venue = await createVenue(env, a.otherHost);
    await createBooking(env, a.otherGuest, host2Venue.id, { date: '2030-09-10' });
  });

  it('GET /me/bookings: the guest’s own bookings, newest first, with the venue and no guest', async () => {
    const res = await call(env, 'GET', '/api/me/bookings', { cookie: a.guest.cookie });
    expect(res.status).toBe(200);
    const list = res.body.bookings as Array<Record<string, any>>;
    expect(list.length).toBeGreaterThan(3);
    expect(list.every((b) => b.user_id === a.guest.profile.id)).toBe(true);
    const created = list.map((b) => new Date(b.created_at).getTime());
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(Object.keys(list[0]!.venue).sort()).toEqual(VENUE_KEYS);
    expect(list.every((b) => b.guest === undefined)).toBe(true);
    const own = await env.ctx.db.select().from(bookings).where(eq(bookings.user_id, a.guest.profile.id));
    expect(list.length).toBe(own.length);
  });

  it('GET /host/bookings: only the host’s venues, last changed first, with the guest', async () => {
    const res = await call(env, 'GET', '/api/host/bookings', { cookie: a.host.cookie });
    expect(res.status).toBe(200);
    const list = res.body.bookings as Array<Record<string, any>>;
    expect(list.length).toBeGreaterThan(3);
    expect(list.some((b) => b.venue_id === host2Venue.id)).toBe(false);
    const updated = list.map((b) => new Date(b.updated_at).getTime());
    expect(updated).toEqual([...updated].sort((x, y) => y - x));
    expect(Object.keys(list[0]!.guest).sort()).toEqual(['email', 'full_name', 'id']);

    const other = await call(env, 'GET', '/api/host/bookings', { cookie: a.otherHost.cookie });
    expect(other.body.bookings.map((b: { venue_id: string }) => b.venue_id)).toEqual([host2Venue.id]);
  });

  it('GET /venues/:id/bookings: that venue only, for its owner and the admin', async () => {
    for (const actor of [a.host, a.admin]) {
      const res = await call(env, 'GET', `/api/venues/${venue.id}/bookings`, { cookie: actor.cookie });
      expect(res.status).toBe(200);
      expect(res.body.bookings.length).toBeGreaterThan(0);
      expect(res.body.bookings.every((b: { venue_id: string }) => b.venue_id === venue.id)).toBe(true);
    }
  });

  it('GET /admin/bookings: every booking, last changed first, paged by the server', async () => {
    const res = await call(env, 'GET', '/api/admin/bookings?page_size=100', { cookie: a.admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(await countBookings(env));
    expect(res.body.bookings.length).toBe(Math.min(100, res.body.total));
    expect(res.body.bookings[0].guest).toBeTruthy();
    const updated = res.body.bookings.map((b: { updated_at: string }) => b.updated_at);
    expect(updated).toEqual([...updated].sort().reverse());
  });

  it('GET /bookings/:id answers 404 for a malformed id', async () => {
    const res = await call(env, 'GET', '/api/bookings/not-a-uuid', { cookie: a.admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Booking not found');
  });
});

describe('changing a venue’s time zone', () => {
  const AUCKLAND = 'Pacific/Auckland';
  const patchZone = (v: Venue, time_zone: string) =>
    call(env, 'PATCH', `/api/venues/${v.id}`, { cookie: a.host.cookie, json: { time_zone } });
  const venueRow = async (id: string) => (await env.ctx.db.select().from(venues).where(eq(venues.id, id)))[0];
  const rowsOf = (v: Venue) => env.ctx.db.select().from(bookings).where(eq(bookings.venue_id, v.id));

  it('moves the instants of its bookings, so the same wall-clock slot is still refused with 409', async () => {
    const v = await createVenue(env, a.host);
    const date = '2030-07-05';
    const slot = { date, start_time: '20:00', end_time: '22:00' };
    const confirmed = await insertBooking(env, v, a.guest, { ...slot, status: 'confirmed' });
    const waiting = await insertBooking(env, v, a.guest, { date: '2030-07-06', status: 'pending' });
    const cancelled = await insertBooking(env, v, a.otherGuest, { ...slot, status: 'cancelled' });

    const res = await patchZone(v, AUCKLAND);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.time_zone).toBe(AUCKLAND);

    const moved = await bookingRow(env, confirmed.id);
    expect(moved).toMatchObject({ ...slot, status: 'confirmed' });
    // 20:00–22:00 on 5 July 2030 in Auckland (NZST, UTC+12), no longer in New York (EDT, UTC-4).
    expect(moved!.starts_at.toISOString()).toBe('2030-07-05T08:00:00.000Z');
    expect(moved!.ends_at.toISOString()).toBe('2030-07-05T10:00:00.000Z');
    expect(moved!.starts_at.getTime()).not.toBe(confirmed.starts_at.getTime());
    const movedPending = await bookingRow(env, waiting.id);
    expect(movedPending).toMatchObject(bookingInstants('2030-07-06', '20:00', '23:00', AUCKLAND));
    expect(await bookingRow(env, cancelled.id)).toEqual(cancelled);

    const again = await requestBooking(env, a.otherGuest, v.id, slot);
    expect(again.status, JSON.stringify(again.body)).toBe(409);
    expect(again.body.error.message).toBe(OVERLAP_MESSAGE);
    expect(OVERLAP_MESSAGE).toBe('This time overlaps a confirmed booking.');
  });

  it('does not trip over a booking that the move passes over (an overnight booking the night before)', async () => {
    const v = await createVenue(env, a.host);
    // Moved 16 hours earlier, 20:00–22:00 on the 12th lands on the old place of the night before
    // (22:00 on the 11th to 06:00 on the 12th, New York); after the move nothing overlaps.
    const evening = await insertBooking(env, v, a.guest, {
      date: '2030-07-12',
      start_time: '20:00',
      end_time: '22:00',
      status: 'confirmed',
    });
    const night = await insertBooking(env, v, a.guest, {
      date: '2030-07-11',
      start_time: '22:00',
      end_time: '06:00',
      status: 'confirmed',
    });
    const res = await patchZone(v, AUCKLAND);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await bookingRow(env, evening.id)).toMatchObject(
      bookingInstants('2030-07-12', '20:00', '22:00', AUCKLAND),
    );
    expect(await bookingRow(env, night.id)).toMatchObject(
      bookingInstants('2030-07-11', '22:00', '06:00', AUCKLAND),
    );
  });

  it('refuses with 409 and writes nothing when two confirmed bookings would overlap in the new zone', async () => {
    const v = await createVenue(env, a.host);
    // Auckland springs forward on 29 September 2030 at 02:00: a night ending at 02:30 ends at
    // 03:30 there, past the start of a 03:00 booking (in New York they do not meet).
    await insertBooking(env, v, a.guest, {
      date: '2030-09-28',
      start_time: '23:00',
      end_time: '02:30',
      status: 'confirmed',
    });
    await insertBooking(env, v, a.otherGuest, {
      date: '2030-09-29',
      start_time: '03:00',
      end_time: '05:00',
      status: 'confirmed',
    });
    await insertBooking(env, v, a.guest, { date: '2030-09-20', status: 'pending' });
    const venueBefore = await venueRow(v.id);
    const before = await rowsOf(v);

    const res = await patchZone(v, AUCKLAND);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
    expect(await venueRow(v.id)).toEqual(venueBefore);
    expect(await rowsOf(v)).toEqual(expect.arrayContaining(before));
    expect((await rowsOf(v)).length).toBe(before.length);
  });

  it('refuses with 400 naming time_zone when a booking’s times do not exist in the new zone', async () => {
    const v = await createVenue(env, a.host);
    // 02:00–03:00 on 29 September 2030 is the hour Auckland skips.
    await insertBooking(env, v, a.guest, { date: '2030-09-29', start_time: '02:00', end_time: '03:00' });
    const venueBefore = await venueRow(v.id);
    const before = await rowsOf(v);
    const res = await patchZone(v, AUCKLAND);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.field).toBe('time_zone');
    expect(await venueRow(v.id)).toEqual(venueBefore);
    expect(await rowsOf(v)).toEqual(before);
  });

  it('leaves the bookings alone when the zone does not change', async () => {
    const v = await createVenue(env, a.host);
    const b = await insertBooking(env, v, a.guest, { status: 'confirmed' });
    const res = await patchZone(v, ZONE);
    expect(res.status).toBe(200);
    expect(await bookingRow(env, b.id)).toEqual(b);
  });
});
