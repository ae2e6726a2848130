/**
 * Issue 29, payouts: the admin records a payout of a host's whole available balance with the
 * bank's reference; the host's available earnings become paid out atomically, the host is
 * emailed and sees it; two admins at once make one payout; money that moves after a payout
 * (a disputed charge refunded after it was paid out) carries into the next balance, and the
 * ledger balances throughout (decision 83); the admin sets the fee of new
 * bookings; the monthly report reconciles to the cent. Both engines.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  authUsers,
  profiles,
  bookings,
  emailOutbox,
  payoutItems,
  payouts,
  type Venue,
} from '../src/server/db/schema';
import { call } from './support/client';
import { openStream } from './support/sse';
import { createTestEnv, type TestEnv } from './support/env';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { createAccounts, createBooking, freezeClock, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv({ PLATFORM_FEE_PERCENT: '10', PAYOUT_HOLD_DAYS: '2' });
  a = await createAccounts(env);
  freezeClock(env);
  venue = await insertVenue(env, a.host, { name: 'Payout Hall', bank_account_number: '000987654321' });
});
afterAll(async () => {
  await env.close();
});

const admin = (method: string, path: string, json?: unknown) =>
  call(env, method, path, { cookie: a.admin.cookie, json });
const record = (hostId: string, bank_reference = 'ACH-0001') =>
  admin('POST', '/api/admin/payouts', { host_id: hostId, bank_reference });
const balanceOf = async (hostId: string) => {
  const res = await admin('GET', '/api/admin/payouts');
  expect(res.status).toBe(200);
  return res.body.balances.find((b: { host_id: string }) => b.host_id === hostId);
};
/** The report's reconciliation; the ledger's own check (decision 83) must pass with it. */
const reconciliation = async () => {
  const res = await admin('GET', '/api/admin/money');
  expect(res.status).toBe(200);
  expect(res.body.reconciliation.ledger).toMatchObject({
    total_cents: 0,
    host_mismatches: [],
    balanced: true,
  });
  return res.body.reconciliation;
};

