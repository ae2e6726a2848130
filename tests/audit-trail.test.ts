/**
 * The audit trail (issue 30, decision 0060): each privileged action writes one entry in its own
 * transaction — who, when, from which address, what, before and after — and a refused action
 * writes none. The table refuses UPDATE and DELETE.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { auditEvents, type AuditEvent, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn, STRONG_PASSWORD, type Actor } from './support/client';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { insertPaidNight, postReview } from './support/reviews-fixtures';
import {
  createAccounts,
  freezeClock,
  insertBooking,
  insertVenue,
  submitVenue,
  type Accounts,
} from './factories';

const ADDRESS = '203.0.113.7';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv({ TRUST_PROXY: 'true' });
  freezeClock(env);
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { name: 'Audit Hall' });
});
afterAll(async () => {
  await env.close();
});

let seen = 0;
beforeEach(async () => {
  const [row] = await env.ctx.db.select({ n: sql<number>`coalesce(max(seq), 0)::int` }).from(auditEvents);
  seen = row!.n;
});

/** The entries written since the test began. */
const written = async (): Promise<AuditEvent[]> =>
  (await env.ctx.db.select().from(auditEvents).orderBy(auditEvents.seq)).filter((e) => e.seq > seen);

const as = (actor: Actor | null, method: string, path: string, json?: unknown) =>
  call(env, method, path, {
    cookie: actor?.cookie,
    json,
    headers: { 'x-forwarded-for': ADDRESS },
  });

function expectEntry(entry: AuditEvent | undefined, actor: Actor, fields: Partial<AuditEvent>) {
  expect(entry).toBeDefined();
  expect(entry).toMatchObject({
    actor_id: actor.profile.id,
    actor_role: actor.profile.role,
    actor_email: actor.email,
    address: ADDRESS,
    ...fields,
  });
  expect(entry!.at).toBeInstanceOf(Date);
}

describe('venue decisions', () => {
  it('approve: one entry by the admin; the host asking writes none', async () => {
    const pending = await submitVenue(env, a.host, { name: 'Pending Place' });
    expect((await as(a.host, 'POST', `/api/admin/venues/${pending.id}/approve`, {})).status).toBe(403);
    expect(await written()).toHaveLength(0);
    expect(
      (await as(a.admin, 'POST', `/api/admin/venues/${pending.id}/approve`, { notes: 'Fine' })).status,
    ).toBe(200);
    const [entry, ...rest] = await written();
    expect(rest).toHaveLength(0);
    expectEntry(entry, a.admin, {
      action: 'venue.approved',
      subject_type: 'venue',
      subject_id: pending.id,
      venue_id: pending.id,
      host_id: a.host.profile.id,
      before: { is_active: false },
      after: { is_active: true, notes: 'Fine' },
    });
    expect(entry!.summary).toContain('Pending Place');
  });

  it('reject with its reason, and delete', async () => {
    const pending = await submitVenue(env, a.host, { name: 'Rejected Room' });
    expect(
      (await as(a.admin, 'POST', `/api/admin/venues/${pending.id}/reject`, { notes: 'Blurry photos' }))
        .status,
    ).toBe(200);
    expect((await as(a.host, 'DELETE', `/api/venues/${pending.id}`)).status).toBe(403);
    expect((await as(a.admin, 'DELETE', `/api/venues/${pending.id}`, { reason: 'Duplicate' })).status).toBe(
      200,
    );
    const entries = await written();
    expect(entries.map((e) => e.action)).toEqual(['venue.rejected', 'venue.deleted']);
    expect(entries[0]!.after).toMatchObject({ is_active: false, notes: 'Blurry photos' });
    expect(entries[1]!.summary).toContain('Duplicate');
    expect(entries[1]!.host_id).toBe(a.host.profile.id);
  });
});

describe('bank details', () => {
  it('each reveal is recorded; a host asking is refused and records nothing', async () => {
    expect((await as(a.host, 'POST', `/api/admin/venues/${venue.id}/bank-details/reveal`)).status).toBe(403);
    expect(await written()).toHaveLength(0);
    expect((await as(a.admin, 'POST', `/api/admin/venues/${venue.id}/bank-details/reveal`)).status).toBe(200);
    const [entry] = await written();
    expectEntry(entry, a.admin, {
      action: 'bank_details.revealed',
      subject_id: venue.id,
      venue_id: venue.id,
    });
  });
});

