/**
 * The ledger (issue 29, decision 83): each movement of money — a payment, an additional charge,
 * a refund (cancellation, dispute), a payout — is posted as balanced entries in the transaction
 * that moved it; the database refuses a posting that does not sum to zero, a succeeded money row
 * without its posting, and any UPDATE, DELETE or TRUNCATE of an entry; the admin's money report
 * checks the ledger and raises the alarm when a host's payable is not their earnings; a refund
 * racing a payout of the same booking leaves it balanced. Both engines.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  ledgerEntries,
  payments,
  payoutItems,
  payouts,
  refunds,
  type Booking,
  type Venue,
} from '../src/server/db/schema';
import { call } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { createAccounts, freezeClock, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let hourly: Venue;
let minSpend: Venue;

beforeAll(async () => {
  env = await createTestEnv({
    PLATFORM_FEE_PERCENT: '10',
    PAYOUT_HOLD_DAYS: '2',
    ADDITIONAL_CHARGE_DAYS: '365',
  });
  a = await createAccounts(env);
  freezeClock(env);
  hourly = await insertVenue(env, a.host, { name: 'Ledger Hall', cancellation_policy: 'flexible' });
  minSpend = await insertVenue(env, a.host, {
    name: 'Ledger Lounge',
    pricing_type: 'minimum_spend',
    base_price: 500,
  });
});
afterAll(async () => {
  await env.close();
});

const DAY = 86_400_000;
const HOUR = 3_600_000;
const admin = (method: string, path: string, json?: unknown) =>
  call(env, method, path, { cookie: a.admin.cookie, json });

/** A date at least a week after the (only ever advancing) clock. */
let spread = 0;
const aheadDate = () => new Date(env.ctx.now().getTime() + (7 + spread++) * DAY).toISOString().slice(0, 10);

/** A confirmed booking of `venue` ahead of the clock, paid (hourly) or with its card on file (minimum spend). */
async function paidBooking(venue: Venue, total = 300): Promise<Booking> {
  const b = await confirmedBooking(env, venue, a.guest, {
    platform_fee_bps: 1000,
    total_price: total,
    date: aheadDate(),
  });
  await pay(env, a.guest, b.id);
  return b;
}

/** The clock moves past the booking's hold window (never back). */
function pastHold(b: Booking, extra = 0) {
  const at = new Date(b.ends_at.getTime() + 2 * DAY + extra);
  if (env.ctx.now() < at) env.clock.now = at;
}