/** A Friday at least a week after the (only ever advancing) clock: the tests move it past events. */
let spread = 0;
function aheadDate(): string {
  const day = new Date(env.ctx.now().getTime() + (7 + spread++) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

/** A confirmed, paid $300 booking of `v` ahead of the clock (fee 10 %: net $270). */
async function paidBooking(v: Venue = venue, total = 300) {
  const booking = await confirmedBooking(env, v, a.guest, {
    platform_fee_bps: 1000,
    total_price: total,
    date: aheadDate(),
  });
  await pay(env, a.guest, booking.id);
  return booking;
}

/** A paid booking whose event ended and whose hold window is over (the clock moves past it). */
async function availableBooking(v: Venue = venue, total = 300) {
  const booking = await paidBooking(v, total);
  const after = new Date(booking.ends_at.getTime() + 2 * 86_400_000);
  if (env.ctx.now() < after) env.clock.now = after;
  return booking;
}

describe('recording a payout', () => {
  it('pays the whole available balance: paid out for the host, the email, the audit entry, balanced books', async () => {
    const booking = await availableBooking();
    expect(await balanceOf(a.host.profile.id)).toMatchObject({
      host_name: a.host.profile.full_name,
      bank_account_last4: '4321',
      available_cents: 27_000,
      paid_out_cents: 0,
    });

    const res = await record(a.host.profile.id, 'ACH-2030-0001');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      host_id: a.host.profile.id,
      amount_cents: 27_000,
      bank_reference: 'ACH-2030-0001',
      bank_account_last4: '4321',
      bookings: 1,
    });

    const host = await call(env, 'GET', '/api/host/earnings', { cookie: a.host.cookie });
    const row = host.body.rows.find((r: { booking_id: string }) => r.booking_id === booking.id);
    expect(row).toMatchObject({ status: 'paid_out', paid_out_cents: 27_000, due_cents: 0 });
    expect(host.body.totals).toMatchObject({ available_cents: 0, paid_out_cents: 27_000 });
    expect(host.body.payouts[0]).toMatchObject({ amount_cents: 27_000, bank_reference: 'ACH-2030-0001' });

    const [mail] = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.template, 'payout_sent'))
      .orderBy(desc(emailOutbox.seq));
    expect(mail).toMatchObject({ to: a.host.email, subject: 'Velvet paid you $270.00' });
    expect(mail!.text).toContain('ACH-2030-0001');
    expect(mail!.text).toContain('/host-dashboard?tab=earnings');

    const [entry] = await env.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'payout.recorded'))
      .orderBy(desc(auditEvents.seq));
    expect(entry).toMatchObject({ actor_id: a.admin.profile.id, subject_id: res.body.id });

    expect(await reconciliation()).toMatchObject({ balanced: true, difference_cents: 0 });
  });

  it('a second payout with nothing available is refused and writes nothing', async () => {
    const before = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(payouts);
    const res = await record(a.host.profile.id, 'ACH-AGAIN');
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This host has no available balance to pay out.');
    const after = await env.ctx.db.select({ n: sql<number>`count(*)::int` }).from(payouts);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('does not pay what is still pending', async () => {
    const booking = await paidBooking();
    // Its event is ahead: pending, not part of any payout.
    expect((await record(a.host.profile.id)).status).toBe(409);
    const items = await env.ctx.db.select().from(payoutItems).where(eq(payoutItems.booking_id, booking.id));
    expect(items).toEqual([]);
    expect((await balanceOf(a.host.profile.id)).pending_cents).toBeGreaterThan(0);
  });

  it('an admin without two-factor sign-in is told to turn it on first (403), and nothing is paid', async () => {
    await availableBooking();
    const [me] = await env.ctx.db.select().from(profiles).where(eq(profiles.id, a.admin.profile.id));
    await env.ctx.db.update(authUsers).set({ twoFactorEnabled: false }).where(eq(authUsers.id, me!.user_id));
    try {
      const before = await balanceOf(a.host.profile.id);
      const res = await record(a.host.profile.id, 'ACH-NO-2FA');
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        'Turn on two-factor sign-in in your account settings before recording payouts.',
      );
      expect(await balanceOf(a.host.profile.id)).toEqual(before);
    } finally {
      await env.ctx.db.update(authUsers).set({ twoFactorEnabled: true }).where(eq(authUsers.id, me!.user_id));
    }
  });

  it('refuses bad input with a specific message', async () => {
    const blank = await admin('POST', '/api/admin/payouts', {
      host_id: a.host.profile.id,
      bank_reference: ' ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe("Enter the bank transfer's reference.");
    const control = await admin('POST', '/api/admin/payouts', {
      host_id: a.host.profile.id,
      bank_reference: 'ACH\u0000',
    });
    expect(control.status).toBe(400);
    const badId = await admin('POST', '/api/admin/payouts', { host_id: 'nope', bank_reference: 'X' });
    expect(badId.status).toBe(400);
    expect(badId.body.error.message).toBe('Choose the host to pay.');
    // A guest's id is no host: 404, as an unknown id.
    const guest = await record(a.guest.profile.id);
    expect(guest.status).toBe(404);
    expect(guest.body.error.message).toBe('Host not found.');
    expect((await record('00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('two admins recording the same payout at once make one payout', async () => {
    await availableBooking(venue);
    const { available_cents } = await balanceOf(a.host.profile.id);
    expect(available_cents).toBeGreaterThanOrEqual(27_000);
    const [one, two] = await Promise.all([
      record(a.host.profile.id, 'RACE-1'),
      record(a.host.profile.id, 'RACE-2'),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 409]);
    const made = await env.ctx.db
      .select()
      .from(payouts)
      .where(sql`${payouts.bank_reference} like 'RACE-%'`);
    expect(made).toHaveLength(1);
    expect(made[0]!.amount_cents).toBe(available_cents);
    expect((await balanceOf(a.host.profile.id)).available_cents).toBe(0);
    expect(await reconciliation()).toMatchObject({ balanced: true });
  });

  it('a refund racing a payout leaves the books balanced', async () => {
    await availableBooking(venue);
    // An upcoming paid booking the guest cancels (flexible policy: a refund) while the admin pays out.
    const upcoming = await paidBooking();
    const [paid, cancelled] = await Promise.all([
      record(a.host.profile.id, 'RACE-REFUND'),
      call(env, 'POST', `/api/bookings/${upcoming.id}/cancel`, { cookie: a.guest.cookie, json: {} }),
    ]);
    expect(paid.status).toBe(201);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(await reconciliation()).toMatchObject({ balanced: true, difference_cents: 0 });
  });

  it('a refund after a payout carries into the next balance, negative until new money covers it', async () => {
    // A minimum-spend night: its card on file, a $100 charge an hour after it ends, paid out
    // once the hold is over; then the guest disputes the charge and the admin refunds it.
    const minSpend = await insertVenue(env, a.host, { pricing_type: 'minimum_spend', base_price: 500 });
    const booking = await confirmedBooking(env, minSpend, a.guest, {
      platform_fee_bps: 1000,
      total_price: 500,
      date: aheadDate(),
    });
    await pay(env, a.guest, booking.id);
    env.clock.now = new Date(booking.ends_at.getTime() + 3_600_000);
    const charge = await call(env, 'POST', '/api/charge-additional', {
      cookie: a.host.cookie,
      json: {
        amount: 100,
        reason: 'damages',
        description: 'A broken speaker',
        bookingId: booking.id,
        venueId: minSpend.id,
        userId: a.guest.profile.id,
      },
    });
    expect(charge.status, JSON.stringify(charge.body)).toBe(200);
    env.clock.now = new Date(booking.ends_at.getTime() + 2 * 86_400_000 + 1_800_000);
    expect((await record(a.host.profile.id, 'ACH-BEFORE-LATE')).status).toBe(201);
    const disputed = await call(env, 'POST', `/api/charges/${charge.body.charge.id}/dispute`, {
      cookie: a.guest.cookie,
      json: { reason: 'The speaker was broken when we arrived.' },
    });
    expect(disputed.status, JSON.stringify(disputed.body)).toBe(201);
    const refunded = await admin('POST', `/api/admin/disputes/${disputed.body.id}/decide`, {
      decision: 'refund',
    });
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);

    const host = await call(env, 'GET', '/api/host/earnings', { cookie: a.host.cookie });
    const row = host.body.rows.find((r: { booking_id: string }) => r.booking_id === booking.id);
    // Net is now $0 (the charge refunded whole, its fee given back); $90 was paid: $90 comes off the next payout.
    expect(row).toMatchObject({
      status: 'available',
      charges_cents: 10_000,
      refunds_cents: 10_000,
      fee_cents: 0,
      net_cents: 0,
      paid_out_cents: 9000,
      due_cents: -9000,
    });
    expect(host.body.totals.available_cents).toBe(-9000);
    expect((await record(a.host.profile.id)).status).toBe(409);
    expect(await reconciliation()).toMatchObject({ balanced: true });

    // A new $300 booking: the next payout pays $270 − $90.
    await availableBooking(venue);
    const next = await record(a.host.profile.id, 'ACH-AFTER-LATE');
    expect(next.status).toBe(201);
    expect(next.body.amount_cents).toBe(18_000);
    const after = await call(env, 'GET', '/api/host/earnings', { cookie: a.host.cookie });
    expect(after.body.totals.available_cents).toBe(0);
    expect(
      after.body.rows.every((r: { status: string }) => r.status === 'paid_out' || r.status === 'pending'),
    ).toBe(true);
    expect(await reconciliation()).toMatchObject({ balanced: true });
  });

  it('another host’s money is untouched by a payout', async () => {
    const other = await insertVenue(env, a.otherHost, { name: 'Other Payout Hall' });
    await availableBooking(other);
    expect((await record(a.host.profile.id)).status).toBe(409);
    expect((await balanceOf(a.otherHost.profile.id)).available_cents).toBe(27_000);
    const res = await record(a.otherHost.profile.id, 'ACH-OTHER');
    expect(res.status).toBe(201);
    const host = await call(env, 'GET', '/api/host/earnings', { cookie: a.host.cookie });
    expect(host.body.payouts.map((p: { bank_reference: string }) => p.bank_reference)).not.toContain(
      'ACH-OTHER',
    );
  });

  it('the payout reaches the host paid and the admin live, and no one else', async () => {
    await availableBooking(venue);
    const streams = {
      host: await openStream(env, a.host),
      admin: await openStream(env, a.admin),
      otherHost: await openStream(env, a.otherHost),
      guest: await openStream(env, a.guest),
    };
    try {
      const res = await record(a.host.profile.id, 'ACH-LIVE');
      expect(res.status).toBe(201);
      const isIt = (e: { event: string; data: string }) =>
        e.event === 'payout' && e.data.includes(res.body.id);
      expect(await streams.host.waitFor(isIt, 10_000)).toMatchObject({
        data: JSON.stringify({ entity: 'payout', op: 'insert', id: res.body.id }),
      });
      expect(await streams.admin.waitFor(isIt, 10_000)).not.toBeNull();
      expect(await streams.otherHost.waitFor((e) => e.event === 'payout', 500)).toBeNull();
      expect(await streams.guest.waitFor((e) => e.event === 'payout', 500)).toBeNull();
    } finally {
      for (const s of Object.values(streams)) await s.close();
    }
  });

  it('a venue whose money was paid out keeps its records: the admin cannot delete it (409), nothing is removed', async () => {
    const kept = await insertVenue(env, a.host, { name: 'Paid Out Hall' });
    await availableBooking(kept);
    expect((await record(a.host.profile.id, 'ACH-KEPT')).status).toBe(201);
    const res = await call(env, 'DELETE', `/api/venues/${kept.id}`, { cookie: a.admin.cookie, json: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.error.message).toBe(
      'This venue has bookings whose money was paid out to its host; their records are kept, so it cannot be deleted.',
    );
    expect(
      (await env.ctx.db.select().from(bookings).where(eq(bookings.venue_id, venue.id))).length,
    ).toBeGreaterThan(0);
  });

  it('payouts and their items are append-only', async () => {
    await expect(env.ctx.db.update(payouts).set({ amount_cents: 1 })).rejects.toThrow();
    await expect(env.ctx.db.delete(payoutItems)).rejects.toThrow();
  });

  it('the CSV batch lists the payouts with a total row', async () => {
    const res = await env.app.request('/api/admin/payouts.csv', { headers: { cookie: a.admin.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('velvet-payouts-all.csv');
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines[0]).toBe('Date,Host,Email,Bank account,Amount,Bank reference,Bookings,Payout');
    const all = await env.ctx.db.select().from(payouts);
    expect(lines).toHaveLength(all.length + 2);
    const total = all.reduce((s, p) => s + p.amount_cents, 0);
    expect(lines.at(-1)).toBe(`Total,,,,${(total / 100).toFixed(2)},,,`);
    expect(lines.join('\n')).not.toContain('000987654321');
  });

  it('the monthly report counts gross, fees and payouts by month', async () => {
    const res = await admin('GET', '/api/admin/money');
    const all = await env.ctx.db.select().from(payouts);
    const paid = res.body.months.reduce((s: number, m: { payouts_cents: number }) => s + m.payouts_cents, 0);
    expect(paid).toBe(all.reduce((s, p) => s + p.amount_cents, 0));
    expect(res.body.reconciliation.paid_out_cents).toBe(paid);
  });
});

describe('the platform fee', () => {
  it('the admin sets it for bookings requested from then on; each booking keeps its own', async () => {
    const before = await createBooking(env, a.guest, venue.id, { date: aheadDate() });
    const res = await admin('PUT', '/api/admin/platform-fee', { percent: 12.5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ fee_percent: 12.5 });
    const after = await createBooking(env, a.guest, venue.id, { date: aheadDate() });
    const rows = await env.ctx.db
      .select()
      .from(bookings)
      .where(sql`${bookings.id} in (${before.id}, ${after.id})`);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.platform_fee_bps]))).toEqual({
      [before.id]: 1000,
      [after.id]: 1250,
    });
    expect((await call(env, 'GET', '/api/config')).body.platform_fee_percent).toBe(12.5);
    expect((await admin('GET', '/api/admin/payouts')).body).toMatchObject({
      fee_percent: 12.5,
      default_fee_percent: 10,
    });
    const [entry] = await env.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'fee.changed'))
      .orderBy(desc(auditEvents.seq));
    expect(entry).toMatchObject({ before: { percent: 10 }, after: { percent: 12.5 } });
  });

  it('refuses a fee out of range or with more than two decimals', async () => {
    for (const percent of [-1, 51, 10.125, '10', null]) {
      const res = await admin('PUT', '/api/admin/platform-fee', { percent });
      expect(res.status, String(percent)).toBe(400);
      expect(res.body.error.message).toBe(
        'The platform fee must be a percentage from 0 to 50, with at most two decimals.',
      );
    }
    expect((await admin('PUT', '/api/admin/platform-fee', { percent: 10 })).status).toBe(200);
  });
});
