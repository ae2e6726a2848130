/**
 * Issue 29, host earnings: each booking that took money with gross, the platform fee at the
 * rate it was requested at, refunds and net; pending until the event's end + PAYOUT_HOLD_DAYS,
 * then available; the CSV statement adds up to the same totals; each host sees only their own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, type Venue } from '../src/server/db/schema';
import { call } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { createAccounts, createBooking, freezeClock, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv({ PLATFORM_FEE_PERCENT: '15', PAYOUT_HOLD_DAYS: '2' });
  a = await createAccounts(env);
  freezeClock(env);
  venue = await insertVenue(env, a.host, { name: 'Earnings Hall' });
});
afterAll(async () => {
  await env.close();
});

const earnings = (cookie: string | null, query = '') =>
  call(env, 'GET', `/api/host/earnings${query}`, { cookie });

describe('GET /api/host/earnings', () => {
  it('a booking requested now keeps the fee rate of its request', async () => {
    const booking = await createBooking(env, a.guest, venue.id);
    const [row] = await env.ctx.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.platform_fee_bps).toBe(1500);
  });

  it('a paid booking: gross, the fee at its own rate, net; pending until the event ended 2 days ago, then available', async () => {
    const booking = await confirmedBooking(env, venue, a.guest, { platform_fee_bps: 1000, total_price: 300 });
    await pay(env, a.guest, booking.id);
    const res = await earnings(a.host.cookie);
    expect(res.status).toBe(200);
    const row = res.body.rows.find((r: { booking_id: string }) => r.booking_id === booking.id);
    expect(row).toMatchObject({
      venue_name: 'Earnings Hall',
      gross_cents: 30_000,
      charges_cents: 0,
      refunds_cents: 0,
      fee_cents: 3000,
      net_cents: 27_000,
      fee_percent: 10,
      status: 'pending',
    });
    const availableAt = new Date(booking.ends_at.getTime() + 2 * 86_400_000);
    expect(row.available_at).toBe(availableAt.toISOString());
    expect(res.body).toMatchObject({
      fee_percent: 15,
      hold_days: 2,
      next_available_at: availableAt.toISOString(),
    });
    expect(res.body.totals).toMatchObject({
      pending_cents: 27_000,
      available_cents: 0,
      net_cents: 27_000,
      fee_cents: 3000,
    });
    expect(res.body.monthly).toEqual([{ month: booking.date.slice(0, 7), net_cents: 27_000 }]);

    env.clock.now = new Date(availableAt.getTime() - 1);
    expect((await earnings(a.host.cookie)).body.rows[0].status).toBe('pending');
    env.clock.now = availableAt;
    const later = await earnings(a.host.cookie);
    expect(later.body.rows[0].status).toBe('available');
    expect(later.body.totals).toMatchObject({ available_cents: 27_000, pending_cents: 0 });
    expect(later.body.next_available_at).toBeNull();
  });

  it('each host sees only their own; a guest and the admin are refused', async () => {
    const other = await earnings(a.otherHost.cookie);
    expect(other.status).toBe(200);
    expect(other.body.rows).toEqual([]);
    expect(other.body.totals.net_cents).toBe(0);
    expect((await earnings(a.guest.cookie)).status).toBe(403);
    expect((await earnings(a.admin.cookie)).status).toBe(403);
    expect((await earnings(null)).status).toBe(401);
  });

  it('filters by event date and refuses a backwards or broken range', async () => {
    const all = (await earnings(a.host.cookie)).body.rows.length;
    expect(all).toBeGreaterThan(0);
    expect((await earnings(a.host.cookie, '?from=2099-01-01')).body.rows).toEqual([]);
    expect((await earnings(a.host.cookie, '?from=2000-01-01&to=2099-12-31')).body.rows).toHaveLength(all);
    const backwards = await earnings(a.host.cookie, '?from=2031-01-02&to=2031-01-01');
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.message).toBe('The start date must be on or before the end date.');
    expect((await earnings(a.host.cookie, '?from=yesterday')).status).toBe(400);
  });

  it('the CSV statement has the same rows and its total row adds them up', async () => {
    const json = (await earnings(a.host.cookie)).body;
    const res = await env.app.request('/api/host/earnings.csv', { headers: { cookie: a.host.cookie! } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toContain(
      'attachment; filename="velvet-earnings-all.csv"',
    );
    const lines = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(json.rows.length + 2);
    const total = lines.at(-1)!.split(',');
    expect(Number(total[7])).toBeCloseTo(json.totals.net_cents / 100, 2);
    expect(Number(total[6])).toBeCloseTo(json.totals.fee_cents / 100, 2);
    const sum = lines.slice(1, -1).reduce((s, l) => s + Number(l.split(',')[7]), 0);
    expect(sum).toBeCloseTo(json.totals.net_cents / 100, 2);
  });
});
