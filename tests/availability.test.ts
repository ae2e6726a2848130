import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { venueAvailability, venues, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  type Accounts,
  createAccounts,
  createBooking,
  freezeClock,
  FRIDAY,
  insertBooking,
  insertVenue,
  nightHours,
  NOW,
  TODAY,
  ZONE,
} from './factories';

let env: TestEnv;
let a: Accounts;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

const availability = (venueId: string, query = '', cookie?: string) =>
  call(env, 'GET', `/api/venues/${venueId}/availability${query}`, { cookie });

describe('GET /venues/:id/availability', () => {
  let venue: Venue;
  beforeAll(async () => {
    venue = await insertVenue(env, a.host, {
      hours: nightHours({ monday: { closed: true }, friday: { price: 175 } }),
    });
  });

  it('answers the zone, the venue’s today, weekly hours, overrides and confirmed times', async () => {
    await env.ctx.db.insert(venueAvailability).values([
      {
        venue_id: venue.id,
        date: '2030-06-10',
        is_available: true,
        price: 300,
        pricing_type: 'minimum_spend',
      },
      { venue_id: venue.id, date: '2030-06-12', is_available: false },
      { venue_id: venue.id, date: '2031-01-01', is_available: false },
    ]);
    await insertBooking(env, venue, a.guest, {
      date: FRIDAY,
      start_time: '22:00',
      end_time: '02:00',
      status: 'confirmed',
    });
    await insertBooking(env, venue, a.otherGuest, {
      date: FRIDAY,
      start_time: '19:00',
      end_time: '21:00',
      status: 'pending',
    });

    const res = await availability(venue.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['hours', 'overrides', 'taken', 'time_zone', 'today']);
    expect(res.body.time_zone).toBe(ZONE);
    expect(res.body.today).toBe(TODAY);
    expect(res.body.hours.monday).toEqual({
      open: '18:00',
      close: '02:00',
      closed: true,
      price: 0,
      pricing_type: 'hourly_rate',
    });
    expect(res.body.hours.friday.price).toBe(175);
    // Default range: today and the 92 days after it; 2031-01-01 is outside.
    expect(res.body.overrides).toEqual([
      { date: '2030-06-10', price: 300, is_available: true, pricing_type: 'minimum_spend' },
      { date: '2030-06-12', price: 0, is_available: false, pricing_type: null },
    ]);
    expect(res.body.taken).toEqual([{ date: FRIDAY, start_time: '22:00', end_time: '02:00' }]);
  });

  it('today follows the venue’s time zone', async () => {
    const tokyo = await insertVenue(env, a.host, { time_zone: 'Asia/Tokyo' });
    freezeClock(env, new Date('2030-06-03T20:00:00Z'));
    expect((await availability(tokyo.id)).body.today).toBe('2030-06-04');
    expect((await availability(venue.id)).body.today).toBe('2030-06-03');
  });

  it('takes a range, and includes confirmed bookings of the day before that run past midnight', async () => {
    await insertBooking(env, venue, a.guest, {
      date: '2030-07-04',
      start_time: '23:00',
      end_time: '01:00',
      status: 'confirmed',
    });
    await insertBooking(env, venue, a.guest, {
      date: '2030-07-06',
      start_time: '20:00',
      end_time: '22:00',
      status: 'confirmed',
    });
    const res = await availability(venue.id, '?from=2030-07-05&to=2030-07-05');
    expect(res.status).toBe(200);
    expect(res.body.taken).toEqual([{ date: '2030-07-04', start_time: '23:00', end_time: '01:00' }]);
    expect(res.body.overrides).toEqual([]);
  });

  it('refuses a bad range with 400', async () => {
    for (const q of [
      '?from=2030-07-10&to=2030-07-01',
      '?from=2030-06-01&to=2030-09-30',
      '?from=June',
      '?to=2030-02-30',
    ]) {
      const res = await availability(venue.id, q);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    expect((await availability(venue.id, '?from=2030-06-01&to=2030-09-01')).status).toBe(200);
  });

  it('answers 404 "Venue not found" for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await availability(id);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Venue not found');
    }
  });

  it('reads stored hours leniently: a damaged day falls back to the default', async () => {
    const broken = await insertVenue(env, a.host);
    await env.ctx.db
      .update(venues)
      .set({ hours: { ...nightHours(), tuesday: { open: 'late' } } as never })
      .where(eq(venues.id, broken.id));
    const res = await availability(broken.id);
    expect(res.status).toBe(200);
    expect(res.body.hours.tuesday).toEqual({
      open: '09:00',
      close: '17:00',
      closed: false,
      price: 0,
      pricing_type: 'hourly_rate',
    });
  });
});

