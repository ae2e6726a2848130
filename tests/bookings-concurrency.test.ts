/**
 * No double booking, ever: parallel confirmations of overlapping bookings let exactly one
 * through; the rest get the overlap 409 and stay untouched. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL with a pool of connections racing for real.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BOOKING_MESSAGES } from '../src/domain/booking';
import { bookings, emailOutbox, type Venue } from '../src/server/db/schema';
import { OVERLAP_MESSAGE } from '../src/domain/errors';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  type Accounts,
  bookingAction,
  bookingRow,
  createAccounts,
  createBooking,
  freezeClock,
  insertBooking,
  insertVenue,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { capacity: 200 });
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

const statusesOf = (results: Array<{ status: number }>) =>
  results.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});

describe('no double booking', () => {
  it('50 overlapping requests approved in parallel: exactly 1 confirmed, 49 × 409 overlap, no 5xx', async () => {
    const date = '2030-07-12';
    // 50 requests, from two guests, on one night, sent in parallel too. Every slot holds
    // 21:00–21:15, so any two of them overlap.
    const slots = [
      ['20:00', '23:00'],
      ['21:00', '00:00'],
      ['19:00', '21:15'],
      ['20:30', '22:00'],
      ['18:00', '01:30'],
    ] as const;
    const created = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        createBooking(env, i % 2 ? a.otherGuest : a.guest, venue.id, {
          date,
          start_time: slots[i % slots.length]![0],
          end_time: slots[i % slots.length]![1],
          guest_count: 1 + i,
        }),
      ),
    );
    expect(new Set(created.map((b) => b.id)).size).toBe(50);

    const results = await Promise.all(
      created.map((b, i) => bookingAction(env, i % 5 === 0 ? a.admin : a.host, b.id, 'approve')),
    );
    expect(statusesOf(results)).toEqual({ 200: 1, 409: 49 });
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.body.error).toEqual({ code: 'BOOKING_OVERLAP', message: OVERLAP_MESSAGE });
    }

    const rows = await env.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venue_id, venue.id), eq(bookings.date, date)));
    expect(rows.filter((r) => r.status === 'confirmed')).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'pending')).toHaveLength(49);
    // The losers are untouched: still pending, never marked approved.
    expect(rows.filter((r) => r.status === 'pending').every((r) => r.approval_status === 'pending')).toBe(
      true,
    );
    const winner = results.find((r) => r.status === 200)!.body.id as string;
    const accepted = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'booking_accepted'));
    expect(accepted).toHaveLength(1);
    expect(accepted[0]!.text).toContain(winner.slice(0, 8));
  }, 90_000);

  it('50 guests approving changes in parallel for the same slot: exactly 1 confirmed', async () => {
    const date = '2030-07-19';
    const pending = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        insertBooking(env, venue, i % 2 ? a.otherGuest : a.guest, { date, host_notes: `Change ${i}` }),
      ),
    );
    const results = await Promise.all(
      pending.map((b, i) =>
        bookingAction(env, i % 2 ? a.otherGuest : a.guest, b.id, 'approve-changes', {
          updated_at: b.updated_at,
        }),
      ),
    );
    expect(statusesOf(results)).toEqual({ 200: 1, 409: 49 });
    const confirmed = await env.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venue_id, venue.id), eq(bookings.date, date), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(1);
  }, 90_000);

  it('approve and reject racing on one booking: one wins, the other gets a 409 and changes nothing', async () => {
    for (let round = 0; round < 5; round++) {
      const b = await insertBooking(env, venue, a.guest);
      const [approve, reject] = await Promise.all([
        bookingAction(env, a.host, b.id, 'approve'),
        bookingAction(env, a.admin, b.id, 'reject', { reason: 'Closed.' }),
      ]);
      expect([approve.status, reject.status].sort()).toEqual([200, 409]);
      const loser = approve.status === 409 ? approve : reject;
      expect([BOOKING_MESSAGES.confirmed, BOOKING_MESSAGES.cancelled]).toContain(loser.body.error.message);
      const row = await bookingRow(env, b.id);
      expect(row?.status).toBe(approve.status === 200 ? 'confirmed' : 'cancelled');
    }
  }, 90_000);

  it('adjacent bookings (20:00–22:00 and 22:00–00:00) both confirm', async () => {
    const date = '2030-07-26';
    const early = await createBooking(env, a.guest, venue.id, {
      date,
      start_time: '20:00',
      end_time: '22:00',
    });
    const late = await createBooking(env, a.otherGuest, venue.id, {
      date,
      start_time: '22:00',
      end_time: '00:00',
    });
    const results = await Promise.all([early, late].map((b) => bookingAction(env, a.host, b.id, 'approve')));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.status)).toEqual(['confirmed', 'confirmed']);
  }, 90_000);

  it('23:00–01:00 overlaps 00:00–02:00 on the next calendar day (instants, not dates)', async () => {
    const night = await createBooking(env, a.guest, venue.id, {
      date: '2030-08-02',
      start_time: '23:00',
      end_time: '01:00',
    });
    const next = await createBooking(env, a.otherGuest, venue.id, {
      date: '2030-08-03',
      start_time: '00:00',
      end_time: '02:00',
    });
    expect((await bookingAction(env, a.host, night.id, 'approve')).status).toBe(200);
    const before = await bookingRow(env, next.id);
    const res = await bookingAction(env, a.host, next.id, 'approve');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(OVERLAP_MESSAGE);
    expect(await bookingRow(env, next.id)).toEqual(before);
    // A new request for that time is refused at once.
    const again = await call(env, 'POST', '/api/bookings', {
      cookie: a.otherGuest.cookie,
      json: {
        venue_id: venue.id,
        date: '2030-08-03',
        start_time: '00:30',
        end_time: '01:30',
        guest_count: 2,
        special_requests: 'Late drinks.',
      },
    });
    expect(again.status).toBe(409);
    // 01:00 onwards on that calendar day is free.
    const after = await createBooking(env, a.otherGuest, venue.id, {
      date: '2030-08-03',
      start_time: '01:00',
      end_time: '02:00',
    });
    expect((await bookingAction(env, a.host, after.id, 'approve')).status).toBe(200);
  }, 90_000);

  it('the same times at two venues do not collide', async () => {
    const other = await insertVenue(env, a.host);
    const one = await createBooking(env, a.guest, venue.id, { date: '2030-08-09' });
    const two = await createBooking(env, a.guest, other.id, { date: '2030-08-09' });
    const results = await Promise.all([one, two].map((b) => bookingAction(env, a.host, b.id, 'approve')));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
  }, 90_000);
});
