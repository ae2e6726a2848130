/**
 * Stripe Connect (issue 29, decision 88) against the local Stripe stand-in, through HTTP: a host
 * connects an account through Stripe-hosted onboarding, `account.updated` keeps its status (each
 * event delivered 20 times applied once, an older one ignored); the charge carries the booking's
 * transfer group and the application fee; the host's share is transferred only after the hold
 * window, once however many runners try; a not-onboarded host receives nothing and is told why;
 * a refund after the transfer reverses it in proportion; the ledger balances throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { connectAccounts, stripeTransfers, type Venue } from '../src/server/db/schema';
import { StripeTransfersWorker } from '../src/server/jobs/stripe-transfers';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { createAccounts, freezeClock, insertVenue, NOW, type Accounts } from './factories';
import { confirmedBooking } from './support/payments-fixtures';
import { StripeStandIn } from './support/stripe-stand-in';

const WEBHOOK_SECRET = 'whsec_test_connect';
/** Connected accounts' events come from Stripe's Connect endpoint, signed with its own secret. */
const CONNECT_SECRET = 'whsec_test_connect_accounts';
const DAY = 86_400_000;
const stand = new StripeStandIn();
const signer = new Stripe('sk_test_signer');
let env: TestEnv;
let a: Accounts;
let hourly: Venue;
let minSpend: Venue;
let otherVenue: Venue;
let spread = 0;

beforeAll(async () => {
  await stand.start();
  env = await createTestEnv({
    ADDITIONAL_CHARGE_DAYS: '365',
    PLATFORM_FEE_PERCENT: '10',
    PAYOUT_HOLD_DAYS: '2',
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_velvet',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_velvet',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_API_HOST: '127.0.0.1',
    STRIPE_API_PORT: String(stand.port),
    STRIPE_API_PROTOCOL: 'http',
  });
  freezeClock(env);
  a = await createAccounts(env);
  hourly = await insertVenue(env, a.host, { name: 'Connect Hall' });
  minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
  otherVenue = await insertVenue(env, a.otherHost, { name: 'Not Onboarded Club' });
});
afterAll(async () => {
  await env.close();
  await stand.stop();
});

let created = Math.floor(NOW.getTime() / 1000);
function event(type: string, object: object, at = ++created) {
  const secret = type.startsWith('account.') ? CONNECT_SECRET : WEBHOOK_SECRET;
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: at,
    data: { object },
  });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}
const deliver = (e: { payload: string; header: string }) =>
  call(env, 'POST', '/api/webhooks/stripe', {
    body: e.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
  });
const twentyTimes = async (e: { payload: string; header: string }) => {
  const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(e)));
  for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
};
const aheadDate = () => new Date(NOW.getTime() + (7 + spread++) * DAY).toISOString().slice(0, 10);
const onboard = (who: 'host' | 'otherHost') =>
  call(env, 'POST', '/api/host/stripe-connect/onboarding', { cookie: a[who].cookie, json: {} });
const statusOf = (who: 'host' | 'otherHost') =>
  call(env, 'GET', '/api/host/stripe-connect', { cookie: a[who].cookie });
const accountOf = async (hostId: string) =>
  (await env.ctx.db.select().from(connectAccounts).where(eq(connectAccounts.host_id, hostId)))[0]!;
const transfersOf = (bookingId: string) =>
  env.ctx.db.select().from(stripeTransfers).where(eq(stripeTransfers.booking_id, bookingId));
const standTransfersOf = (bookingId: string) =>
  [...stand.transfers.values()].filter((t) => t.metadata.booking_id === bookingId);
const earningOf = async (who: 'host' | 'otherHost', bookingId: string) => {
  const res = await call(env, 'GET', '/api/host/earnings', { cookie: a[who].cookie });
  expect(res.status).toBe(200);
  return {
    body: res.body,
    row: res.body.rows.find((r: { booking_id: string }) => r.booking_id === bookingId),
  };
};
const ledgerBalanced = async () => {
  const res = await call(env, 'GET', '/api/admin/money', { cookie: a.admin.cookie });
  expect(res.status).toBe(200);
  expect(res.body.reconciliation.ledger).toMatchObject({
    total_cents: 0,
    host_mismatches: [],
    balanced: true,
  });
};
const runner = () => new StripeTransfersWorker(env.ctx);

