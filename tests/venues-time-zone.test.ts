/**
 * PATCH /api/venues/:id with a new time zone: the instants of the venue's bookings move with it,
 * inside one transaction that refuses (and writes nothing) when the move breaks the no-overlap rule.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OVERLAP_MESSAGE } from '../src/domain/errors';
import { bookingInstants } from '../src/domain/instants';
import { bookings, venues, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  ZONE,
  bookingRow,
  createAccounts,
  freezeClock,
  insertBooking,
  insertVenue,
  requestBooking,
  type Accounts,
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

describe('changing a venue’s time zone', () => {
  const AUCKLAND = 'Pacific/Auckland';
  const patchZone = (v: Venue, time_zone: string) =>
    call(env, 'PATCH', `/api/venues/${v.id}`, { cookie: a.host.cookie, json: { time_zone } });
  const venueRow = async (id: string) => (await env.ctx.db.select().from(venues).where(eq(venues.id, id)))[0];
  const rowsOf = (v: Venue) => env.ctx.db.select().from(bookings).where(eq(bookings.venue_id, v.id));

  it('moves the instants of its bookings, so the same wall-clock slot is still refused with 409', async () => {
    const v = await insertVenue(env, a.host);
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
    const v = await insertVenue(env, a.host);
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
    const v = await insertVenue(env, a.host);
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
    const v = await insertVenue(env, a.host);
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
    const v = await insertVenue(env, a.host);
    const b = await insertBooking(env, v, a.guest, { status: 'confirmed' });
    const res = await patchZone(v, ZONE);
    expect(res.status).toBe(200);
    expect(await bookingRow(env, b.id)).toEqual(b);
  });
});
