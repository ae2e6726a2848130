/**
 * Cancellations with refunds to the cent at the policy boundaries, the timed transitions
 * (expiry and release with an injected clock, two workers at once), and the admin's
 * Transaction Management and bank details — each endpoint for every role.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, localRefunds, type Venue } from '../src/server/db/schema';
import { TimedTransitionsWorker } from '../src/server/jobs/timed-transitions';
import { createTestEnv, type TestEnv } from './support/env';
import { call, type Actor } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { bookingRow, insertVenue, emailsOf, freezeClock, insertBooking, outboxCount } from './factories';
import { confirmedBooking, pay, paymentsOf, refundsOf } from './support/payments-fixtures';
import { createActiveVenue, PRIVATE_FIELDS } from './factories';

let env: TestEnv;
let a: Accounts;
let flexible: Venue;
let moderate: Venue;
let strict: Venue;
let minSpend: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  flexible = await insertVenue(env, a.host, { cancellation_policy: 'flexible' });
  moderate = await insertVenue(env, a.host, { cancellation_policy: 'moderate' });
  strict = await insertVenue(env, a.host, { cancellation_policy: 'strict' });
  minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
});
afterAll(async () => {
  await env.close();
});

type Who = 'signedOut' | 'guest' | 'otherGuest' | 'host' | 'otherHost' | 'admin';
const WHO: Who[] = ['signedOut', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'];
const as = (who: Who): Actor | null => (who === 'signedOut' ? null : a[who]);
const H = 3_600_000;

/** A paid booking ($300.01, odd cents so halves round) and the time `ms` before its start. */
async function paidBooking(venue: Venue) {
  const b = await confirmedBooking(env, venue, a.guest, { total_price: 300.01 });
  await pay(env, a.guest, b.id);
  return b;
}

