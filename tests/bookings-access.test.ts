/**
 * Who may read or change what, for every availability and booking endpoint: signed out, the
 * guest, another guest, the venue's host, another host and the admin. A refused change must
 * leave the data exactly as it was and queue no email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { venueAvailability, venues, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  type Accounts,
  type Actor,
  bookingRow,
  countBookings,
  createAccounts,
  freezeClock,
  freshDate,
  FRIDAY,
  insertBooking,
  insertVenue,
  nightHours,
  outboxCount,
} from './factories';

let env: TestEnv;
let a: Accounts;
let active: Venue;
let inactive: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  active = await insertVenue(env, a.host);
  inactive = await insertVenue(env, a.host, { is_active: false });
});
afterAll(async () => {
  await env.close();
});

type Who = 'signedOut' | 'guest' | 'otherGuest' | 'host' | 'otherHost' | 'admin';
const WHO: Who[] = ['signedOut', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'];
const actor = (who: Who): Actor | null => (who === 'signedOut' ? null : a[who]);

interface Prepared {
  path: string;
  json?: unknown;
  /** The data the call may change; compared before and after a refused call. */
  snapshot?: () => Promise<unknown>;
}

interface Case {
  name: string;
  method: string;
  prepare: () => Promise<Prepared>;
  /** Expected status per role, in WHO order. */
  expect: [number, number, number, number, number, number];
  /** Extra checks on a successful answer. */
  check?: (who: Who, body: any) => void | Promise<void>;
}

const venueRow = (id: string) => async () =>
  (await env.ctx.db.select().from(venues).where(eq(venues.id, id)))[0];
const overrideRow = (id: string) => async () =>
  (await env.ctx.db.select().from(venueAvailability).where(eq(venueAvailability.id, id)))[0] ?? null;
const overridesOf = (venueId: string) => async () =>
  env.ctx.db.select().from(venueAvailability).where(eq(venueAvailability.venue_id, venueId));

let overrideDay = 0;
async function freshOverride(venue: Venue) {
  const date = `2030-10-${String(1 + (overrideDay++ % 28)).padStart(2, '0')}`;
  const [row] = await env.ctx.db
    .insert(venueAvailability)
    .values({ venue_id: venue.id, date, price: 80, is_available: true })
    .onConflictDoUpdate({ target: [venueAvailability.venue_id, venueAvailability.date], set: { price: 80 } })
    .returning();
  return row!;
}

const pendingBooking = async (fields: Parameters<typeof insertBooking>[3] = {}) => {
  const b = await insertBooking(env, active, a.guest, fields);
  return { id: b.id, updated_at: b.updated_at.toISOString(), snapshot: () => bookingRow(env, b.id) };
};

const hoursBody = { hours: nightHours({ sunday: { closed: true } }) };
const editBody = {
  guest_count: 5,
  start_time: '21:00',
  end_time: '23:00',
  total_price: 200,
  host_notes: 'Changed.',
};
const adminBody = {
  guest_count: 5,
  start_time: '21:00',
  end_time: '23:00',
  total_price: 200,
  status: 'cancelled',
};
/** The booking the last prepare() made, for the list checks. */
let lastBooking = '';
const ids = (body: { bookings: Array<{ id: string; user_id: string; venue_id: string }> }) => body.bookings;

