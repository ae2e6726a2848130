/**
 * Status you can trust at a glance (issue 12, item 9): each dashboard tile counts exactly what
 * its label says. The test makes known data for fresh accounts — venues in every review state,
 * bookings in every state, payments that succeeded, failed or were refunded, and a card only
 * saved — and compares every tile of the guest, host and admin dashboards with the count the
 * label promises. The admin's tiles cover the whole database, so they are compared before and
 * after (the difference is exactly what this test made).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues, type Booking, type Venue } from '../src/server/db/schema';
import { eq } from 'drizzle-orm';
import { createTestEnv, type TestEnv } from './support/env';
import { insertPostedPayment, insertPostedRefund } from './support/ledger-fixtures';
import { call } from './support/client';
import {
  cookieOf,
  createAccounts,
  freezeClock,
  insertBooking,
  insertVenue,
  ROLES,
  type Accounts,
  type Actor,
} from './factories';

let env: TestEnv;
let a: Accounts;
let adminBefore: Record<string, number>;
const made: { venues: Venue[]; bookings: Booking[] } = { venues: [], bookings: [] };

const stats = async (path: string, actor: Actor) => {
  const res = await call(env, 'GET', path, { cookie: actor.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, number>;
};

let key = 0;
async function pay(
  booking: Booking,
  amount_cents: number,
  kind: 'payment' | 'setup' | 'additional_charge',
  status: 'succeeded' | 'failed' = 'succeeded',
) {
  // With its ledger posting, as the services write it (decision 83).
  return insertPostedPayment(env, {
    booking_id: booking.id,
    kind,
    provider: 'local',
    provider_id: `pi_tiles_${++key}`,
    amount_cents,
    status,
    idempotency_key: `tiles-${key}-${Date.now()}`,
  });
}

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  adminBefore = await stats('/api/admin/stats', a.admin);

  // The host: 2 active venues, 1 waiting for review, 1 rejected (4 venues in all).
  const active1 = await insertVenue(env, a.host);
  const active2 = await insertVenue(env, a.host);
  const pending = await insertVenue(env, a.host, { is_active: false });
  const rejected = await insertVenue(env, a.host, {
    is_active: false,
    reviewed_at: new Date(),
    review_notes: 'Photos missing.',
  });
  // The other host's venue: counted for the admin, never for the host.
  const others = await insertVenue(env, a.otherHost);
  made.venues.push(active1, active2, pending, rejected, others);

  // The guest: 2 confirmed, 1 waiting for the venue, 1 changed by the venue (waiting for the
  // guest), 1 cancelled. The other guest: 1 confirmed at the host's venue, 1 pending elsewhere.
  const g = made.bookings;
  g.push(await insertBooking(env, active1, a.guest, { state: 'confirmed', total_price: 300 }));
  g.push(await insertBooking(env, active2, a.guest, { state: 'confirmed', total_price: 500 }));
  g.push(await insertBooking(env, active1, a.guest, { state: 'pending' }));
  g.push(await insertBooking(env, active2, a.guest, { state: 'awaitingGuest' }));
  g.push(await insertBooking(env, active1, a.guest, { state: 'cancelled', total_price: 800 }));
  g.push(await insertBooking(env, active1, a.otherGuest, { state: 'confirmed' }));
  g.push(await insertBooking(env, others, a.otherGuest, { state: 'pending' }));

  // Money: $300 paid, $500 paid then $120 refunded, a $45 post-event charge, a failed $800
  // attempt and a saved card (nothing charged) — the guest has spent 300 + 500 − 120 + 45.
  await pay(g[0]!, 30_000, 'payment');
  const second = await pay(g[1]!, 50_000, 'payment');
  await insertPostedRefund(env, {
    payment_id: second.id,
    booking_id: g[1]!.id,
    amount_cents: 12_000,
    status: 'succeeded',
    idempotency_key: `tiles-refund-${Date.now()}`,
  });
  await pay(g[0]!, 4_500, 'additional_charge');
  await pay(g[4]!, 80_000, 'payment', 'failed');
  await pay(g[1]!, 5_000, 'setup');
});
afterAll(async () => {
  await env.close();
});

describe('dashboard tiles', () => {
  it('My Bookings: Total Bookings (every booking of the guest), Total Spent (money actually paid, refunds taken off), Confirmed Bookings', async () => {
    expect(await stats('/api/me/bookings/stats', a.guest)).toEqual({
      total_bookings: 5,
      total_spent: 725,
      total_spent_cents: 72_500,
      confirmed_bookings: 2,
    });
    // Someone else's bookings and money never show on a guest's tiles.
    expect(await stats('/api/me/bookings/stats', a.otherGuest)).toMatchObject({
      total_bookings: 2,
      total_spent_cents: 0,
      confirmed_bookings: 1,
    });
  });

  it('Host Dashboard: Total Venues (own, every state), Active Bookings (confirmed bookings of own venues)', async () => {
    expect(await stats('/api/host/stats', a.host)).toEqual({ total_venues: 4, active_bookings: 3 });
    expect(await stats('/api/host/stats', a.otherHost)).toEqual({ total_venues: 1, active_bookings: 0 });
  });

  it('Admin Dashboard: Pending Venues (waiting for review, not rejected), Pending Bookings, Total Venues, Total Bookings', async () => {
    const after = await stats('/api/admin/stats', a.admin);
    expect({
      pending_venues: after.pending_venues! - adminBefore.pending_venues!,
      rejected_venues: after.rejected_venues! - adminBefore.rejected_venues!,
      pending_bookings: after.pending_bookings! - adminBefore.pending_bookings!,
      total_venues: after.total_venues! - adminBefore.total_venues!,
      total_bookings: after.total_bookings! - adminBefore.total_bookings!,
    }).toEqual({
      pending_venues: 1,
      rejected_venues: 1,
      // Waiting for the venue (2) and waiting for the guest (1): both status pending.
      pending_bookings: 3,
      total_venues: 5,
      total_bookings: 7,
    });
    // Each tile agrees with the list it summarises.
    const list = await call(env, 'GET', '/api/admin/venues?status=pending', { cookie: a.admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body.venues.map((v: { id: string }) => v.id)).toContain(made.venues[2]!.id);
    expect(list.body.venues.map((v: { id: string }) => v.id)).not.toContain(made.venues[3]!.id);
    const all = await env.ctx.db.select().from(venues).where(eq(venues.host_id, a.host.profile.id));
    expect(all).toHaveLength(4);
  });

  it.each(ROLES)('each tile endpoint answers only its own role (%s)', async (role) => {
    const cookie = cookieOf(a, role);
    const expected: Record<string, string> = {
      '/api/me/bookings/stats': role === 'guest' || role === 'otherGuest' ? 'ok' : 'refused',
      '/api/host/stats': role === 'host' || role === 'otherHost' ? 'ok' : 'refused',
      '/api/admin/stats': role === 'admin' ? 'ok' : 'refused',
    };
    for (const [path, outcome] of Object.entries(expected)) {
      const res = await call(env, 'GET', path, { cookie: cookie ?? undefined });
      if (outcome === 'ok') expect(res.status, path).toBe(200);
      else expect([401, 403], `${path} as ${role}`).toContain(res.status);
    }
  });
});