describe('cancellation quote and cancel: refunds to the cent at the boundaries', () => {
  const cases: Array<[string, () => Venue, number, number]> = [
    ['flexible, exactly 24 h before', () => flexible, 24 * H, 30001],
    ['flexible, 24 h minus 1 ms', () => flexible, 24 * H - 1, 0],
    ['moderate, exactly 72 h before', () => moderate, 72 * H, 30001],
    ['moderate, 72 h minus 1 ms', () => moderate, 72 * H - 1, 15000],
    ['strict, exactly 7 days before', () => strict, 7 * 24 * H, 15000],
    ['strict, 7 days minus 1 ms', () => strict, 7 * 24 * H - 1, 0],
  ];
  it.each(cases)('%s', async (_name, venue, msBefore, refund) => {
    const b = await paidBooking(venue());
    env.clock.now = new Date(b.starts_at.getTime() - msBefore);
    try {
      const quote = await call(env, 'GET', `/api/bookings/${b.id}/cancellation`, { cookie: a.guest.cookie });
      expect(quote.status).toBe(200);
      expect(quote.body).toMatchObject({
        can_cancel: true,
        as: 'guest',
        paid_cents: 30001,
        refund_cents: refund,
      });
      expect(quote.body.message).toBeTruthy();

      const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, {
        cookie: a.guest.cookie,
        json: { reason: 'Plans changed' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.refund).toEqual(refund > 0 ? { amount_cents: refund, status: 'succeeded' } : null);
      expect(res.body.booking).toMatchObject({
        status: 'cancelled',
        cancelled_by: 'guest',
        cancellation_reason: 'Plans changed',
        refunded_cents: refund,
      });
      const recorded = await refundsOf(env, b.id);
      expect(recorded.map((r) => r.amount_cents)).toEqual(refund > 0 ? [refund] : []);
      if (refund > 0) {
        const [local] = await env.ctx.db
          .select()
          .from(localRefunds)
          .where(eq(localRefunds.id, recorded[0]!.provider_refund_id!));
        expect(local!.amount_cents).toBe(refund);
      }
      const toGuest = (await emailsOf(env, 'booking_cancelled_guest')).at(-1)!;
      const toHost = (await emailsOf(env, 'booking_cancelled_host')).at(-1)!;
      expect(toGuest.to).toBe(a.guest.email);
      expect(toHost.to).toBe(a.host.email);
    } finally {
      freezeClock(env);
    }
  });

  it('a host cancellation always refunds in full, even late under the strict policy', async () => {
    const b = await paidBooking(strict);
    env.clock.now = new Date(b.starts_at.getTime() - H);
    try {
      const quote = await call(env, 'GET', `/api/bookings/${b.id}/cancellation`, { cookie: a.host.cookie });
      expect(quote.body).toMatchObject({ as: 'host', refund_cents: 30001, can_cancel: true });
      const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.host.cookie });
      expect(res.status).toBe(200);
      expect(res.body.refund).toEqual({ amount_cents: 30001, status: 'succeeded' });
      expect(res.body.booking.payment_status).toBe('refunded');
    } finally {
      freezeClock(env);
    }
  });

  it('who may cancel what: every role, refusals change nothing', async () => {
    // Confirmed booking: guest, host and admin may; others cannot even see it.
    const expected: Record<Who, number> = {
      signedOut: 401,
      guest: 200,
      otherGuest: 404,
      host: 200,
      otherHost: 404,
      admin: 200,
    };
    for (const who of WHO) {
      const b = await paidBooking(flexible);
      const mails = await outboxCount(env);
      const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: as(who)?.cookie });
      expect(res.status, who).toBe(expected[who]);
      if (res.status !== 200) {
        expect((await bookingRow(env, b.id))!.status).toBe('confirmed');
        expect(await refundsOf(env, b.id)).toHaveLength(0);
        expect(await outboxCount(env)).toBe(mails);
      } else {
        expect(res.body.booking.cancelled_by).toBe(who === 'guest' ? 'guest' : who);
      }
      const quote = await call(env, 'GET', `/api/bookings/${b.id}/cancellation`, { cookie: as(who)?.cookie });
      expect(quote.status, who).toBe(expected[who]);
    }
  });

  it('a host cannot cancel a pending request (409); nobody cancels twice or after the start', async () => {
    const pending = await insertBooking(env, flexible, a.guest);
    const host = await call(env, 'POST', `/api/bookings/${pending.id}/cancel`, { cookie: a.host.cookie });
    expect(host.status).toBe(409);
    const guest = await call(env, 'POST', `/api/bookings/${pending.id}/cancel`, { cookie: a.guest.cookie });
    expect(guest.status).toBe(200);
    expect(guest.body.refund).toBeNull();
    const again = await call(env, 'POST', `/api/bookings/${pending.id}/cancel`, { cookie: a.guest.cookie });
    expect(again.status).toBe(409);

    const started = await paidBooking(flexible);
    env.clock.now = new Date(started.starts_at.getTime() + 1);
    try {
      const late = await call(env, 'POST', `/api/bookings/${started.id}/cancel`, { cookie: a.guest.cookie });
      expect(late.status).toBe(409);
      expect(late.body.error.message).toMatch(/already started/);
    } finally {
      freezeClock(env);
    }
  });

  it('cancelling a booking with an open payment cancels its intent: it can no longer be paid', async () => {
    const b = await confirmedBooking(env, flexible, a.guest);
    const start = await call(env, 'POST', '/api/create-payment', {
      cookie: a.guest.cookie,
      json: { metadata: { booking_id: b.id } },
    });
    expect(start.status).toBe(200);
    await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.guest.cookie });
    const res = await call(env, 'POST', '/api/local-processor/confirm', {
      json: {
        client_secret: start.body.clientSecret,
        card: { name: 'G', number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      },
    });
    expect(res.status).toBe(409);
    expect((await bookingRow(env, b.id))!.payment_intent_id).toBeNull();
    expect((await paymentsOf(env, b.id))[0]!.status).toBe('canceled');
  });
});

