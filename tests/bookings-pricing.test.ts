/**
 * POST /api/bookings: the price the server computes (hourly, minimum spend, weekly and date
 * override prices) and the instants it stores across time zones and daylight saving changes.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { venueAvailability, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import {
  FRIDAY,
  SATURDAY,
  countBookings,
  createAccounts,
  createBooking,
  freezeClock,
  insertVenue,
  nightHours,
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

describe('booking request: price and time', () => {
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
      const v = await insertVenue(env, a.host, { hours: nightHours({ friday: { price: 150 } }) });
      expect((await createBooking(env, a.guest, v.id, { date: FRIDAY })).total_price).toBe(450);
      await env.ctx.db
        .insert(venueAvailability)
        .values({ venue_id: v.id, date: '2030-06-21', is_available: true, price: 250 });
      expect((await createBooking(env, a.guest, v.id, { date: '2030-06-21' })).total_price).toBe(750);
      // Weekly price 0 means "not set": the base price applies.
      expect((await createBooking(env, a.guest, v.id, { date: SATURDAY })).total_price).toBe(300);
    });

    it('an override price of 0 falls back to the weekly price', async () => {
      const v = await insertVenue(env, a.host, { hours: nightHours({ friday: { price: 120 } }) });
      await env.ctx.db
        .insert(venueAvailability)
        .values({ venue_id: v.id, date: FRIDAY, is_available: true, price: 0 });
      expect((await createBooking(env, a.guest, v.id)).total_price).toBe(360);
    });

    it('minimum spend venues charge the minimum whatever the length; an override may switch the type', async () => {
      const v = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 1500 });
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
      flexible = await insertVenue(env, a.host, { open_to_flexible_hours: true });
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
      const tokyo = await insertVenue(env, a.host, { time_zone: 'Asia/Tokyo', open_to_flexible_hours: true });
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
