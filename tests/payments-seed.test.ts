/** The demo data shows every payment state on first start (decision record 13). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, payments, refunds, venues } from '../src/server/db/schema';
import { seedDemo } from '../src/server/seed';
import { DEMO_PASSWORD } from '../src/server/seed/accounts';
import { TimedTransitionsWorker } from '../src/server/jobs/timed-transitions';
import { createTestEnv, type TestEnv } from './support/env';
import { call, cookieFrom } from './support/client';
import { canReportAdditionalCharge } from '../src/domain/charges';
import { todayInZone } from '../src/domain/availability';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  expect(await seedDemo(env.ctx)).not.toBeNull();
}, 180_000);
afterAll(async () => {
  await env.close();
});

describe('demo payments', () => {
  it('paid, card on file, charged, refunded, expired and released bookings exist, consistently recorded', async () => {
    const rows = await env.ctx.db.select().from(bookings).innerJoin(venues, eq(venues.id, bookings.venue_id));
    const pays = await env.ctx.db.select().from(payments);
    const refs = await env.ctx.db.select().from(refunds);
    const has = (pred: (r: (typeof rows)[number]) => boolean) => rows.some(pred);
    const paidHourly = (r: (typeof rows)[number]) =>
      r.venues.pricing_type === 'hourly_rate' &&
      r.bookings.status === 'confirmed' &&
      !!r.bookings.payment_intent_id;
    expect(has(paidHourly)).toBe(true);
    expect(
      has(
        (r) =>
          r.venues.pricing_type === 'minimum_spend' &&
          r.bookings.status === 'confirmed' &&
          !!r.bookings.payment_intent_id,
      ),
    ).toBe(true);
    expect(pays.some((p) => p.kind === 'additional_charge' && p.status === 'succeeded')).toBe(true);
    // A demo charge's "Bar tab came to $X of the $Y minimum" adds up for its own night.
    const tabs = pays.filter((p) => p.description?.startsWith('Bar tab came to'));
    expect(tabs.length).toBeGreaterThan(0);
    const dollars = (text: string) => Number(text.replace(/[$,]/g, ''));
    for (const tab of tabs) {
      const [, spent, minimum] = /^Bar tab came to (\S+) of the (\S+) minimum\.$/.exec(tab.description!)!;
      const night = rows.find((r) => r.bookings.id === tab.booking_id)!;
      expect(dollars(minimum!)).toBe(Number(night.bookings.total_price));
      expect(Math.round((dollars(minimum!) - dollars(spent!)) * 100)).toBe(tab.amount_cents);
    }
    expect(refs.length).toBeGreaterThan(0);
    expect(
      has((r) => r.bookings.cancelled_by === 'system' && r.bookings.cancellation_reason === 'expired'),
    ).toBe(true);
    expect(
      has(
        (r) =>
          r.bookings.cancelled_by === 'system' && r.bookings.cancellation_reason === 'payment_not_received',
      ),
    ).toBe(true);
    // Every booking marked paid has the succeeded payment that decided it.
    for (const r of rows.filter((x) => x.bookings.payment_intent_id)) {
      expect(
        pays.some((p) => p.provider_id === r.bookings.payment_intent_id && p.status === 'succeeded'),
      ).toBe(true);
    }
    // Every policy is on show.
    expect(new Set(rows.map((r) => r.venues.cancellation_policy))).toEqual(
      new Set(['flexible', 'moderate', 'strict']),
    );
    // Pending demo requests do not expire the moment the server starts.
    const result = await new TimedTransitionsWorker(env.ctx).tick(env.ctx.now());
    expect(result.expired).toBe(0);
  });

  it('the demo guest sees the paid money in Total Spent and the payment states on the cards', async () => {
    const signIn = await call(env, 'POST', '/api/accounts/sign-in', {
      json: { email: 'jamie@velvet.test', password: DEMO_PASSWORD, portal: 'user' },
    });
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const cookie = cookieFrom(signIn.headers);
    const stats = await call(env, 'GET', '/api/me/bookings/stats', { cookie });
    expect(stats.body.total_spent_cents).toBeGreaterThan(0);
    const list = await call(env, 'GET', '/api/me/bookings', { cookie });
    const states = new Set(list.body.bookings.map((b: { payment_status: string }) => b.payment_status));
    expect(states.has('paid') || states.has('card_on_file')).toBe(true);
  });

  it('every demo booking that offers Report Additional Charge can be charged (issue 31)', async () => {
    let offered = 0;
    for (const email of ['marcus@velvet.test', 'sofia@velvet.test']) {
      const signIn = await call(env, 'POST', '/api/accounts/sign-in', {
        json: { email, password: DEMO_PASSWORD, portal: 'host' },
      });
      // No two-factor step: both demo hosts have charged a guest before (decision 76).
      expect(signIn.body.two_factor_required).toBeFalsy();
      const cookie = cookieFrom(signIn.headers);
      // Every page of the host's inbox (decision 77).
      const all: any[] = [];
      for (let page = 1; ; page++) {
        const list = await call(env, 'GET', `/api/host/bookings?limit=100&page=${page}`, { cookie });
        all.push(...list.body.bookings);
        if (all.length >= list.body.total) break;
      }
      for (const b of all) {
        const today = todayInZone(b.venue.time_zone, env.ctx.now());
        if (!canReportAdditionalCharge(b, b.venue.pricing_type, today, env.ctx.now())) continue;
        offered++;
        const res = await call(env, 'POST', '/api/charge-additional', {
          cookie,
          json: {
            paymentIntentId: b.payment_intent_id,
            amount: 1,
            reason: 'minimum_spend_not_met',
            description: '',
            bookingId: b.id,
            venueId: b.venue.id,
            userId: b.user_id,
          },
        });
        expect(res.status, `${b.id}: ${JSON.stringify(res.body)}`).toBe(200);
        expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      }
    }
    expect(offered).toBeGreaterThan(0);
  });

  it('the demo hosts have pending, available and paid-out money, and the books balance (issue 29)', async () => {
    const signIn = async (email: string, portal: 'host' | 'user') =>
      cookieFrom(
        (
          await call(env, 'POST', '/api/accounts/sign-in', {
            json: { email, password: DEMO_PASSWORD, portal },
          })
        ).headers,
      );
    const marcus = await call(env, 'GET', '/api/host/earnings', {
      cookie: await signIn('marcus@velvet.test', 'host'),
    });
    const statuses = new Set(marcus.body.rows.map((r: { status: string }) => r.status));
    expect([...statuses].sort()).toEqual(['available', 'paid_out', 'pending']);
    expect(marcus.body.payouts).toHaveLength(1);
    expect(marcus.body.totals.available_cents).toBeGreaterThan(0);
    const admin = await signIn('admin@velvet.test', 'user');
    const payouts = await call(env, 'GET', '/api/admin/payouts', { cookie: admin });
    expect(
      payouts.body.balances.filter((b: { available_cents: number }) => b.available_cents > 0).length,
    ).toBe(2);
    const money = await call(env, 'GET', '/api/admin/money', { cookie: admin });
    expect(money.body.reconciliation).toMatchObject({ balanced: true, difference_cents: 0 });
    // The demo's money is in the ledger too (decision 83): paid, charged, refunded and paid out.
    expect(money.body.reconciliation.ledger).toMatchObject({
      total_cents: 0,
      host_mismatches: [],
      balanced: true,
    });
    expect(money.body.reconciliation.ledger.payouts_cents).toBe(money.body.reconciliation.paid_out_cents);
    expect(money.body.reconciliation.ledger.guest_funds_cents).toBe(
      -(money.body.reconciliation.captured_cents - money.body.reconciliation.refunded_cents),
    );
  });
});