describe('timed transitions', () => {
  it('expires an unanswered request at its deadline, once, even with two workers at once', async () => {
    const res = await call(env, 'POST', '/api/bookings', {
      cookie: a.guest.cookie,
      json: {
        venue_id: flexible.id,
        date: '2030-06-20',
        start_time: '20:00',
        end_time: '22:00',
        guest_count: 4,
        special_requests: 'Drinks.',
      },
    });
    expect(res.status).toBe(201);
    const expiresAt = new Date(res.body.expires_at);
    const w1 = new TimedTransitionsWorker(env.ctx);
    const w2 = new TimedTransitionsWorker(env.ctx);
    expect(await w1.tick(new Date(expiresAt.getTime() - 1))).toEqual({ expired: 0, released: 0 });
    expect((await bookingRow(env, res.body.id))!.status).toBe('pending');

    const guestBefore = (await emailsOf(env, 'booking_expired_guest')).length;
    const hostBefore = (await emailsOf(env, 'booking_expired_host')).length;
    const [r1, r2] = await Promise.all([w1.tick(expiresAt), w2.tick(expiresAt)]);
    expect(r1.expired + r2.expired).toBe(1);
    const row = await bookingRow(env, res.body.id);
    expect(row).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancellation_reason: 'expired',
    });
    expect((await emailsOf(env, 'booking_expired_guest')).length - guestBefore).toBe(1);
    expect((await emailsOf(env, 'booking_expired_host')).length - hostBefore).toBe(1);
    expect(await w1.tick(new Date(expiresAt.getTime() + H))).toEqual({ expired: 0, released: 0 });
  });

  it('releases a confirmed hourly booking left unpaid; never a paid one or a minimum-spend one', async () => {
    const due = new Date(env.ctx.now().getTime() + 24 * H);
    const unpaid = await confirmedBooking(env, flexible, a.guest, { payment_due_at: due });
    const paid = await confirmedBooking(env, flexible, a.guest, { payment_due_at: due });
    await pay(env, a.guest, paid.id);
    const card = await confirmedBooking(env, minSpend, a.guest, { payment_due_at: due });
    const start = await call(env, 'POST', '/api/create-payment', {
      cookie: a.guest.cookie,
      json: { metadata: { booking_id: unpaid.id } },
    });
    expect(start.status).toBe(200);

    const w1 = new TimedTransitionsWorker(env.ctx);
    const w2 = new TimedTransitionsWorker(env.ctx);
    const before = (await emailsOf(env, 'booking_released_guest')).length;
    const [r1, r2] = await Promise.all([w1.tick(due), w2.tick(due)]);
    expect(r1.released + r2.released).toBe(1);
    expect(await bookingRow(env, unpaid.id)).toMatchObject({
      status: 'cancelled',
      cancelled_by: 'system',
      cancellation_reason: 'payment_not_received',
    });
    expect((await bookingRow(env, paid.id))!.status).toBe('confirmed');
    expect((await bookingRow(env, card.id))!.status).toBe('confirmed');
    expect((await emailsOf(env, 'booking_released_guest')).length - before).toBe(1);
    expect((await emailsOf(env, 'booking_released_host')).at(-1)!.to).toBe(a.host.email);
    // The open intent was cancelled with the booking: the guest cannot pay a released booking.
    const late = await call(env, 'POST', '/api/local-processor/confirm', {
      json: {
        client_secret: start.body.clientSecret,
        card: { name: 'G', number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
      },
    });
    expect(late.status).toBe(409);
    const rows = await env.ctx.db.select().from(bookings).where(eq(bookings.id, unpaid.id));
    expect(rows[0]!.payment_intent_id).toBeNull();
  });
});