describe('PUT /venues/:id/hours', () => {
  let venue: Venue;
  beforeAll(async () => {
    venue = await insertVenue(env, a.host);
  });
  const put = (json: unknown, cookie = a.host.cookie) =>
    call(env, 'PUT', `/api/venues/${venue.id}/hours`, { cookie, json });

  it('saves the weekly hours and answers the venue', async () => {
    const hours = nightHours({
      sunday: { closed: true },
      saturday: { open: '20:00', close: '04:00', price: 250, pricing_type: 'minimum_spend' },
    });
    const res = await put({ hours });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.id).toBe(venue.id);
    expect(res.body.hours).toEqual(hours);
    expect(Array.isArray(res.body.images)).toBe(true);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row?.hours).toEqual(hours);
    expect((await availability(venue.id)).body.hours.saturday.close).toBe('04:00');
  });

  it('refuses invalid hours and changes nothing', async () => {
    const [before] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    const cases: Array<[unknown, RegExp, string?]> = [
      [{ hours: nightHours({ monday: { open: '18:10' } }) }, /15-minute grid/, 'hours.monday.open'],
      [{ hours: nightHours({ friday: { close: '25:00' } }) }, /15-minute grid/, 'hours.friday.close'],
      [{ hours: nightHours({ friday: { price: -1 } }) }, /cannot be negative/, 'hours.friday.price'],
      [{ hours: nightHours({ friday: { price: 10.555 } }) }, /whole cents/, 'hours.friday.price'],
      [{ hours: nightHours({ friday: { pricing_type: 'free' as never } }) }, /hourly_rate or minimum_spend/],
      [{ hours: { ...nightHours(), sunday: undefined } }, /every day/],
      [{}, /required/],
    ];
    for (const [body, message, field] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
      if (field) expect(res.body.error.field).toBe(field);
    }
    const [after] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(after).toEqual(before);
  });
});

