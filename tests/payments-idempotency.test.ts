/**
 * Issue 15: Idempotency-Key on the endpoints that move money (start a payment, charge a card on
 * file, cancel with a refund) — a retried request gets the first answer and writes nothing twice —
 * and the payment rate limits (per user and per address, 429 with Retry-After).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../src/server/http/rate-limits';
import type { Venue } from '../src/server/db/schema';
import { call, type Actor } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { createAccounts, emailsOf, freezeClock, insertVenue, NOW, type Accounts } from './factories';
import {
  CARDS,
  confirmedBooking,
  countLocalIntents,
  createPaymentBody,
  pay,
  paymentsOf,
  refundsOf,
} from './support/payments-fixtures';

let env: TestEnv;
let a: Accounts;
let hourly: Venue;
let minSpend: Venue;

beforeAll(async () => {
  // Charged weeks after the booking (the window has tests of its own).
  env = await createTestEnv({ ADDITIONAL_CHARGE_DAYS: '365' });
  freezeClock(env);
  a = await createAccounts(env);
  hourly = await insertVenue(env, a.host);
  minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
});
afterAll(async () => {
  await env.close();
});

let keyCounter = 0;
const newKey = () => `pay-key-${Date.now()}-${keyCounter++}`;

const post = (who: Actor, path: string, key: string | undefined, json?: object) =>
  call(env, 'POST', path, {
    cookie: who.cookie,
    json,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  });

const chargeBody = (bookingId: string, amount = 45.5) => ({
  paymentIntentId: 'whatever',
  amount,
  reason: 'minimum_spend_not_met',
  description: '',
  bookingId,
  venueId: minSpend.id,
  userId: a.guest.profile.id,
});

describe('Idempotency-Key on payments', () => {
  it('POST /api/create-payment: a retry replays the first answer and creates no second intent', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const key = newKey();
    const before = await countLocalIntents(env);
    const first = await post(a.guest, '/api/create-payment', key, createPaymentBody(b.id));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await post(a.guest, '/api/create-payment', key, createPaymentBody(b.id));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await countLocalIntents(env)).toBe(before + 1);
  });

  it('POST /api/charge-additional: the same key charges once; a new key is a new charge', async () => {
    const b = await confirmedBooking(env, minSpend, a.guest, { total_price: 500 });
    await pay(env, a.guest, b.id, CARDS.ok);
    env.clock.now = new Date(NOW.getTime() + 60 * 86_400_000);
    try {
      const key = newKey();
      const mailsBefore = (await emailsOf(env, 'additional_charge')).length;
      const answers = [];
      for (let i = 0; i < 3; i++)
        answers.push(await post(a.host, '/api/charge-additional', key, chargeBody(b.id)));
      for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(answers[1]!.body).toEqual(answers[0]!.body);
      expect(answers[2]!.headers.get('idempotent-replayed')).toBe('true');
      const charges = (await paymentsOf(env, b.id)).filter((p) => p.kind === 'additional_charge');
      expect(charges).toHaveLength(1);
      expect(charges[0]!.amount_cents).toBe(4550);
      expect((await emailsOf(env, 'additional_charge')).length - mailsBefore).toBe(1);

      // The same key with another amount is a different request: refused, nothing charged.
      const reused = await post(a.host, '/api/charge-additional', key, chargeBody(b.id, 20));
      expect(reused.status).toBe(409);
      expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await paymentsOf(env, b.id)).filter((p) => p.kind === 'additional_charge')).toHaveLength(1);

      // A new key is a new charge (a host may charge twice on purpose).
      const second = await post(a.host, '/api/charge-additional', newKey(), chargeBody(b.id, 20));
      expect(second.status).toBe(200);
      expect((await paymentsOf(env, b.id)).filter((p) => p.kind === 'additional_charge')).toHaveLength(2);
    } finally {
      freezeClock(env);
    }
  });

  it('POST /api/bookings/:id/cancel: a retry gets the first answer (not "already cancelled"); one refund', async () => {
    // Weeks ahead: every policy refunds in full, so the refund is certain.
    const b = await confirmedBooking(env, hourly, a.guest, { date: '2030-09-06' });
    await pay(env, a.guest, b.id, CARDS.ok);
    const key = newKey();
    const first = await post(a.guest, `/api/bookings/${b.id}/cancel`, key, { reason: 'Plans changed' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await post(a.guest, `/api/bookings/${b.id}/cancel`, key, { reason: 'Plans changed' });
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(first.body.refund).not.toBeNull();
    expect(await refundsOf(env, b.id)).toHaveLength(1);
    // Without the key, a second cancel is refused as before.
    const again = await post(a.guest, `/api/bookings/${b.id}/cancel`, undefined, { reason: 'Plans changed' });
    expect(again.status).toBe(409);
  });

  it('keys are per user: another guest using the same key gets their own answer (404), not the replay', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const key = newKey();
    const mine = await post(a.guest, '/api/create-payment', key, createPaymentBody(b.id));
    expect(mine.status).toBe(200);
    const theirs = await post(a.otherGuest, '/api/create-payment', key, createPaymentBody(b.id));
    expect(theirs.status).toBe(404);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });
});

describe('payment rate limits', () => {
  let limited: TestEnv;
  let people: Accounts;
  beforeAll(async () => {
    limited = await createTestEnv({ RATE_LIMITS: 'true', TRUST_PROXY: 'true' });
    people = await createAccounts(limited);
  });
  afterAll(async () => {
    await limited.close();
  });

  it(`payment attempts past ${LIMITS.paymentsPerUser.max} an hour by one user get 429 with Retry-After`, async () => {
    const venue = await insertVenue(limited, people.host);
    const b = await confirmedBooking(limited, venue, people.guest);
    const attempt = (i: number) =>
      call(limited, 'POST', '/api/create-payment', {
        cookie: people.guest.cookie,
        json: createPaymentBody(b.id),
        // A different address each time: the per-user limit is what stops it.
        headers: { 'x-forwarded-for': `203.0.113.${(i % 250) + 1}` },
      });
    for (let i = 0; i < LIMITS.paymentsPerUser.max; i++) {
      const res = await attempt(i);
      expect(res.status, `attempt ${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
    }
    const refused = await attempt(LIMITS.paymentsPerUser.max);
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(
      /^Too many payment attempts\. Please wait .+ and try again\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another guest is not affected.
    const b2 = await confirmedBooking(limited, venue, people.otherGuest);
    const other = await call(limited, 'POST', '/api/create-payment', {
      cookie: people.otherGuest.cookie,
      json: createPaymentBody(b2.id),
      headers: { 'x-forwarded-for': '203.0.113.251' },
    });
    expect(other.status).toBe(200);
  });
});