/** The host charges `dollars` to the card on file an hour after the event; the charge's id. */
async function charged(b: Booking, dollars: number): Promise<string> {
  const after = new Date(b.ends_at.getTime() + HOUR);
  if (env.ctx.now() < after) env.clock.now = after;
  const res = await call(env, 'POST', '/api/charge-additional', {
    cookie: a.host.cookie,
    json: {
      amount: dollars,
      reason: 'damages',
      description: 'A broken speaker',
      bookingId: b.id,
      venueId: minSpend.id,
      userId: a.guest.profile.id,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.charge.id as string;
}

/** The guest disputes the charge; the dispute's id. */
async function disputed(chargeId: string): Promise<string> {
  const res = await call(env, 'POST', `/api/charges/${chargeId}/dispute`, {
    cookie: a.guest.cookie,
    json: { reason: 'The speaker was broken when we arrived.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

const refundDispute = (id: string) =>
  admin('POST', `/api/admin/disputes/${id}/decide`, { decision: 'refund' });
const recordPayout = (reference: string) =>
  admin('POST', '/api/admin/payouts', { host_id: a.host.profile.id, bank_reference: reference });

const entries = (where: ReturnType<typeof eq>) =>
  env.ctx.db.select().from(ledgerEntries).where(where).orderBy(ledgerEntries.account);
const amounts = (rows: Array<{ account: string; amount_cents: number }>) =>
  Object.fromEntries(rows.map((r) => [r.account, r.amount_cents]));

async function one(query: ReturnType<typeof sql>): Promise<number> {
  const res = (await env.ctx.db.execute(query)) as unknown as { rows: Array<{ n: unknown }> };
  return Number(res.rows[0]?.n ?? 0);
}
const ledgerTotal = () => one(sql`select coalesce(sum(amount_cents), 0) as n from ledger_entries`);
const entryCount = () => one(sql`select count(*) as n from ledger_entries`);
const bookingPayable = (bookingId: string) =>
  one(sql`select coalesce(sum(amount_cents), 0) as n from ledger_entries
    where account = 'host_payable' and booking_id = ${bookingId}`);

const report = async () => {
  const res = await admin('GET', '/api/admin/money');
  expect(res.status).toBe(200);
  return res.body.reconciliation;
};

/** The SQLSTATE and the messages along a database error's cause chain. */
async function refusal(work: () => Promise<unknown>): Promise<{ code: string; text: string }> {
  try {
    await work();
  } catch (err) {
    let e: unknown = err;
    let code = '';
    const text: string[] = [];
    for (let depth = 0; e && depth < 5; depth++) {
      const { code: c, message, cause } = e as { code?: unknown; message?: unknown; cause?: unknown };
      if (!code && typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c)) code = c;
      if (typeof message === 'string') text.push(message);
      e = cause;
    }
    return { code, text: text.join(' | ') };
  }
  throw new Error('the database accepted it');
}

describe('each movement of money is posted, balanced, with the record that caused it', () => {
  it('a payment: the guest’s money to the platform fee at the booking’s rate and the host’s payable', async () => {
    const b = await paidBooking(hourly, 300);
    const [payment] = await env.ctx.db.select().from(payments).where(eq(payments.booking_id, b.id));
    const rows = await entries(eq(ledgerEntries.payment_id, payment!.id));
    expect(amounts(rows)).toEqual({ guest_funds: -30_000, platform_fees: 3000, host_payable: 27_000 });
    expect(new Set(rows.map((r) => r.posting_id)).size).toBe(1);
    expect(rows.every((r) => r.kind === 'payment' && r.booking_id === b.id)).toBe(true);
    expect(rows.find((r) => r.account === 'host_payable')!.host_id).toBe(a.host.profile.id);
  });

  it('a card on file moves no money and posts nothing; a cancellation’s refund posts the payment’s reverse', async () => {
    const card = await paidBooking(minSpend, 500);
    expect(await entries(eq(ledgerEntries.booking_id, card.id))).toEqual([]);

    const b = await paidBooking(hourly, 300);
    const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.guest.cookie, json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refund).toEqual({ amount_cents: 30_000, status: 'succeeded' });
    const [refund] = await env.ctx.db.select().from(refunds).where(eq(refunds.booking_id, b.id));
    const rows = await entries(eq(ledgerEntries.refund_id, refund!.id));
    expect(amounts(rows)).toEqual({ guest_funds: 30_000, platform_fees: -3000, host_payable: -27_000 });
    expect(rows.every((r) => r.kind === 'refund')).toBe(true);
    expect(await bookingPayable(b.id)).toBe(0);
  });

  it('an additional charge at the booking’s rate, its dispute refund, and the payouts before and after', async () => {
    const b = await paidBooking(minSpend, 500);
    const chargeId = await charged(b, 45.5);
    expect(amounts(await entries(eq(ledgerEntries.payment_id, chargeId)))).toEqual({
      guest_funds: -4550,
      platform_fees: 455,
      host_payable: 4095,
    });
    pastHold(b, HOUR);
    const paid = await recordPayout('LEDGER-1');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    const payoutRows = await entries(eq(ledgerEntries.payout_id, paid.body.id));
    expect(payoutRows.find((r) => r.account === 'payouts')).toMatchObject({
      amount_cents: paid.body.amount_cents,
      host_id: a.host.profile.id,
      booking_id: null,
      kind: 'payout',
    });
    const items = await env.ctx.db.select().from(payoutItems).where(eq(payoutItems.payout_id, paid.body.id));
    for (const item of items) {
      expect(
        payoutRows.find((r) => r.account === 'host_payable' && r.booking_id === item.booking_id),
      ).toMatchObject({ amount_cents: -item.amount_cents });
    }
    expect(await bookingPayable(b.id)).toBe(0);

    // Refunded after it was paid out: the host's payable of the booking goes below zero.
    const refunded = await refundDispute(await disputed(chargeId));
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
    const [refund] = await env.ctx.db.select().from(refunds).where(eq(refunds.payment_id, chargeId));
    expect(amounts(await entries(eq(ledgerEntries.refund_id, refund!.id)))).toEqual({
      guest_funds: 4550,
      platform_fees: -455,
      host_payable: -4095,
    });
    expect(await bookingPayable(b.id)).toBe(-4095);
    expect(await ledgerTotal()).toBe(0);
  });
});

describe('the database keeps the ledger', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of an entry', async () => {
    const before = await entryCount();
    expect(before).toBeGreaterThan(0);
    for (const work of [
      () => env.ctx.db.update(ledgerEntries).set({ amount_cents: 1 }),
      () => env.ctx.db.delete(ledgerEntries),
      () => env.ctx.db.execute(sql`truncate ledger_entries`),
    ]) {
      const { code, text } = await refusal(work);
      expect(code).toBe('42501');
      expect(text).toContain('ledger_entries is append-only');
    }
    expect(await entryCount()).toBe(before);
    expect(await ledgerTotal()).toBe(0);
  });

  it('refuses at commit a posting that does not sum to zero, and writes nothing of it', async () => {
    const before = await entryCount();
    const [payout] = await env.ctx.db.select().from(payouts).limit(1);
    const [item] = await env.ctx.db.select().from(payoutItems).where(eq(payoutItems.payout_id, payout!.id));
    const posting_id = randomUUID();
    const { code, text } = await refusal(() =>
      env.ctx.db.transaction(async (tx) => {
        await tx.insert(ledgerEntries).values([
          {
            posting_id,
            kind: 'payout_reversal',
            account: 'payouts',
            payout_id: payout!.id,
            amount_cents: -100,
          },
          {
            posting_id,
            kind: 'payout_reversal',
            account: 'host_payable',
            payout_id: payout!.id,
            host_id: payout!.host_id,
            booking_id: item!.booking_id,
            amount_cents: 99,
          },
        ]);
      }),
    );
    expect(code).toBe('23000');
    expect(text).toContain('does not balance: its entries sum to -1 cents');
    expect(await entryCount()).toBe(before);
  });

  it('refuses at commit a succeeded payment, refund or payout written without its posting', async () => {
    const b = await paidBooking(hourly, 300);
    const [payment] = await env.ctx.db.select().from(payments).where(eq(payments.booking_id, b.id));
    const counts = async () => ({
      payments: await one(sql`select count(*) as n from payments`),
      refunds: await one(sql`select count(*) as n from refunds`),
      payouts: await one(sql`select count(*) as n from payouts`),
      entries: await entryCount(),
    });
    const before = await counts();
    const key = () => `ledger-test-${randomUUID()}`;
    const attempts = [
      () =>
        env.ctx.db.insert(payments).values({
          booking_id: b.id,
          kind: 'additional_charge',
          provider: 'local',
          amount_cents: 1000,
          status: 'succeeded',
          idempotency_key: key(),
        }),
      () =>
        env.ctx.db.insert(refunds).values({
          payment_id: payment!.id,
          booking_id: b.id,
          amount_cents: 1000,
          status: 'succeeded',
          idempotency_key: key(),
        }),
      // A posting that balances, but of another amount than the refund's.
      () =>
        env.ctx.db.transaction(async (tx) => {
          const [refund] = await tx
            .insert(refunds)
            .values({
              payment_id: payment!.id,
              booking_id: b.id,
              amount_cents: 1000,
              status: 'succeeded',
              idempotency_key: key(),
            })
            .returning();
          const posting_id = randomUUID();
          await tx.insert(ledgerEntries).values([
            {
              posting_id,
              kind: 'refund',
              account: 'guest_funds',
              refund_id: refund!.id,
              booking_id: b.id,
              amount_cents: 500,
            },
            {
              posting_id,
              kind: 'refund',
              account: 'host_payable',
              refund_id: refund!.id,
              booking_id: b.id,
              host_id: a.host.profile.id,
              amount_cents: -500,
            },
          ]);
        }),
      () =>
        env.ctx.db.transaction(async (tx) => {
          const [payout] = await tx
            .insert(payouts)
            .values({ host_id: a.host.profile.id, amount_cents: 100, bank_reference: 'NO-POSTING' })
            .returning();
          await tx.insert(payoutItems).values({ payout_id: payout!.id, booking_id: b.id, amount_cents: 100 });
        }),
    ];
    for (const work of attempts) {
      const { code, text } = await refusal(work);
      expect(code).toBe('23000');
      expect(text).toMatch(
        /(payments|refunds|payouts|payout_items) row of \d+ cents has no ledger posting of it/,
      );
    }
    expect(await counts()).toEqual(before);
  });

  it('a venue whose bookings took money cannot be deleted (409): its records stay', async () => {
    const venue = await insertVenue(env, a.host, { name: 'Kept Hall' });
    const b = await paidBooking(venue, 300);
    const res = await admin('DELETE', `/api/venues/${venue.id}`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.message).toBe(
      'This venue has bookings that took money; their records are kept in the ledger, so it cannot be deleted.',
    );
    expect(await env.ctx.db.select().from(bookings).where(eq(bookings.id, b.id))).toHaveLength(1);
  });
});

describe('the money report checks the ledger', () => {
  it('the ledger’s accounts are the reconciliation’s figures, to the cent', async () => {
    const r = await report();
    expect(r).toMatchObject({ balanced: true, difference_cents: 0 });
    expect(r.ledger).toEqual({
      total_cents: 0,
      guest_funds_cents: -(r.captured_cents - r.refunded_cents),
      platform_fees_cents: r.fees_cents,
      host_payable_cents: r.host_balances_cents,
      payouts_cents: r.paid_out_cents,
      host_mismatches: [],
      balanced: true,
    });
  });

  it('raises the alarm, naming the host, when their payable in the ledger is not what their earnings say', async () => {
    // A booking's rate changed behind the ledger's back: the derived figures still agree with
    // each other, the ledger does not.
    const b = await paidBooking(hourly, 300);
    await env.ctx.db.update(bookings).set({ platform_fee_bps: 2000 }).where(eq(bookings.id, b.id));
    try {
      const r = await report();
      expect(r.balanced).toBe(true);
      expect(r.ledger.balanced).toBe(false);
      expect(r.ledger.total_cents).toBe(0);
      expect(r.ledger.host_mismatches).toEqual([
        {
          host_id: a.host.profile.id,
          host_name: a.host.profile.full_name,
          ledger_cents: r.ledger.host_payable_cents,
          derived_cents: r.ledger.host_payable_cents - 3000,
        },
      ]);
    } finally {
      await env.ctx.db.update(bookings).set({ platform_fee_bps: 1000 }).where(eq(bookings.id, b.id));
    }
    expect((await report()).ledger.balanced).toBe(true);
  });
});

describe('concurrency', () => {
  it('a refund racing a payout of the same booking leaves the ledger balanced, to the cent', async () => {
    for (let round = 0; round < 4; round++) {
      // Available money to pay either way, and a charge the payout would include, disputed.
      const other = await paidBooking(hourly, 200 + round);
      const b = await paidBooking(minSpend, 500);
      const chargeId = await charged(b, 60 + round);
      pastHold(other);
      pastHold(b, HOUR);
      const dispute = await disputed(chargeId);

      const [paid, refunded] = await Promise.all([recordPayout(`RACE-${round}`), refundDispute(dispute)]);
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

      expect(await ledgerTotal()).toBe(0);
      const earnings = await call(env, 'GET', '/api/host/earnings', { cookie: a.host.cookie });
      for (const id of [b.id, other.id]) {
        const row = earnings.body.rows.find((r: { booking_id: string }) => r.booking_id === id);
        expect(await bookingPayable(id)).toBe(row.due_cents);
      }
      const r = await report();
      expect(r).toMatchObject({ balanced: true, difference_cents: 0 });
      expect(r.ledger).toMatchObject({ total_cents: 0, host_mismatches: [], balanced: true });
    }
  });
});