describe('date overrides', () => {
  let venue: Venue;
  beforeAll(async () => {
    venue = await insertVenue(env, a.host);
  });
  const path = () => `/api/venues/${venue.id}/overrides`;
  const post = (json: unknown) => call(env, 'POST', path(), { cookie: a.host.cookie, json });
  const list = async () =>
    (await call(env, 'GET', path(), { cookie: a.host.cookie })).body.overrides as Array<
      Record<string, unknown>
    >;

  it('creates an override, and a second one for the same date replaces it (upsert by date)', async () => {
    const first = await post({
      date: '2030-06-20',
      price: 150.5,
      is_available: true,
      pricing_type: 'minimum_spend',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({
      venue_id: venue.id,
      date: '2030-06-20',
      price: 150.5,
      is_available: true,
      pricing_type: 'minimum_spend',
    });
    const again = await post({ date: '2030-06-20', price: '80', is_available: false });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      id: first.body.id,
      price: 80,
      is_available: false,
      pricing_type: null,
    });
    expect((await list()).filter((o) => o.date === '2030-06-20')).toHaveLength(1);
  });

  it('parses the price as a number, default 0', async () => {
    for (const [price, expected] of [
      [undefined, 0],
      ['', 0],
      [null, 0],
      ['99.90', 99.9],
      [12, 12],
    ] as const) {
      const res = await post({ date: '2030-06-21', price, is_available: true });
      expect(res.status, String(price)).toBe(201);
      expect(res.body.price).toBe(expected);
    }
  });

  it('refuses past dates in the venue’s zone, and other bad input', async () => {
    const count = (await list()).length;
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ date: '2030-06-02', is_available: true }, /Past dates/],
      [{ date: '2030-02-30', is_available: true }, /valid date/],
      [{ date: '2030-06-22', is_available: 'yes' }, /available/],
      [{ date: '2030-06-22' }, /available/],
      [{ date: '2030-06-22', is_available: true, price: -5 }, /cannot be negative/],
      [{ date: '2030-06-22', is_available: true, price: 'ten' }, /must be a number/],
      [{ date: '2030-06-22', is_available: true, pricing_type: 'free' }, /hourly_rate or minimum_spend/],
    ];
    for (const [body, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await list()).length).toBe(count);
    // Today itself is not past.
    expect((await post({ date: TODAY, is_available: false })).status).toBe(201);
  });

  it('lists overrides by date, with their ids', async () => {
    await post({ date: '2030-06-25', is_available: false });
    await post({ date: '2030-06-04', is_available: true, price: 10 });
    const all = await list();
    const dates = all.map((o) => o.date as string);
    expect(dates).toEqual([...dates].sort());
    expect(all.every((o) => typeof o.id === 'string')).toBe(true);
  });

  it('PATCH changes only the fields sent; DELETE removes it', async () => {
    const created = await post({
      date: '2030-06-27',
      price: 200,
      is_available: true,
      pricing_type: 'minimum_spend',
    });
    const id = created.body.id as string;
    const patched = await call(env, 'PATCH', `${path()}/${id}`, {
      cookie: a.host.cookie,
      json: { is_available: false },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({
      id,
      date: '2030-06-27',
      price: 200,
      is_available: false,
      pricing_type: 'minimum_spend',
    });

    const moved = await call(env, 'PATCH', `${path()}/${id}`, {
      cookie: a.host.cookie,
      json: { date: '2030-06-28', price: 0 },
    });
    expect(moved.body).toMatchObject({ date: '2030-06-28', price: 0, is_available: false });

    const taken = await post({ date: '2030-06-29', is_available: true });
    const clash = await call(env, 'PATCH', `${path()}/${id}`, {
      cookie: a.host.cookie,
      json: { date: '2030-06-29' },
    });
    expect(clash.status).toBe(409);
    const past = await call(env, 'PATCH', `${path()}/${id}`, {
      cookie: a.host.cookie,
      json: { date: '2030-05-01' },
    });
    expect(past.status).toBe(400);
    const bad = await call(env, 'PATCH', `${path()}/${id}`, { cookie: a.host.cookie, json: { price: -1 } });
    expect(bad.status).toBe(400);
    const [row] = await env.ctx.db.select().from(venueAvailability).where(eq(venueAvailability.id, id));
    expect(row).toMatchObject({ date: '2030-06-28', price: 0, is_available: false });

    const removed = await call(env, 'DELETE', `${path()}/${id}`, { cookie: a.host.cookie });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    expect((await list()).some((o) => o.id === id)).toBe(false);
    expect((await call(env, 'DELETE', `${path()}/${id}`, { cookie: a.host.cookie })).status).toBe(404);
    expect((await call(env, 'DELETE', `${path()}/${taken.body.id}`, { cookie: a.host.cookie })).status).toBe(
      200,
    );
  });

  it('an override of a past date can no longer be changed', async () => {
    const created = await post({ date: '2030-06-05', price: 50, is_available: true });
    freezeClock(env, new Date(NOW.getTime() + 7 * 86_400_000));
    const res = await call(env, 'PATCH', `${path()}/${created.body.id}`, {
      cookie: a.host.cookie,
      json: { price: 60 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/past dates/i);
  });

  it('an override wins over the weekly rule, for the calendar and for booking', async () => {
    const closedFriday = await insertVenue(env, a.host, { hours: nightHours({ friday: { closed: true } }) });
    const open = await call(env, 'POST', `/api/venues/${closedFriday.id}/overrides`, {
      cookie: a.host.cookie,
      json: { date: FRIDAY, price: 220, is_available: true },
    });
    expect(open.status).toBe(201);
    const cal = await availability(closedFriday.id);
    expect(cal.body.overrides).toEqual([
      { date: FRIDAY, price: 220, is_available: true, pricing_type: null },
    ]);
    const booked = await createBooking(env, a.guest, closedFriday.id, {
      date: FRIDAY,
      start_time: '20:00',
      end_time: '22:00',
    });
    expect(booked.total_price).toBe(440);

    await call(env, 'POST', `/api/venues/${closedFriday.id}/overrides`, {
      cookie: a.host.cookie,
      json: { date: '2030-06-13', is_available: false },
    });
    const refused = await call(env, 'POST', '/api/bookings', {
      cookie: a.guest.cookie,
      json: {
        venue_id: closedFriday.id,
        date: '2030-06-13',
        start_time: '20:00',
        end_time: '22:00',
        guest_count: 2,
        special_requests: 'Drinks.',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/not available/);
  });
});