describe('bookings and money', () => {
  it("the admin's booking edit, with the terms before and after", async () => {
    const booking = await insertBooking(env, venue, a.guest, { state: 'pending' });
    const body = {
      guest_count: 7,
      start_time: '20:00',
      end_time: '23:00',
      total_price: 321,
      status: 'confirmed',
    };
    expect((await as(a.host, 'PATCH', `/api/admin/bookings/${booking.id}`, body)).status).toBe(403);
    expect(await written()).toHaveLength(0);
    const res = await as(a.admin, 'PATCH', `/api/admin/bookings/${booking.id}`, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [entry] = await written();
    expectEntry(entry, a.admin, {
      action: 'booking.edited_by_admin',
      subject_id: booking.id,
      host_id: a.host.profile.id,
    });
    expect(entry!.before).toMatchObject({ status: 'pending' });
    expect(entry!.after).toMatchObject({ status: 'confirmed', guest_count: 7, total_price: 321 });
  });

  it("the host's cancellation of a paid booking and its refund; a guest's own cancellation is not audited", async () => {
    const paid = await confirmedBooking(env, venue, a.guest);
    await pay(env, a.guest, paid.id);
    expect((await as(a.otherHost, 'POST', `/api/bookings/${paid.id}/cancel`, { reason: 'x' })).status).toBe(
      404,
    );
    expect(await written()).toHaveLength(0);
    const res = await as(a.host, 'POST', `/api/bookings/${paid.id}/cancel`, { reason: 'Flooded bar' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = await written();
    expect(entries.map((e) => e.action)).toEqual(['booking.cancelled', 'refund.issued']);
    expectEntry(entries[0], a.host, {
      subject_id: paid.id,
      after: { status: 'cancelled', cancelled_by: 'host', reason: 'Flooded bar' },
    });
    expect(entries[1]!.after).toMatchObject({ amount_cents: 30000 });

    const own = await confirmedBooking(env, venue, a.guest);
    expect((await as(a.guest, 'POST', `/api/bookings/${own.id}/cancel`, {})).status).toBe(200);
    expect((await written()).filter((e) => e.subject_id === own.id)).toHaveLength(0);
  });

  it('an additional charge by the host', async () => {
    const minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
    const b = await confirmedBooking(env, minSpend, a.guest, { total_price: 500 });
    await pay(env, a.guest, b.id);
    env.clock.now = new Date(b.ends_at.getTime() + 86_400_000);
    try {
      const body = {
        paymentIntentId: 'x',
        amount: 45.5,
        reason: 'damages',
        description: 'Broken glass',
        bookingId: b.id,
        venueId: minSpend.id,
        userId: a.guest.profile.id,
      };
      expect((await as(a.admin, 'POST', '/api/charge-additional', body)).status).toBe(403);
      expect(await written()).toHaveLength(0);
      const res = await as(a.host, 'POST', '/api/charge-additional', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const [entry] = await written();
      expectEntry(entry, a.host, {
        action: 'charge.made',
        subject_type: 'payment',
        subject_id: res.body.charge.id,
        venue_id: minSpend.id,
        after: { amount_cents: 4550, reason: 'damages', status: 'succeeded' },
      });
    } finally {
      freezeClock(env);
    }
  });
});

describe('reviews', () => {
  it('unpublish and publish again', async () => {
    const night = await insertPaidNight(env, venue, a.guest);
    const review = await postReview(env, a.guest, night.id);
    expect(review.status).toBe(201);
    const id = review.body.id;
    expect((await as(a.host, 'POST', `/api/admin/reviews/${id}/unpublish`, { reason: 'Spam' })).status).toBe(
      403,
    );
    expect(await written()).toHaveLength(0);
    expect((await as(a.admin, 'POST', `/api/admin/reviews/${id}/unpublish`, { reason: 'Spam' })).status).toBe(
      200,
    );
    expect((await as(a.admin, 'POST', `/api/admin/reviews/${id}/republish`, {})).status).toBe(200);
    const entries = await written();
    expect(entries.map((e) => e.action)).toEqual(['review.unpublished', 'review.republished']);
    expectEntry(entries[0], a.admin, {
      subject_type: 'review',
      subject_id: id,
      after: { is_published: false, reason: 'Spam' },
    });
  });
});

describe('accounts', () => {
  it('a guest who signs in at the host portal becomes a host: recorded as a role change', async () => {
    const user = await signUpAndSignIn(env, { role: 'user' });
    const wrong = await as(null, 'POST', '/api/accounts/sign-in', {
      email: user.email,
      password: 'Wrong-2026!',
      portal: 'host',
    });
    expect(wrong.status).toBe(401);
    expect(await written()).toHaveLength(0);
    const res = await as(null, 'POST', '/api/accounts/sign-in', {
      email: user.email,
      password: STRONG_PASSWORD,
      portal: 'host',
    });
    expect(res.status).toBe(200);
    const [entry] = await written();
    expect(entry).toMatchObject({
      action: 'role.changed',
      actor_id: user.profile.id,
      address: ADDRESS,
      before: { role: 'user' },
      after: { role: 'host' },
    });
  });

  it('signing out the other devices', async () => {
    const user = await signUpAndSignIn(env, { role: 'user' });
    const second = await as(null, 'POST', '/api/accounts/sign-in', {
      email: user.email,
      password: STRONG_PASSWORD,
    });
    expect(second.status).toBe(200);
    expect((await as(null, 'POST', '/api/accounts/sign-out', { scope: 'others' })).status).toBe(401);
    expect(await written()).toHaveLength(0);
    expect((await as(user, 'POST', '/api/accounts/sign-out', { scope: 'others' })).status).toBe(200);
    const [entry] = await written();
    expect(entry).toMatchObject({
      action: 'sessions.signed_out_others',
      actor_id: user.profile.id,
      address: ADDRESS,
    });
    expect(entry!.summary).toContain('1 other device');
  });
});

describe('GET /api/audit', () => {
  it('per role: signed out 401, guests 403; a host reads only their venues’ entries; the admin all', async () => {
    const theirs = await insertVenue(env, a.otherHost, { name: 'Other Host Hall' });
    await as(a.admin, 'POST', `/api/admin/venues/${venue.id}/bank-details/reveal`);
    await as(a.admin, 'POST', `/api/admin/venues/${theirs.id}/bank-details/reveal`);
    expect((await as(null, 'GET', '/api/audit')).status).toBe(401);
    expect((await as(a.guest, 'GET', '/api/audit')).status).toBe(403);
    expect((await as(a.otherGuest, 'GET', '/api/audit')).status).toBe(403);

    const all = await as(a.admin, 'GET', '/api/audit?page_size=100');
    expect(all.status).toBe(200);
    const adminIds = new Set(all.body.events.map((e: { venue_id: string }) => e.venue_id));
    expect(adminIds.has(venue.id) && adminIds.has(theirs.id)).toBe(true);
    expect(all.body.events[0]).toMatchObject({
      action: 'bank_details.revealed',
      venue_id: theirs.id,
      venue_name: 'Other Host Hall',
      actor_role: 'admin',
      address: ADDRESS,
    });
    expect(all.body.events[0]).not.toHaveProperty('host_id');

    for (const [host, own] of [
      [a.host, venue.id],
      [a.otherHost, theirs.id],
    ] as const) {
      const mine = await as(host, 'GET', '/api/audit?page_size=100');
      expect(mine.status).toBe(200);
      // Exactly the entries about this host's venues (deleted ones included), whoever acted.
      const about = await env.ctx.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(eq(auditEvents.host_id, host.profile.id));
      expect(mine.body.events.map((e: { id: string }) => e.id).sort()).toEqual(about.map((e) => e.id).sort());
      expect(mine.body.events.some((e: { venue_id: string }) => e.venue_id === own)).toBe(true);
      expect(mine.body.total).toBe(about.length);
    }
  });

  it('filters by action, venue and text, newest first, paged by the server; bad filters are 400', async () => {
    for (let i = 0; i < 3; i++)
      await as(a.admin, 'POST', `/api/admin/venues/${venue.id}/bank-details/reveal`);
    const byAction = await as(a.admin, 'GET', '/api/audit?action=bank_details.revealed&page_size=2');
    expect(byAction.body.events).toHaveLength(2);
    expect(byAction.body.total).toBeGreaterThanOrEqual(3);
    expect(byAction.body.events.every((e: { action: string }) => e.action === 'bank_details.revealed')).toBe(
      true,
    );
    const page2 = await as(a.admin, 'GET', '/api/audit?action=bank_details.revealed&page_size=2&page=2');
    expect(page2.body.events[0].id).not.toBe(byAction.body.events[0].id);
    expect(Date.parse(byAction.body.events[0].at)).toBeGreaterThanOrEqual(
      Date.parse(byAction.body.events[1].at),
    );
    const byVenue = await as(a.admin, 'GET', `/api/audit?venue_id=${venue.id}&q=Audit%20Hall`);
    expect(byVenue.body.events.length).toBeGreaterThan(0);
    expect(byVenue.body.events.every((e: { venue_id: string }) => e.venue_id === venue.id)).toBe(true);
    const none = await as(a.admin, 'GET', '/api/audit?q=no-such-words-anywhere');
    expect(none.body).toMatchObject({ events: [], total: 0 });
    const bad = await as(a.admin, 'GET', '/api/audit?action=made.up');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Action must be one of the audited actions.');
    expect((await as(a.admin, 'GET', '/api/audit?venue_id=nope')).status).toBe(400);
  });
});

describe('the table', () => {
  it('is append-only: UPDATE and DELETE are refused', async () => {
    await as(a.admin, 'POST', `/api/admin/venues/${venue.id}/bank-details/reveal`);
    const [entry] = await written();
    await expect(
      env.ctx.db.update(auditEvents).set({ summary: 'changed' }).where(eq(auditEvents.id, entry!.id)),
    ).rejects.toThrow();
    await expect(env.ctx.db.delete(auditEvents).where(eq(auditEvents.id, entry!.id))).rejects.toThrow();
    const [still] = await env.ctx.db.select().from(auditEvents).where(eq(auditEvents.id, entry!.id));
    expect(still!.summary).toBe(entry!.summary);
  });
});