/** A $300 hourly booking paid through Stripe (its event delivered 20 times). */
async function paidHourly(venue: Venue, guest = a.guest) {
  const b = await confirmedBooking(env, venue, guest, { date: aheadDate(), platform_fee_bps: 1000 });
  const started = await call(env, 'POST', '/api/create-payment', {
    cookie: guest.cookie,
    json: { amount: 1, currency: 'usd', isMinimumSpend: false, metadata: { booking_id: b.id } },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const pi = stand.succeed(started.body.paymentId);
  await twentyTimes(event('payment_intent.succeeded', pi));
  return { booking: b, pi };
}

describe('stripe connect onboarding', () => {
  it('a host starts Stripe-hosted onboarding: one account however many clicks, a fresh link each time', async () => {
    expect((await statusOf('host')).body).toMatchObject({ status: 'not_connected', payouts_enabled: false });
    const answers = await Promise.all(Array.from({ length: 5 }, () => onboard('host')));
    for (const r of answers) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const account = await accountOf(a.host.profile.id);
    expect(account.stripe_account_id).toMatch(/^acct_/);
    expect(stand.accounts.size).toBe(1);
    expect(stand.creates('/v1/accounts')[0]!.params).toMatchObject({
      type: 'express',
      email: a.host.profile.email,
      'capabilities[transfers][requested]': 'true',
    });
    for (const r of answers) expect(r.body.url).toContain(`/setup/e/${account.stripe_account_id}/`);
    const link = stand.creates('/v1/account_links').at(-1)!;
    expect(link.params).toMatchObject({ account: account.stripe_account_id, type: 'account_onboarding' });
    expect(link.params.return_url).toMatch(/\/host-dashboard\?tab=earnings&stripe=return$/);
    expect(link.params.refresh_url).toMatch(/stripe=refresh$/);
    expect((await statusOf('host')).body).toMatchObject({
      status: 'needs_details',
      message: expect.stringContaining('Stripe needs more details'),
    });
    // Only hosts: a guest or the admin is refused, nothing created.
    for (const who of [a.guest, a.admin]) {
      const res = await call(env, 'POST', '/api/host/stripe-connect/onboarding', { cookie: who.cookie });
      expect(res.status).toBe(403);
    }
    expect(stand.accounts.size).toBe(1);
  });

  it('account.updated delivered 20 times is applied once; an older event changes nothing', async () => {
    const { stripe_account_id: acct } = await accountOf(a.host.profile.id);
    const enabled = event('account.updated', stand.enablePayouts(acct));
    expect((await deliver(enabled)).status).toBe(200);
    const first = await accountOf(a.host.profile.id);
    expect(first).toMatchObject({ payouts_enabled: true, details_submitted: true });
    await twentyTimes(enabled);
    expect(await accountOf(a.host.profile.id)).toEqual(first);
    // Stripe does not promise order: a late event from before onboarding finished is ignored.
    const stale = event(
      'account.updated',
      { ...stand.accounts.get(acct), payouts_enabled: false },
      created - 100,
    );
    await twentyTimes(stale);
    expect(await accountOf(a.host.profile.id)).toEqual(first);
    expect((await statusOf('host')).body).toMatchObject({ status: 'payouts_enabled', payouts_enabled: true });
    expect((await earningOf('host', 'none')).body.stripe_connect).toMatchObject({
      status: 'payouts_enabled',
    });
    // Signed with neither secret: refused, nothing changed.
    const forged = event(
      'account.updated',
      { ...stand.accounts.get(acct), payouts_enabled: false },
      created + 100,
    );
    forged.header = signer.webhooks.generateTestHeaderString({
      payload: forged.payload,
      secret: 'whsec_forged',
    });
    expect((await deliver(forged)).status).toBe(400);
    expect(await accountOf(a.host.profile.id)).toEqual(first);
    // An account Velvet does not know: accepted and ignored.
    expect(
      (await deliver(event('account.updated', { id: 'acct_unknown', payouts_enabled: true }))).status,
    ).toBe(200);
  });
});

describe('stripe connect money', () => {
  it('the charge carries the transfer group and the application fee; the transfer comes after the hold window, once', async () => {
    const { booking, pi } = await paidHourly(hourly);
    const charge = stand
      .creates('/v1/payment_intents')
      .find((r) => r.params['metadata[booking_id]'] === booking.id)!;
    expect(charge.params).toMatchObject({
      amount: '30000',
      transfer_group: `booking_${booking.id}`,
      'metadata[application_fee_cents]': '3000',
    });
    // The event delivered 20 times posted the payment once.
    expect((await earningOf('host', booking.id)).row).toMatchObject({
      gross_cents: 30000,
      fee_cents: 3000,
      net_cents: 27000,
      status: 'pending',
    });
    await ledgerBalanced();

    // A day after the event: still held.
    expect((await runner().tick(new Date(booking.ends_at.getTime() + DAY))).transferred).toBe(0);
    expect(standTransfersOf(booking.id)).toHaveLength(0);

    // After the hold window, two runners at once: one transfer.
    const after = new Date(booking.ends_at.getTime() + 2 * DAY + 60_000);
    const runs = await Promise.all([runner().tick(after), runner().tick(after), runner().tick(after)]);
    expect(runs.reduce((sum, r) => sum + r.transferred, 0)).toBe(1);
    const sent = standTransfersOf(booking.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      amount: 27000,
      currency: 'usd',
      destination: (await accountOf(a.host.profile.id)).stripe_account_id,
      transfer_group: `booking_${booking.id}`,
    });
    // The platform keeps exactly the application fee of the charge.
    expect(pi.amount - sent[0]!.amount).toBe(3000);
    expect(await transfersOf(booking.id)).toMatchObject([
      { stripe_transfer_id: sent[0]!.id, amount_cents: 27000 },
    ]);
    env.clock.now = after;
    try {
      const { row, body } = await earningOf('host', booking.id);
      expect(row).toMatchObject({ status: 'paid_out', paid_out_cents: 27000, due_cents: 0 });
      expect(body.payouts[0]).toMatchObject({ amount_cents: 27000, bank_reference: sent[0]!.id });
      await ledgerBalanced();
      // Later runs find nothing due.
      expect(await runner().tick(after)).toMatchObject({ transferred: 0, reversed: 0 });
    } finally {
      freezeClock(env);
    }
  });

  it('a host not yet onboarded receives no transfer: the balance stays available and the host is told why', async () => {
    const { booking } = await paidHourly(otherVenue);
    const after = new Date(booking.ends_at.getTime() + 3 * DAY);
    await runner().tick(after);
    expect(standTransfersOf(booking.id)).toHaveLength(0);
    expect((await statusOf('otherHost')).body).toMatchObject({
      status: 'not_connected',
      message: 'Connect a Stripe account to receive your payouts.',
    });
    // Onboarding started but not finished: still nothing.
    expect((await onboard('otherHost')).status).toBe(200);
    await runner().tick(after);
    expect(standTransfersOf(booking.id)).toHaveLength(0);
    env.clock.now = after;
    try {
      const { row, body } = await earningOf('otherHost', booking.id);
      expect(row).toMatchObject({ status: 'available', due_cents: 27000 });
      expect(body.stripe_connect).toMatchObject({ status: 'needs_details', payouts_enabled: false });
    } finally {
      freezeClock(env);
    }
    // Once Stripe enables the account, the next run transfers it.
    const { stripe_account_id: acct } = await accountOf(a.otherHost.profile.id);
    await twentyTimes(event('account.updated', stand.enablePayouts(acct)));
    await runner().tick(after);
    expect(standTransfersOf(booking.id)).toMatchObject([{ amount: 27000, destination: acct }]);
  });

  it('a refund after the transfer reverses it in proportion; the ledger balances', async () => {
    // A minimum-spend night: card on file, $100 and $50 charged after it, transferred after the
    // hold; the guest disputes the $50 charge and the admin refunds it.
    const booking = await confirmedBooking(env, minSpend, a.guest, {
      date: aheadDate(),
      total_price: 500,
      platform_fee_bps: 1000,
    });
    const started = await call(env, 'POST', '/api/create-payment', {
      cookie: a.guest.cookie,
      json: { amount: 1, currency: 'usd', isMinimumSpend: true, metadata: { booking_id: booking.id } },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    await twentyTimes(event('setup_intent.succeeded', stand.succeed(started.body.paymentId)));
    env.clock.now = new Date(booking.ends_at.getTime() + 3_600_000);
    const charge = async (amount: number) => {
      const res = await call(env, 'POST', '/api/charge-additional', {
        cookie: a.host.cookie,
        json: { amount, reason: 'damages', description: 'Broken glass', bookingId: booking.id },
      });
      expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true });
      return res.body.charge.id as string;
    };
    await charge(100);
    const second = await charge(50);
    expect(stand.creates('/v1/payment_intents').at(-1)!.params).toMatchObject({
      transfer_group: `booking_${booking.id}`,
    });
    const disputed = await call(env, 'POST', `/api/charges/${second}/dispute`, {
      cookie: a.guest.cookie,
      json: { reason: 'Nothing was broken.' },
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(201);

    const after = new Date(booking.ends_at.getTime() + 2 * DAY + 3_600_000);
    env.clock.now = after;
    try {
      await runner().tick(after);
      const [transfer] = standTransfersOf(booking.id);
      expect(transfer).toMatchObject({ amount: 13500 }); // $150 less the 10 % fee
      const refunded = await call(env, 'POST', `/api/admin/disputes/${disputed.body.id}/decide`, {
        cookie: a.admin.cookie,
        json: { decision: 'refund' },
      });
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
      // Before the run the host owes back what the refund took off their net.
      expect((await earningOf('host', booking.id)).row).toMatchObject({ net_cents: 9000, due_cents: -4500 });
      await Promise.all([runner().tick(after), runner().tick(after)]);
      // $50 of $150 refunded: a third of the $135 transfer comes back.
      expect(transfer!.reversals).toHaveLength(1);
      expect(transfer!.reversals[0]).toMatchObject({ amount: (13500 * 5000) / 15000 });
      expect(transfer!.amount_reversed).toBe(4500);
      expect((await transfersOf(booking.id))[0]).toMatchObject({ amount_cents: 13500, reversed_cents: 4500 });
      const { row, body } = await earningOf('host', booking.id);
      expect(row).toMatchObject({ status: 'paid_out', paid_out_cents: 9000, due_cents: 0 });
      expect(body.payouts[0]).toMatchObject({
        amount_cents: -4500,
        bank_reference: transfer!.reversals[0].id,
      });
      await ledgerBalanced();
      expect(await runner().tick(after)).toMatchObject({ transferred: 0, reversed: 0 });
    } finally {
      freezeClock(env);
    }
  });

  it('charge.refunded delivered 20 times settles a pending refund once', async () => {
    // A cancelled booking before its event, refunded by Stripe later: nothing was transferred yet.
    const { booking, pi } = await paidHourly(hourly);
    stand.refundStatus = 'pending';
    try {
      const res = await call(env, 'POST', `/api/bookings/${booking.id}/cancel`, { cookie: a.host.cookie });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    } finally {
      stand.refundStatus = 'succeeded';
    }
    await twentyTimes(event('charge.refunded', { id: 'ch_test', object: 'charge', payment_intent: pi.id }));
    expect((await earningOf('host', booking.id)).row).toMatchObject({ refunds_cents: 30000, net_cents: 0 });
    await ledgerBalanced();
    await runner().tick(new Date(booking.ends_at.getTime() + 3 * DAY));
    expect(standTransfersOf(booking.id)).toHaveLength(0);
  });
});

describe('with the built-in processor', () => {
  it('there is no Stripe account to connect: 409 with the reason', async () => {
    const local = await createTestEnv({});
    try {
      const host = (await createAccounts(local)).host;
      for (const [method, path] of [
        ['GET', '/api/host/stripe-connect'],
        ['POST', '/api/host/stripe-connect/onboarding'],
      ] as const) {
        const res = await call(local, method, path, { cookie: host.cookie });
        expect(res.status).toBe(409);
        expect(res.body.error).toMatchObject({ code: 'STRIPE_CONNECT_OFF' });
      }
      const earnings = await call(local, 'GET', '/api/host/earnings', { cookie: host.cookie });
      expect(earnings.body.stripe_connect).toBeNull();
      expect(await new StripeTransfersWorker(local.ctx).tick()).toEqual({
        transferred: 0,
        reversed: 0,
        skipped: 0,
      });
    } finally {
      await local.close();
    }
  });
});
