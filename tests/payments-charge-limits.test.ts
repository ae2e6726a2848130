/**
 * Fair additional charges (issue 30): only within ADDITIONAL_CHARGE_DAYS (default 3) after the
 * event's end, and all of a booking's charges together at most ADDITIONAL_CHARGE_MAX_PERCENT
 * (default 100) of its total — 400 with a message past either, nothing charged. The booking view
 * tells the host until when and how much is left.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { confirmedBooking, pay, paymentsOf } from './support/payments-fixtures';
import { createAccounts, freezeClock, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let minSpend: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
});
afterAll(async () => {
  await env.close();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function cardOnFile(total = 500) {
  const b = await confirmedBooking(env, minSpend, a.guest, { total_price: total });
  await pay(env, a.guest, b.id);
  return b;
}

const charge = (bookingId: string, amount: number) =>
  call(env, 'POST', '/api/charge-additional', {
    cookie: a.host.cookie,
    json: {
      paymentIntentId: 'x',
      amount,
      reason: 'damages',
      description: 'Broken glass',
      bookingId,
      venueId: minSpend.id,
      userId: a.guest.profile.id,
    },
  });

const charges = async (bookingId: string) =>
  (await paymentsOf(env, bookingId)).filter((p) => p.kind === 'additional_charge');

describe('the window after the event', () => {
  it('open until 3 days after the end; a minute later 400, nothing charged', async () => {
    const b = await cardOnFile();
    try {
      env.clock.now = new Date(b.ends_at.getTime() + 3 * DAY - 60_000);
      const view = await call(env, 'GET', `/api/bookings/${b.id}`, { cookie: a.host.cookie });
      expect(view.body.additional_charge_until).toBe(new Date(b.ends_at.getTime() + 3 * DAY).toISOString());
      expect(view.body.additional_charge_left_cents).toBe(50000);
      expect((await charge(b.id, 20)).status).toBe(200);

      env.clock.now = new Date(b.ends_at.getTime() + 3 * DAY + 60_000);
      const late = await charge(b.id, 20);
      expect(late.status).toBe(400);
      expect(late.body.error.message).toBe(
        'Additional charges can be made only within 3 days after the event; the window for this booking has closed.',
      );
      expect(await charges(b.id)).toHaveLength(1);
    } finally {
      freezeClock(env);
    }
  });

  it('13 days after the event: 400 (the probe’s late charge)', async () => {
    const b = await cardOnFile();
    try {
      env.clock.now = new Date(b.ends_at.getTime() + 13 * DAY);
      expect((await charge(b.id, 10)).status).toBe(400);
      expect(await charges(b.id)).toHaveLength(0);
    } finally {
      freezeClock(env);
    }
  });
});

describe('the cap', () => {
  it('all charges together at most 100% of the total: $1,000,000 on a $500 booking is 400; the rest up to $500 passes', async () => {
    const b = await cardOnFile(500);
    try {
      env.clock.now = new Date(b.ends_at.getTime() + HOUR);
      const huge = await charge(b.id, 1_000_000);
      expect(huge.status).toBe(400);
      expect(huge.body.error).toMatchObject({
        field: 'amount',
        message:
          'Additional charges on a booking may add up to at most $500.00 (100% of its total); $500.00 is left.',
      });
      expect(await charges(b.id)).toHaveLength(0);
      expect((await charge(b.id, 300)).status).toBe(200);
      const over = await charge(b.id, 200.01);
      expect(over.status).toBe(400);
      expect(over.body.error.message).toContain('$200.00 is left');
      expect((await charge(b.id, 200)).status).toBe(200);
      expect((await charge(b.id, 0.01)).status).toBe(400);
      const view = await call(env, 'GET', `/api/bookings/${b.id}`, { cookie: a.host.cookie });
      expect(view.body.additional_charge_left_cents).toBe(0);
      expect((await charges(b.id)).map((c) => c.amount_cents)).toEqual([30000, 20000]);
    } finally {
      freezeClock(env);
    }
  });
});

describe('configured', () => {
  it('ADDITIONAL_CHARGE_DAYS=1 and ADDITIONAL_CHARGE_MAX_PERCENT=20: a day, and $100 on a $500 booking', async () => {
    const strict = await createTestEnv({ ADDITIONAL_CHARGE_DAYS: '1', ADDITIONAL_CHARGE_MAX_PERCENT: '20' });
    try {
      freezeClock(strict);
      const s = await createAccounts(strict);
      const venue = await insertVenue(strict, s.host, { pricing_type: 'minimum_spend', base_price: 500 });
      const b = await confirmedBooking(strict, venue, s.guest, { total_price: 500 });
      await pay(strict, s.guest, b.id);
      const post = (amount: number) =>
        call(strict, 'POST', '/api/charge-additional', {
          cookie: s.host.cookie,
          json: {
            paymentIntentId: 'x',
            amount,
            reason: 'damages',
            description: '',
            bookingId: b.id,
            venueId: venue.id,
            userId: s.guest.profile.id,
          },
        });
      strict.clock.now = new Date(b.ends_at.getTime() + HOUR);
      const over = await post(100.01);
      expect(over.status).toBe(400);
      expect(over.body.error.message).toBe(
        'Additional charges on a booking may add up to at most $100.00 (20% of its total); $100.00 is left.',
      );
      expect((await post(100)).status).toBe(200);
      strict.clock.now = new Date(b.ends_at.getTime() + DAY + 60_000);
      expect((await post(0.01)).body.error.message).toBe(
        'Additional charges can be made only within 1 day after the event; the window for this booking has closed.',
      );
    } finally {
      await strict.close();
    }
  });
});
