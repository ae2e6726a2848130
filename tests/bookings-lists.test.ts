/**
 * The booking lists: the guest's own (My Bookings), the host's (every venue they own), one
 * venue's, and the admin's (every booking). The file makes its own bookings and asserts each
 * list exactly: which bookings, in which order, with which fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  BOOKING_VENUE_KEYS,
  bookingAction,
  countBookings,
  createAccounts,
  createBooking,
  freezeClock,
  freshDate,
  insertVenue,
  type Accounts,
  type Actor,
} from './factories';

let env: TestEnv;
let a: Accounts;
/** Two venues of the host and one of the other host. */
let first: Venue;
let second: Venue;
let otherHosts: Venue;
/** The bookings, in the order they were made; `g1` is approved last, so it changed last. */
const made: Record<'g1' | 'g2' | 'g3' | 'o1' | 'o2', { id: string; venue_id: string }> = {} as never;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  first = await insertVenue(env, a.host);
  second = await insertVenue(env, a.host);
  otherHosts = await insertVenue(env, a.otherHost);
  made.g1 = await createBooking(env, a.guest, first.id, { date: freshDate() });
  made.g2 = await createBooking(env, a.guest, second.id, { date: freshDate() });
  made.g3 = await createBooking(env, a.guest, first.id, { date: freshDate() });
  made.o1 = await createBooking(env, a.otherGuest, first.id, { date: freshDate() });
  made.o2 = await createBooking(env, a.otherGuest, otherHosts.id, { date: '2030-09-10' });
  const approved = await bookingAction(env, a.host, made.g1.id, 'approve');
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
});
afterAll(async () => {
  await env.close();
});

const ids = (list: Array<Record<string, any>>) => list.map((b) => b.id as string);
const list = async (path: string, actor: Actor) => {
  const res = await call(env, 'GET', path, { cookie: actor.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Object.keys(res.body)).toEqual(['bookings']);
  return res.body.bookings as Array<Record<string, any>>;
};
/** GET /api/bookings/:id as `actor`: the booking as that viewer sees it. */
const detail = async (id: string, actor: Actor) => {
  const res = await call(env, 'GET', `/api/bookings/${id}`, { cookie: actor.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('booking lists', () => {
  it('GET /me/bookings: the guest’s own bookings, newest first, with the venue and no guest', async () => {
    const mine = await list('/api/me/bookings', a.guest);
    expect(ids(mine)).toEqual([made.g3.id, made.g2.id, made.g1.id]);
    expect(mine.every((b) => b.user_id === a.guest.profile.id)).toBe(true);
    const created = mine.map((b) => new Date(b.created_at).getTime());
    expect(created).toEqual([...created].sort((x, y) => y - x));
    expect(Object.keys(mine[0]!.venue).sort()).toEqual(BOOKING_VENUE_KEYS);
    expect(mine.every((b) => b.guest === undefined)).toBe(true);
    const own = await env.ctx.db.select().from(bookings).where(eq(bookings.user_id, a.guest.profile.id));
    expect(mine.length).toBe(own.length);
    // Each entry is the booking exactly as the guest's booking page shows it.
    for (const b of mine) expect(b).toEqual(await detail(b.id, a.guest));
    expect(mine[2]).toMatchObject({ status: 'confirmed', approval_status: 'approved' });

    expect(ids(await list('/api/me/bookings', a.otherGuest))).toEqual([made.o2.id, made.o1.id]);
  });

  it('GET /host/bookings: only the host’s venues, awaiting requests first, with the guest', async () => {
    const hostList = async (actor: Actor) => {
      const res = await call(env, 'GET', '/api/host/bookings', { cookie: actor.cookie });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Object.keys(res.body).sort()).toEqual(['bookings', 'limit', 'page', 'pending_count', 'total']);
      return res.body.bookings as Array<Record<string, any>>;
    };
    const hosts = await hostList(a.host);
    // The inbox order (decision 77): requests awaiting an answer, soonest first; then g1, approved.
    expect(ids(hosts)).toEqual([made.g2.id, made.g3.id, made.o1.id, made.g1.id]);
    expect(hosts.some((b) => b.venue_id === otherHosts.id)).toBe(false);
    expect(Object.keys(hosts[0]!.guest).sort()).toEqual(['email', 'full_name', 'id']);
    expect(hosts[0]!.guest).toEqual({
      id: a.guest.profile.id,
      email: a.guest.email,
      full_name: 'Gina Guest',
    });
    expect(hosts[2]!.guest).toEqual({
      id: a.otherGuest.profile.id,
      email: a.otherGuest.email,
      full_name: 'Oscar Other',
    });
    for (const b of hosts) expect(b).toEqual(await detail(b.id, a.host));

    const other = await hostList(a.otherHost);
    expect(other.map((b) => b.venue_id)).toEqual([otherHosts.id]);
    expect(ids(other)).toEqual([made.o2.id]);
  });

  it('GET /venues/:id/bookings: that venue only, for its owner and the admin', async () => {
    for (const actor of [a.host, a.admin]) {
      const venueList = await list(`/api/venues/${first.id}/bookings`, actor);
      expect(venueList.length).toBeGreaterThan(0);
      expect(venueList.every((b) => b.venue_id === first.id)).toBe(true);
      expect(ids(venueList)).toEqual([made.g1.id, made.o1.id, made.g3.id]);
    }
    expect(ids(await list(`/api/venues/${second.id}/bookings`, a.host))).toEqual([made.g2.id]);
  });

  it('GET /admin/bookings: every booking, last changed first, paged by the server', async () => {
    const res = await call(env, 'GET', '/api/admin/bookings?page_size=100', { cookie: a.admin.cookie });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, page_size: 100, total: await countBookings(env) });
    const all = res.body.bookings as Array<Record<string, any>>;
    expect(all.length).toBe(res.body.total);
    expect(ids(all)).toEqual([made.g1.id, made.o2.id, made.o1.id, made.g3.id, made.g2.id]);
    expect(all[0]!.guest).toEqual({ id: a.guest.profile.id, email: a.guest.email, full_name: 'Gina Guest' });
    for (const b of all) expect(b).toEqual(await detail(b.id, a.admin));
    const second = await call(env, 'GET', '/api/admin/bookings?page_size=2&page=2', {
      cookie: a.admin.cookie,
    });
    expect(second.status).toBe(200);
    expect(ids(second.body.bookings)).toEqual(ids(all).slice(2, 4));
  });

  it('GET /bookings/:id answers 404 for a malformed id', async () => {
    const res = await call(env, 'GET', '/api/bookings/not-a-uuid', { cookie: a.admin.cookie });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Booking not found');
  });
});
