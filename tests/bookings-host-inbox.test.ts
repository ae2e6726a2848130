/**
 * The host's inbox (GET /api/host/bookings, decision 77): the bookings of the host's own
 * venues, filtered by status, venue, date and a search, ordered with the requests awaiting an
 * answer first (then upcoming soonest first, then past latest first), paged by the database,
 * with the filtered total and the count of requests awaiting the venue's answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HOST_BOOKING_STATUSES,
  HOST_INBOX_DEFAULT_LIMIT,
  HOST_INBOX_MAX_LIMIT,
  HOST_INBOX_RANGE_MESSAGE,
} from '../src/domain/schemas';
import type { Booking, Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  bookingAction,
  createAccounts,
  freezeClock,
  insertBooking,
  insertVenue,
  ROLES,
  actorOf,
  type Accounts,
  type Actor,
} from './factories';

let env: TestEnv;
let a: Accounts;
let lounge: Venue;
let rooftop: Venue;
let theirs: Venue;
/** The host's bookings by name; `o1` is the other host's. */
const b: Record<'pastPending' | 'p1' | 'p2' | 'ag' | 'c1' | 'c2' | 'x1' | 'past1' | 'past2' | 'o1', Booking> =
  {} as never;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env); // 2030-06-03 16:00 UTC
  a = await createAccounts(env);
  lounge = await insertVenue(env, a.host, { name: 'Velvet Lounge' });
  rooftop = await insertVenue(env, a.host, { name: 'Skyline Rooftop' });
  theirs = await insertVenue(env, a.otherHost, { name: 'Elsewhere Club' });
  b.p1 = await insertBooking(env, lounge, a.guest, { date: '2030-07-10' });
  b.p2 = await insertBooking(env, rooftop, a.otherGuest, { date: '2030-06-20' });
  b.pastPending = await insertBooking(env, lounge, a.guest, { date: '2030-05-25' });
  b.ag = await insertBooking(env, lounge, a.guest, { date: '2030-06-25', state: 'awaitingGuest' });
  b.c1 = await insertBooking(env, lounge, a.guest, { date: '2030-06-10', state: 'confirmed' });
  b.c2 = await insertBooking(env, rooftop, a.guest, { date: '2030-08-01', state: 'confirmed' });
  b.x1 = await insertBooking(env, lounge, a.guest, { date: '2030-06-12', state: 'cancelled' });
  b.past1 = await insertBooking(env, lounge, a.guest, { date: '2030-05-01', state: 'confirmed' });
  b.past2 = await insertBooking(env, rooftop, a.guest, { date: '2030-05-20', state: 'cancelled' });
  b.o1 = await insertBooking(env, theirs, a.guest, { date: '2030-06-15' });
});
afterAll(async () => {
  await env.close();
});

/** The host's whole inbox in order: awaiting (soonest first), upcoming (soonest first), past (latest first). */
const ORDER = () => [b.pastPending, b.p2, b.p1, b.c1, b.x1, b.ag, b.c2, b.past2, b.past1].map((x) => x.id);