const CASES: Case[] = [
  // ── availability ─────────────────────────────────────────────────────────
  {
    name: 'GET availability of an active venue',
    method: 'GET',
    prepare: async () => ({ path: `/api/venues/${active.id}/availability` }),
    expect: [200, 200, 200, 200, 200, 200],
  },
  {
    name: 'GET availability of an inactive venue',
    method: 'GET',
    prepare: async () => ({ path: `/api/venues/${inactive.id}/availability` }),
    expect: [404, 404, 404, 200, 404, 200],
  },
  {
    name: 'PUT hours of an active venue',
    method: 'PUT',
    prepare: async () => ({
      path: `/api/venues/${active.id}/hours`,
      json: hoursBody,
      snapshot: venueRow(active.id),
    }),
    expect: [401, 403, 403, 200, 403, 403],
  },
  {
    name: 'PUT hours of an inactive venue',
    method: 'PUT',
    prepare: async () => ({
      path: `/api/venues/${inactive.id}/hours`,
      json: hoursBody,
      snapshot: venueRow(inactive.id),
    }),
    expect: [401, 403, 403, 200, 404, 403],
  },
  {
    name: 'GET overrides of an active venue',
    method: 'GET',
    prepare: async () => ({ path: `/api/venues/${active.id}/overrides` }),
    expect: [401, 403, 403, 200, 403, 200],
  },
  {
    name: 'GET overrides of an inactive venue',
    method: 'GET',
    prepare: async () => ({ path: `/api/venues/${inactive.id}/overrides` }),
    expect: [401, 404, 404, 200, 404, 200],
  },
  {
    name: 'POST an override',
    method: 'POST',
    prepare: async () => ({
      path: `/api/venues/${active.id}/overrides`,
      json: { date: '2030-11-20', price: 99, is_available: false },
      snapshot: overridesOf(active.id),
    }),
    expect: [401, 403, 403, 201, 403, 403],
  },
  {
    name: 'PATCH an override',
    method: 'PATCH',
    prepare: async () => {
      const o = await freshOverride(active);
      return {
        path: `/api/venues/${active.id}/overrides/${o.id}`,
        json: { price: 1 },
        snapshot: overrideRow(o.id),
      };
    },
    expect: [401, 403, 403, 200, 403, 403],
  },
  {
    name: 'PATCH an override through another venue’s path',
    method: 'PATCH',
    prepare: async () => {
      const o = await freshOverride(active);
      const other = await insertVenue(env, a.otherHost);
      return {
        path: `/api/venues/${other.id}/overrides/${o.id}`,
        json: { price: 1 },
        snapshot: overrideRow(o.id),
      };
    },
    expect: [401, 403, 403, 403, 404, 403],
  },
  {
    name: 'DELETE an override',
    method: 'DELETE',
    prepare: async () => {
      const o = await freshOverride(active);
      return { path: `/api/venues/${active.id}/overrides/${o.id}`, snapshot: overrideRow(o.id) };
    },
    expect: [401, 403, 403, 200, 403, 403],
  },
  // ── bookings ─────────────────────────────────────────────────────────────
  {
    name: 'POST a booking request',
    method: 'POST',
    prepare: async () => ({
      path: '/api/bookings',
      json: {
        venue_id: active.id,
        date: FRIDAY,
        start_time: '20:00',
        end_time: '22:00',
        guest_count: 4,
        special_requests: 'Drinks.',
      },
      snapshot: () => countBookings(env),
    }),
    expect: [401, 201, 201, 403, 403, 403],
  },
  {
    name: 'GET /me/bookings',
    method: 'GET',
    prepare: async () => {
      lastBooking = (await pendingBooking()).id;
      return { path: '/api/me/bookings' };
    },
    expect: [401, 200, 200, 403, 403, 403],
    check: (who, body) => {
      const mine = actor(who)!.profile.id;
      expect(ids(body).every((b) => b.user_id === mine)).toBe(true);
      if (who === 'guest') expect(ids(body).length).toBeGreaterThan(0);
      // The guest's list holds the booking just made; the other guest's does not.
      if (who === 'guest') expect(ids(body).map((b) => b.id)).toContain(lastBooking);
      else expect(ids(body).map((b) => b.id)).not.toContain(lastBooking);
    },
  },
  {
    name: 'GET /host/bookings',
    method: 'GET',
    prepare: async () => {
      lastBooking = (await pendingBooking()).id;
      return { path: '/api/host/bookings' };
    },
    expect: [401, 403, 403, 200, 200, 403],
    check: (who, body) => {
      if (who === 'otherHost') expect(ids(body)).toEqual([]);
      else expect(ids(body).length).toBeGreaterThan(0);
      // The request just made waits for the host's answer: it is in the host's inbox.
      if (who === 'host') expect(ids(body).map((b) => b.id)).toContain(lastBooking);
    },
  },
  {
    name: 'GET /venues/:id/bookings of an active venue',
    method: 'GET',
    prepare: async () => ({ path: `/api/venues/${active.id}/bookings` }),
    expect: [401, 403, 403, 200, 403, 200],
  },
  {
    name: 'GET /venues/:id/bookings of an inactive venue',
    method: 'GET',
    prepare: async () => ({ path: `/api/venues/${inactive.id}/bookings` }),
    expect: [401, 404, 404, 200, 404, 200],
  },
  {
    name: 'GET /bookings/:id',
    method: 'GET',
    prepare: async () => ({ path: `/api/bookings/${(await pendingBooking()).id}` }),
    expect: [401, 200, 404, 200, 404, 200],
    check: (who, body) => {
      if (who === 'guest') expect(body.guest).toBeUndefined();
      else expect(body.guest.id).toBe(a.guest.profile.id);
    },
  },
  {
    name: 'POST approve',
    method: 'POST',
    prepare: async () => {
      const b = await pendingBooking();
      return { path: `/api/bookings/${b.id}/approve`, snapshot: b.snapshot };
    },
    expect: [401, 403, 403, 200, 404, 200],
  },
  {
    name: 'POST reject',
    method: 'POST',
    prepare: async () => {
      const b = await pendingBooking();
      return { path: `/api/bookings/${b.id}/reject`, json: { reason: 'No.' }, snapshot: b.snapshot };
    },
    expect: [401, 403, 403, 200, 404, 200],
  },
  {
    name: 'POST edit',
    method: 'POST',
    prepare: async () => {
      const b = await pendingBooking();
      return { path: `/api/bookings/${b.id}/edit`, json: editBody, snapshot: b.snapshot };
    },
    expect: [401, 403, 403, 200, 404, 403],
  },
  {
    name: 'POST approve-changes',
    method: 'POST',
    prepare: async () => {
      const b = await pendingBooking({ state: 'awaitingGuest' });
      return {
        path: `/api/bookings/${b.id}/approve-changes`,
        json: { updated_at: b.updated_at },
        snapshot: b.snapshot,
      };
    },
    expect: [401, 200, 404, 403, 403, 403],
  },
  {
    name: 'POST reject-changes',
    method: 'POST',
    prepare: async () => {
      const b = await pendingBooking({ state: 'awaitingGuest' });
      return { path: `/api/bookings/${b.id}/reject-changes`, snapshot: b.snapshot };
    },
    expect: [401, 200, 404, 403, 403, 403],
  },
  {
    name: 'GET /admin/bookings',
    method: 'GET',
    prepare: async () => ({ path: '/api/admin/bookings' }),
    expect: [401, 403, 403, 403, 403, 200],
  },
  {
    name: 'PATCH /admin/bookings/:id',
    method: 'PATCH',
    prepare: async () => {
      const b = await pendingBooking();
      return { path: `/api/admin/bookings/${b.id}`, json: adminBody, snapshot: b.snapshot };
    },
    expect: [401, 403, 403, 403, 403, 200],
  },
];