describe('venue cancellation policy', () => {
  it('is set on create (flexible by default), changed on edit, shown on the detail; bad values are 400', async () => {
    const made = await createActiveVenue(env, a, { cancellation_policy: 'strict' });
    expect(made.cancellation_policy).toBe('strict');
    const plain = await createActiveVenue(env, a);
    expect(plain.cancellation_policy).toBe('flexible');
    const edit = await call(env, 'PATCH', `/api/venues/${made.id}`, {
      cookie: a.host.cookie,
      json: { cancellation_policy: 'moderate' },
    });
    expect(edit.status).toBe(200);
    const detail = await call(env, 'GET', `/api/venues/${made.id}`);
    expect(detail.body.cancellation_policy).toBe('moderate');
    for (const f of PRIVATE_FIELDS) expect(detail.body).not.toHaveProperty(f);
    const bad = await call(env, 'PATCH', `/api/venues/${made.id}`, {
      cookie: a.host.cookie,
      json: { cancellation_policy: 'lenient' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Cancellation policy must be flexible, moderate or strict.');
  });
});

describe('admin: transactions and bank details', () => {
  it('GET /api/admin/transactions is the admin’s only; filters, search and pages', async () => {
    const b = await paidBooking(flexible);
    await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.host.cookie });
    const expected = [401, 403, 403, 403, 403, 200];
    for (const [i, who] of WHO.entries()) {
      const res = await call(env, 'GET', '/api/admin/transactions', { cookie: as(who)?.cookie });
      expect(res.status, who).toBe(expected[i]);
    }
    const all = await call(env, 'GET', '/api/admin/transactions?limit=100', { cookie: a.admin.cookie });
    expect(all.body.total).toBeGreaterThan(2);
    const refundsOnly = await call(env, 'GET', `/api/admin/transactions?kind=refund&q=${b.id}`, {
      cookie: a.admin.cookie,
    });
    expect(refundsOnly.body.items).toHaveLength(1);
    expect(refundsOnly.body.items[0]).toMatchObject({
      kind: 'refund',
      booking_id: b.id,
      amount_cents: 30001,
      status: 'succeeded',
      provider: 'local',
      venue: { id: flexible.id, name: flexible.name },
      guest: { id: a.guest.profile.id, email: a.guest.email },
    });
    expect(refundsOnly.body.items[0].provider_id).toMatch(/^re_local_/);

    // Paging: limit 1, follow the cursor, every item once, newest first.
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { body: { items: Array<{ id: string; created_at: string }>; next_cursor: string | null } } =
        await call(env, 'GET', `/api/admin/transactions?limit=7${cursor ? `&cursor=${cursor}` : ''}`, {
          cookie: a.admin.cookie,
        });
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.next_cursor;
    }
    expect(seen).toEqual(all.body.items.map((i: { id: string }) => i.id));
    expect(new Set(seen).size).toBe(all.body.total);

    const bad = await call(env, 'GET', '/api/admin/transactions?kind=nope', { cookie: a.admin.cookie });
    expect(bad.status).toBe(400);
    const badCursor = await call(env, 'GET', '/api/admin/transactions?cursor=abc', {
      cookie: a.admin.cookie,
    });
    expect(badCursor.status).toBe(400);
  });

  it('bank details: masked to the last 4 for the admin only; reveal gives the admin the full numbers', async () => {
    const expected = [401, 403, 403, 403, 403, 200];
    for (const [i, who] of WHO.entries()) {
      const list = await call(env, 'GET', '/api/admin/bank-details', { cookie: as(who)?.cookie });
      expect(list.status, who).toBe(expected[i]);
      const reveal = await call(env, 'POST', `/api/admin/venues/${flexible.id}/bank-details/reveal`, {
        cookie: as(who)?.cookie,
      });
      expect(reveal.status, who).toBe(expected[i]);
      if (reveal.status !== 200) expect(JSON.stringify(reveal.body)).not.toContain('000123456789');
    }
    const list = await call(env, 'GET', `/api/admin/bank-details?q=${encodeURIComponent(flexible.name)}`, {
      cookie: a.admin.cookie,
    });
    expect(list.body.items[0]).toMatchObject({
      venue_id: flexible.id,
      bank_account_last4: '6789',
      bank_routing_last4: '0021',
      tax_id_last4: '6789',
    });
    expect(JSON.stringify(list.body)).not.toContain('000123456789');
    const reveal = await call(env, 'POST', `/api/admin/venues/${flexible.id}/bank-details/reveal`, {
      cookie: a.admin.cookie,
    });
    expect(reveal.body).toMatchObject({
      bank_account_number: '000123456789',
      bank_routing_number: '021000021',
    });
  });
});