const inbox = async (query: string, actor: Actor | null = a.host) => {
  const res = await call(env, 'GET', `/api/host/bookings${query ? `?${query}` : ''}`, {
    cookie: actor?.cookie,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    bookings: Array<{ id: string; venue_id: string; status: string; guest?: unknown }>;
    total: number;
    page: number;
    limit: number;
    pending_count: number;
  };
};
const ids = (page: { bookings: Array<{ id: string }> }) => page.bookings.map((x) => x.id);

describe('GET /api/host/bookings: who may read it', () => {
  it('answers 401 signed out and 403 to guests and the admin (a host-only route)', async () => {
    for (const role of ROLES) {
      if (role === 'host' || role === 'otherHost') continue;
      const res = await call(env, 'GET', '/api/host/bookings', { cookie: actorOf(a, role)?.cookie });
      expect(res.status, role).toBe(role === 'signedOut' ? 401 : 403);
      expect(res.body.bookings).toBeUndefined();
    }
  });

  it('the host sees only the bookings of their own venues, with the guest, in inbox order', async () => {
    const page = await inbox('');
    expect(Object.keys(page).sort()).toEqual(['bookings', 'limit', 'page', 'pending_count', 'total']);
    expect(ids(page)).toEqual(ORDER());
    expect(page).toMatchObject({ total: 9, page: 1, limit: HOST_INBOX_DEFAULT_LIMIT, pending_count: 3 });
    expect(page.bookings.every((x) => x.venue_id === lounge.id || x.venue_id === rooftop.id)).toBe(true);
    expect(page.bookings[0]!.guest).toEqual({
      id: a.guest.profile.id,
      email: a.guest.email,
      full_name: 'Gina Guest',
    });
  });

  it('the other host sees only theirs, and nothing of this host’s even by venue_id (an empty page)', async () => {
    const mine = await inbox('', a.otherHost);
    expect(ids(mine)).toEqual([b.o1.id]);
    expect(mine.pending_count).toBe(1);
    for (const venue of [lounge, rooftop]) {
      const page = await inbox(`venue_id=${venue.id}`, a.otherHost);
      expect(page).toMatchObject({ bookings: [], total: 0, pending_count: 1 });
    }
    const page = await inbox(`venue_id=${theirs.id}`);
    expect(page).toMatchObject({ bookings: [], total: 0, pending_count: 3 });
    // A venue id that names no venue at all answers the same.
    expect(await inbox('venue_id=00000000-0000-4000-8000-000000000000')).toMatchObject({
      bookings: [],
      total: 0,
    });
  });
});

describe('GET /api/host/bookings: filters and search', () => {
  it('filters by status: awaiting an answer, pending, confirmed, cancelled, edited, all', async () => {
    const byStatus = async (status: string) => ids(await inbox(`status=${status}`));
    expect(await byStatus('awaiting')).toEqual([b.pastPending.id, b.p2.id, b.p1.id]);
    expect(await byStatus('pending')).toEqual([b.pastPending.id, b.p2.id, b.p1.id, b.ag.id]);
    expect(await byStatus('confirmed')).toEqual([b.c1.id, b.c2.id, b.past1.id]);
    expect(await byStatus('cancelled')).toEqual([b.x1.id, b.past2.id]);
    expect(await byStatus('edited')).toEqual([]);
    expect(await byStatus('all')).toEqual(ORDER());
    expect(await byStatus('')).toEqual(ORDER());
    const confirmed = await inbox('status=confirmed');
    // The total counts the filtered bookings; the pending count stays the host's whole inbox.
    expect(confirmed).toMatchObject({ total: 3, pending_count: 3 });
    expect(HOST_BOOKING_STATUSES).toContain('awaiting');
  });

  it('filters by venue and by the booking date (both ends included)', async () => {
    expect(ids(await inbox(`venue_id=${rooftop.id}`))).toEqual([b.p2.id, b.c2.id, b.past2.id]);
    expect(ids(await inbox('from=2030-06-10&to=2030-06-25'))).toEqual([b.p2.id, b.c1.id, b.x1.id, b.ag.id]);
    expect(ids(await inbox('from=2030-07-10'))).toEqual([b.p1.id, b.c2.id]);
    expect(ids(await inbox('to=2030-05-20'))).toEqual([b.past2.id, b.past1.id]);
    expect(ids(await inbox('from=2030-06-10&to=2030-06-10'))).toEqual([b.c1.id]);
    const combined = await inbox(`venue_id=${lounge.id}&status=confirmed&from=2030-06-01`);
    expect(ids(combined)).toEqual([b.c1.id]);
    expect(combined.total).toBe(1);
  });

  it('searches guest name, guest email, venue name and booking reference, case-insensitively', async () => {
    expect(ids(await inbox('q=oSCAR'))).toEqual([b.p2.id]);
    expect(ids(await inbox(`q=${encodeURIComponent(a.otherGuest.email.toUpperCase())}`))).toEqual([b.p2.id]);
    expect(ids(await inbox('q=skyline'))).toEqual([b.p2.id, b.c2.id, b.past2.id]);
    expect(ids(await inbox(`q=${encodeURIComponent(`#${b.p1.id.slice(0, 8)}`)}`))).toEqual([b.p1.id]);
    expect(ids(await inbox(`q=${b.c2.id.slice(0, 8).toUpperCase()}`))).toEqual([b.c2.id]);
    // Literal text: % and _ are not wildcards; another host's venue name finds nothing.
    expect((await inbox('q=%25')).total).toBe(0);
    expect((await inbox('q=_')).total).toBe(0);
    expect((await inbox('q=Elsewhere')).total).toBe(0);
    const searched = await inbox('q=gina&status=awaiting');
    expect(ids(searched)).toEqual([b.pastPending.id, b.p1.id]);
    expect(searched.total).toBe(2);
  });
});

describe('GET /api/host/bookings: paging and the pending count', () => {
  it('pages without duplicates or gaps, with the right total on every page', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await inbox(`limit=2&page=${page}`);
      expect(res).toMatchObject({ total: 9, page, limit: 2 });
      expect(res.bookings.length).toBe(page < 5 ? 2 : 1);
      seen.push(...ids(res));
    }
    expect(seen).toEqual(ORDER());
    expect(await inbox('limit=2&page=6')).toMatchObject({ bookings: [], total: 9, page: 6 });
    const filtered = await inbox('status=pending&limit=3&page=2');
    expect(ids(filtered)).toEqual([b.ag.id]);
    expect(filtered.total).toBe(4);
    expect((await inbox(`limit=${HOST_INBOX_MAX_LIMIT}`)).bookings).toHaveLength(9);
  });

  it('answering a request takes it out of the pending count and out of first place', async () => {
    const approved = await bookingAction(env, a.host, b.p2.id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const after = await inbox('');
    expect(after.pending_count).toBe(2);
    expect(ids(after)).toEqual([
      b.pastPending.id,
      b.p1.id,
      b.c1.id,
      b.x1.id,
      b.p2.id,
      b.ag.id,
      b.c2.id,
      b.past2.id,
      b.past1.id,
    ]);
    const rejected = await bookingAction(env, a.host, b.p1.id, 'reject', { reason: 'Closed that night.' });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect((await inbox('')).pending_count).toBe(1);
    expect((await inbox('', a.otherHost)).pending_count).toBe(1);
  });
});

describe('GET /api/host/bookings: bad parameters', () => {
  const CASES: Array<[string, string]> = [
    ['status=bogus', 'Status must be awaiting, pending, confirmed, cancelled, edited or all.'],
    ['venue_id=abc', 'Venue must be a venue id.'],
    ['from=2030-13-01', 'From must be a date (yyyy-MM-dd).'],
    ['to=2030-02-30', 'To must be a date (yyyy-MM-dd).'],
    ['from=tomorrow', 'From must be a date (yyyy-MM-dd).'],
    ['from=2030-06-10&to=2030-06-01', HOST_INBOX_RANGE_MESSAGE],
    ['limit=0', `Limit must be a whole number between 1 and ${HOST_INBOX_MAX_LIMIT}.`],
    [
      `limit=${HOST_INBOX_MAX_LIMIT + 1}`,
      `Limit must be a whole number between 1 and ${HOST_INBOX_MAX_LIMIT}.`,
    ],
    ['limit=ten', `Limit must be a whole number between 1 and ${HOST_INBOX_MAX_LIMIT}.`],
    ['limit=2.5', `Limit must be a whole number between 1 and ${HOST_INBOX_MAX_LIMIT}.`],
    ['page=0', 'Page must be at least 1.'],
    ['page=1.5', 'Page must be a whole number.'],
    [`q=${'x'.repeat(201)}`, 'Search must be at most 200 characters.'],
  ];
  it.each(CASES)('%s → 400 with a specific message', async (query, message) => {
    const res = await call(env, 'GET', `/api/host/bookings?${query}`, { cookie: a.host.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('checks who is asking before the parameters', async () => {
    expect((await call(env, 'GET', '/api/host/bookings?limit=0')).status).toBe(401);
    expect((await call(env, 'GET', '/api/host/bookings?limit=0', { cookie: a.guest.cookie })).status).toBe(
      403,
    );
  });
});