const rows = CASES.flatMap((c) => WHO.map((who, i) => [c.name, who, c.expect[i]!, c] as const));

describe('access to availability and bookings', () => {
  it.each(rows)('%s as %s → %i', async (_name, who, status, c) => {
    freezeClock(env);
    const prepared = await c.prepare();
    const before = prepared.snapshot ? await prepared.snapshot() : undefined;
    const mails = await outboxCount(env);
    const res = await call(env, c.method, prepared.path, { cookie: actor(who)?.cookie, json: prepared.json });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status >= 400) {
      expect(res.body.error.message).toEqual(expect.any(String));
      if (prepared.snapshot) expect(await prepared.snapshot()).toEqual(before);
      expect(await outboxCount(env)).toBe(mails);
    } else if (c.check) {
      await c.check(who, res.body);
    }
  });

  it('the public calendar never shows who booked: only date, start_time and end_time of confirmed bookings', async () => {
    const date = freshDate();
    await insertBooking(env, active, a.guest, { date, state: 'confirmed' });
    await insertBooking(env, active, a.otherGuest, {
      date,
      start_time: '23:00',
      end_time: '01:00',
      state: 'pending',
    });
    await insertBooking(env, active, a.otherGuest, {
      date,
      start_time: '18:00',
      end_time: '19:00',
      state: 'cancelled',
    });
    await insertBooking(env, active, a.otherGuest, {
      date,
      start_time: '01:00',
      end_time: '02:00',
      state: 'awaitingGuest',
    });
    const res = await call(env, 'GET', `/api/venues/${active.id}/availability?from=${date}&to=${date}`);
    expect(res.status).toBe(200);
    expect(res.body.taken).toEqual([{ date, start_time: '20:00', end_time: '23:00' }]);
    expect(JSON.stringify(res.body)).not.toContain(a.guest.email);
    expect(JSON.stringify(res.body)).not.toContain(a.guest.profile.id);
  });
});
