/**
 * The Stripe implementation against a local stand-in for Stripe's API, with webhook events
 * signed by the SDK's own test helper: intents with idempotency keys, one paid booking and one
 * receipt however often and in whatever order the event and the result page arrive, bad
 * signatures and stale timestamps refused with nothing written, card on file and off-session
 * charges, refunds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import { ledgerEntries, payments, type Venue } from '../src/server/db/schema';
import { StripePaymentProvider } from '../src/server/adapters/payments/stripe';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { bookingRow, insertVenue, emailsOf, freezeClock, NOW, outboxCount } from './factories';
import { confirmedBooking, paymentsOf, refundsOf } from './support/payments-fixtures';
import { StripeStandIn } from './support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_velvet';
const stand = new StripeStandIn();
let env: TestEnv;
let a: Accounts;
let hourly: Venue;
let minSpend: Venue;
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  await stand.start();
  env = await createTestEnv({
    ADDITIONAL_CHARGE_DAYS: '365', // charged weeks after the booking
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_velvet',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_velvet',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stand.port),
    STRIPE_API_PROTOCOL: 'http',
  });
  freezeClock(env);
  a = await createAccounts(env);
  hourly = await insertVenue(env, a.host);
  minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
});
afterAll(async () => {
  await env.close();
  await stand.stop();
});

function event(type: string, object: object, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}

const deliver = (e: { payload: string; header: string }) =>
  call(env, 'POST', '/api/webhooks/stripe', {
    body: e.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
  });

const start = (bookingId: string, amount = 1) =>
  call(env, 'POST', '/api/create-payment', {
    cookie: a.guest.cookie,
    json: { amount, currency: 'usd', isMinimumSpend: false, metadata: { booking_id: bookingId } },
  });

describe('stripe provider', () => {
  it('is chosen by PAYMENT_PROVIDER', () => {
    expect(env.ctx.payments).toBeInstanceOf(StripePaymentProvider);
  });

  it('create-payment: a PaymentIntent of the server total with an idempotency key; 20 concurrent calls → one intent', async () => {
    const b = await confirmedBooking(env, hourly, a.guest, { total_price: 250.75 });
    const before = stand.creates('/v1/payment_intents').length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => start(b.id)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(new Set(answers.map((r) => r.body.paymentId)).size).toBe(1);
    expect(answers[0]!.body).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_velvet',
      amountCents: 25075,
      isMinimumSpend: false,
    });
    const creates = stand.creates('/v1/payment_intents').slice(before);
    expect(creates).toHaveLength(1);
    expect(creates[0]!.idempotencyKey).toBe(`booking:${b.id}:payment:1`);
    expect(creates[0]!.params).toMatchObject({
      amount: '25075',
      currency: 'usd',
      'metadata[booking_id]': b.id,
    });
    expect(await paymentsOf(env, b.id)).toHaveLength(1);
  });

  it('one event delivered 20 times concurrently → one paid booking, one receipt', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const started = await start(b.id);
    const pi = stand.succeed(started.body.paymentId);
    const e = event('payment_intent.succeeded', pi);
    const receipts = (await emailsOf(env, 'payment_receipt')).length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(e)));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const row = await bookingRow(env, b.id);
    expect(row!.payment_intent_id).toBe(pi.id);
    expect((await emailsOf(env, 'payment_receipt')).length - receipts).toBe(1);
    const result = await call(env, 'GET', `/api/payments/result?booking_id=${b.id}`, {
      cookie: a.guest.cookie,
    });
    expect(result.body).toMatchObject({ state: 'paid', amount_cents: 30000, payment_id: pi.id });
  });

  it('a bad signature or a stale timestamp → 400 and nothing written', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const started = await start(b.id);
    const pi = stand.succeed(started.body.paymentId);
    const before = {
      payments: await paymentsOf(env, b.id),
      booking: await bookingRow(env, b.id),
      mails: await outboxCount(env),
    };

    const wrongSecret = event('payment_intent.succeeded', pi, { secret: 'whsec_wrong' });
    const stale = event('payment_intent.succeeded', pi, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const tampered = event('payment_intent.succeeded', pi);
    tampered.payload = tampered.payload.replace('"succeeded"', '"succeeded" ');
    for (const e of [wrongSecret, stale, tampered, { payload: stale.payload, header: '' }]) {
      const res = await deliver(e);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('BAD_SIGNATURE');
    }
    expect(await paymentsOf(env, b.id)).toEqual(before.payments);
    expect(await bookingRow(env, b.id)).toEqual(before.booking);
    expect(await outboxCount(env)).toBe(before.mails);
  });

  it('the result page asks Stripe when no event came yet; the late event changes nothing', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const started = await start(b.id);
    const unpaid = await call(
      env,
      'GET',
      `/api/payments/result?booking_id=${b.id}&payment_intent=${started.body.paymentId}`,
      {
        cookie: a.guest.cookie,
      },
    );
    expect(unpaid.body.state).toBe('unpaid');
    const pi = stand.succeed(started.body.paymentId);
    const receipts = (await emailsOf(env, 'payment_receipt')).length;
    const paid = await call(env, 'GET', `/api/payments/result?booking_id=${b.id}`, {
      cookie: a.guest.cookie,
    });
    expect(paid.body.state).toBe('paid');
    expect((await bookingRow(env, b.id))!.payment_intent_id).toBe(pi.id);
    expect((await deliver(event('payment_intent.succeeded', pi))).status).toBe(200);
    expect((await emailsOf(env, 'payment_receipt')).length - receipts).toBe(1);
  });

  it('a payment_failed event records the failure; the booking stays unpaid', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const started = await start(b.id);
    const pi = {
      ...stand.intents.get(started.body.paymentId)!,
      status: 'requires_payment_method',
      last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
    };
    expect((await deliver(event('payment_intent.payment_failed', pi))).status).toBe(200);
    expect((await paymentsOf(env, b.id))[0]).toMatchObject({ failure_code: 'card_declined' });
    expect((await bookingRow(env, b.id))!.payment_intent_id).toBeNull();
    const unrelated = await deliver(event('customer.created', { id: 'cus_x' }));
    expect(unrelated.status).toBe(200);
  });

  it('minimum spend: SetupIntent with a customer, card on file from the event, off-session charges', async () => {
    const b = await confirmedBooking(env, minSpend, a.guest, { total_price: 500 });
    const started = await start(b.id);
    expect(started.body).toMatchObject({ isMinimumSpend: true, amountCents: 0 });
    expect(started.body.paymentId).toMatch(/^seti_/);
    const si = stand.succeed(started.body.paymentId, 'pm_card_visa');
    expect((await deliver(event('setup_intent.succeeded', si))).status).toBe(200);
    expect((await bookingRow(env, b.id))!.payment_intent_id).toBe(si.id);

    env.clock.now = new Date(NOW.getTime() + 60 * 86_400_000);
    try {
      const charge = (amount: number) =>
        call(env, 'POST', '/api/charge-additional', {
          cookie: a.host.cookie,
          json: { amount, reason: 'damages', bookingId: b.id, paymentIntentId: si.id },
        });
      const ok = await charge(80);
      expect(ok.body).toMatchObject({
        success: true,
        code: null,
        charge: { amount_cents: 8000, status: 'succeeded' },
      });
      const sent = stand.creates('/v1/payment_intents').at(-1)!;
      expect(sent.params).toMatchObject({
        amount: '8000',
        payment_method: 'pm_card_visa',
        customer: si.customer,
        off_session: 'true',
        confirm: 'true',
      });
      expect(sent.idempotencyKey).toMatch(/^charge:/);

      // The same saved card now needs authentication off-session.
      const setup = (await paymentsOf(env, b.id)).find((p) => p.kind === 'setup')!;
      await env.ctx.db
        .update(payments)
        .set({ payment_method_id: 'pm_card_authenticationRequired' })
        .where(eq(payments.id, setup.id));
      const needsAuth = await charge(10);
      expect(needsAuth.body).toMatchObject({ success: false, code: 'authentication_required' });
      const failed = (await paymentsOf(env, b.id)).filter(
        (p) => p.kind === 'additional_charge' && p.status === 'failed',
      );
      expect(failed).toHaveLength(1);
      expect(failed[0]!.provider_id).toMatch(/^pi_/);
    } finally {
      freezeClock(env);
    }
  });

  it('a cancellation refunds through Stripe with an idempotency key', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const started = await start(b.id);
    const pi = stand.succeed(started.body.paymentId);
    await deliver(event('payment_intent.succeeded', pi));
    const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.host.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refund).toEqual({ amount_cents: 30000, status: 'succeeded' });
    const sent = stand.creates('/v1/refunds').at(-1)!;
    expect(sent.params).toMatchObject({ payment_intent: pi.id, amount: '30000' });
    expect(sent.idempotencyKey).toMatch(new RegExp(`^refund:${b.id}:`));
    expect((await refundsOf(env, b.id))[0]!.provider_refund_id).toMatch(/^re_test_/);
    const local = await call(env, 'POST', '/api/local-processor/confirm', {
      json: {
        client_secret: 'x',
        card: { name: 'x', number: '4242424242424242', exp_month: 1, exp_year: 2040, cvc: '123' },
      },
    });
    expect(local.status).toBe(404);
  });

  it('a refund Stripe settles later is posted to the ledger when charge.refunded arrives, once', async () => {
    const b = await confirmedBooking(env, hourly, a.guest);
    const started = await start(b.id);
    const pi = stand.succeed(started.body.paymentId);
    await deliver(event('payment_intent.succeeded', pi));
    const posted = async (account: string) => {
      const rows = await env.ctx.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.booking_id, b.id), eq(ledgerEntries.account, account as 'guest_funds')));
      return rows.reduce((sum, r) => sum + r.amount_cents, 0);
    };
    expect(await posted('guest_funds')).toBe(-30000);
    stand.refundStatus = 'pending';
    try {
      const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.host.cookie });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.refund).toEqual({ amount_cents: 30000, status: 'pending' });
    } finally {
      stand.refundStatus = 'succeeded';
    }
    // Pending: no money has gone back yet, in the earnings or in the ledger.
    expect(await posted('guest_funds')).toBe(-30000);
    const [refund] = await refundsOf(env, b.id);
    const settled = event('charge.refunded', { id: 'ch_test', object: 'charge', payment_intent: pi.id });
    for (let i = 0; i < 2; i++) expect((await deliver(settled)).status).toBe(200);
    expect((await refundsOf(env, b.id))[0]!.status).toBe('succeeded');
    const rows = await env.ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.refund_id, refund!.id));
    expect(Object.fromEntries(rows.map((r) => [r.account, r.amount_cents]))).toEqual({
      guest_funds: 30000,
      platform_fees: -3000,
      host_payable: -27000,
    });
    expect(await posted('guest_funds')).toBe(0);
    expect(await posted('host_payable')).toBe(0);
  });
});
