/**
 * Disputes of additional charges (issue 30 item 5, decision 82): the booking's guest disputes a
 * charge within 48 hours of it (POST /api/charges/{id}/dispute), the admin upholds it or refunds
 * it in full (POST /api/admin/disputes/{id}/decide); both sides are emailed, each step audited,
 * and a refused call writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { auditEvents, chargeDisputes, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { confirmedBooking, pay, paymentsOf, refundsOf } from './support/payments-fixtures';
import {
  ROLES,
  cookieOf,
  createAccounts,
  emailsOf,
  freezeClock,
  insertVenue,
  outboxCount,
  type Accounts,
} from './factories';

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
const REASON = 'The glass was already cracked when we arrived.';

/** A booking with a card on file, charged $45.50 an hour after its end; the clock stays there. */
async function charged() {
  freezeClock(env);
  const b = await confirmedBooking(env, minSpend, a.guest, { total_price: 500 });
  await pay(env, a.guest, b.id);
  const at = new Date(b.ends_at.getTime() + HOUR);
  env.clock.now = at;
  const res = await call(env, 'POST', '/api/charge-additional', {
    cookie: a.host.cookie,
    json: {
      amount: 45.5,
      reason: 'damages',
      description: 'Broken glass',
      bookingId: b.id,
      venueId: minSpend.id,
      userId: a.guest.profile.id,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { booking: b, chargeId: res.body.charge.id as string, at };
}

const dispute = (
  chargeId: string,
  cookie: string | null,
  json: Record<string, unknown> = { reason: REASON },
) => call(env, 'POST', `/api/charges/${chargeId}/dispute`, { cookie: cookie ?? undefined, json });
const decide = (id: string, cookie: string | null, decision: string, note?: string) =>
  call(env, 'POST', `/api/admin/disputes/${id}/decide`, {
    cookie: cookie ?? undefined,
    json: { decision, ...(note === undefined ? {} : { note }) },
  });
const disputesOf = (paymentId: string) =>
  env.ctx.db.select().from(chargeDisputes).where(eq(chargeDisputes.payment_id, paymentId));
const audits = async (action: string, subjectId: string) =>
  (
    await env.ctx.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, action as never), eq(auditEvents.subject_id, subjectId)))
  )[0]!.n;

describe('POST /api/charges/{id}/dispute', () => {
  it('each role: only the guest of the booking; others who cannot see it 404, host and admin 403; nothing written when refused', async () => {
    const { chargeId } = await charged();
    const expected = { signedOut: 401, otherGuest: 404, host: 403, otherHost: 404, admin: 403 } as const;
    for (const role of ROLES.filter((r) => r !== 'guest')) {
      const before = await outboxCount(env);
      const res = await dispute(chargeId, cookieOf(a, role));
      expect(res.status, role).toBe(expected[role as keyof typeof expected]);
      expect(await disputesOf(chargeId)).toHaveLength(0);
      expect(await outboxCount(env)).toBe(before);
    }
    expect(await audits('charge.disputed', chargeId)).toBe(0);
    const res = await dispute(chargeId, a.guest.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      payment_id: chargeId,
      status: 'open',
      reason: REASON,
      amount_cents: 4550,
    });
    expect(await audits('charge.disputed', chargeId)).toBe(1);
  });

  it('emails the host and the admin with the reason', async () => {
    const { chargeId } = await charged();
    const hostBefore = (await emailsOf(env, 'charge_disputed_host', a.host.email)).length;
    const adminBefore = (await emailsOf(env, 'charge_disputed_admin', env.ctx.config.ADMIN_EMAIL)).length;
    expect((await dispute(chargeId, a.guest.cookie)).status).toBe(201);
    const host = await emailsOf(env, 'charge_disputed_host', a.host.email);
    const admin = await emailsOf(env, 'charge_disputed_admin', env.ctx.config.ADMIN_EMAIL);
    expect(host).toHaveLength(hostBefore + 1);
    expect(admin).toHaveLength(adminBefore + 1);
    expect(host.at(-1)!.text).toContain(REASON);
    expect((await emailsOf(env, 'charge_disputed_host', a.guest.email)).length).toBe(0);
  });

  it('the 48 hours: at the 48th hour it passes; a second later 409 with the message, nothing written', async () => {
    const late = await charged();
    env.clock.now = new Date(late.at.getTime() + 48 * HOUR + 1000);
    const refused = await dispute(late.chargeId, a.guest.cookie);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('The 48 hours to dispute this charge have passed.');
    expect(await disputesOf(late.chargeId)).toHaveLength(0);

    const edge = await charged();
    env.clock.now = new Date(edge.at.getTime() + 48 * HOUR);
    expect((await dispute(edge.chargeId, a.guest.cookie)).status).toBe(201);
  });

  it('once: the second dispute is 409 "This charge is already disputed."', async () => {
    const { chargeId } = await charged();
    expect((await dispute(chargeId, a.guest.cookie)).status).toBe(201);
    const before = await outboxCount(env);
    const again = await dispute(chargeId, a.guest.cookie);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This charge is already disputed.');
    expect(await disputesOf(chargeId)).toHaveLength(1);
    expect(await outboxCount(env)).toBe(before);
  });

  it('the reason: required, 10 to 1000 characters, no control characters (400 with the message)', async () => {
    const { chargeId } = await charged();
    const cases: [unknown, string][] = [
      [undefined, 'Reason is required.'],
      ['   ', 'Reason is required.'],
      ['too short', 'Reason must be at least 10 characters.'],
      ['x'.repeat(1001), 'Reason must be at most 1000 characters.'],
      ['Broken\u0000glass here', 'Reason contains characters that are not allowed.'],
    ];
    for (const [reason, message] of cases) {
      const res = await dispute(chargeId, a.guest.cookie, reason === undefined ? {} : { reason });
      expect(res.status, String(reason)).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(await disputesOf(chargeId)).toHaveLength(0);
  });

  it('a payment that is not an additional charge, or an unknown id: 404', async () => {
    const { booking } = await charged();
    const setup = (await paymentsOf(env, booking.id)).find((p) => p.kind !== 'additional_charge')!;
    expect((await dispute(setup.id, a.guest.cookie)).status).toBe(404);
    expect((await dispute('00000000-0000-4000-8000-000000000000', a.guest.cookie)).status).toBe(404);
  });

  it('GET /api/charges lists the guest’s charges with their dispute and whether they can be disputed', async () => {
    const { chargeId, at } = await charged();
    const mine = await call(env, 'GET', '/api/charges', { cookie: a.guest.cookie });
    expect(mine.status).toBe(200);
    const item = mine.body.items.find((c: { id: string }) => c.id === chargeId);
    expect(item).toMatchObject({ amount_cents: 4550, can_dispute: true, dispute: null });
    expect(item.dispute_until).toBe(new Date(at.getTime() + 48 * HOUR).toISOString());
    await dispute(chargeId, a.guest.cookie);
    const after = await call(env, 'GET', '/api/charges', { cookie: a.guest.cookie });
    expect(after.body.items.find((c: { id: string }) => c.id === chargeId)).toMatchObject({
      can_dispute: false,
      dispute: { status: 'open', reason: REASON },
    });
    const other = await call(env, 'GET', '/api/charges', { cookie: a.otherGuest.cookie });
    expect(other.body.items.map((c: { id: string }) => c.id)).not.toContain(chargeId);
    expect((await call(env, 'GET', '/api/charges')).status).toBe(401);
  });
});

describe('the admin decides', () => {
  async function disputed() {
    const c = await charged();
    const res = await dispute(c.chargeId, a.guest.cookie);
    expect(res.status).toBe(201);
    return { ...c, disputeId: res.body.id as string };
  }

  it('GET /api/admin/disputes: the admin only; open first, then decided', async () => {
    const decided = await disputed();
    expect((await decide(decided.disputeId, a.admin.cookie, 'uphold')).status).toBe(200);
    const open = await disputed();
    const expected = { signedOut: 401, guest: 403, otherGuest: 403, host: 403, otherHost: 403, admin: 200 };
    for (const role of ROLES) {
      const res = await call(env, 'GET', '/api/admin/disputes', { cookie: cookieOf(a, role) ?? undefined });
      expect(res.status, role).toBe(expected[role]);
    }
    const list = await call(env, 'GET', '/api/admin/disputes', { cookie: a.admin.cookie });
    const ids = list.body.items.map((d: { id: string }) => d.id);
    expect(ids.indexOf(open.disputeId)).toBeLessThan(ids.indexOf(decided.disputeId));
    const statuses = list.body.items.map((d: { status: string }) => d.status);
    expect(statuses.lastIndexOf('open')).toBeLessThan(statuses.indexOf('upheld'));
  });

  it('each role on decide: only the admin; refused calls write nothing', async () => {
    const { disputeId, chargeId, booking } = await disputed();
    const expected = { signedOut: 401, guest: 403, otherGuest: 403, host: 403, otherHost: 403 } as const;
    for (const role of ROLES.filter((r) => r !== 'admin')) {
      const before = await outboxCount(env);
      expect((await decide(disputeId, cookieOf(a, role), 'refund')).status, role).toBe(
        expected[role as keyof typeof expected],
      );
      expect(await outboxCount(env)).toBe(before);
    }
    expect((await disputesOf(chargeId))[0]!.status).toBe('open');
    expect(await refundsOf(env, booking.id)).toHaveLength(0);
    expect((await decide('00000000-0000-4000-8000-000000000000', a.admin.cookie, 'refund')).status).toBe(404);
    expect((await decide(disputeId, a.admin.cookie, 'maybe')).status).toBe(400);
  });

  it('uphold: status upheld, audit charge.upheld, guest and host told, no refund; a second decision 409', async () => {
    const { disputeId, chargeId, booking } = await disputed();
    const guestBefore = (await emailsOf(env, 'charge_dispute_decided_guest', a.guest.email)).length;
    const hostBefore = (await emailsOf(env, 'charge_dispute_decided_host', a.host.email)).length;
    const res = await decide(disputeId, a.admin.cookie, 'uphold', 'Photos show the damage.');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'upheld', admin_note: 'Photos show the damage.' });
    const [row] = await disputesOf(chargeId);
    expect(row).toMatchObject({ status: 'upheld', decided_by: a.admin.profile.id });
    expect(row!.decided_at).toEqual(env.clock.now);
    expect(await refundsOf(env, booking.id)).toHaveLength(0);
    expect(await audits('charge.upheld', chargeId)).toBe(1);
    const guestMail = await emailsOf(env, 'charge_dispute_decided_guest', a.guest.email);
    expect(guestMail).toHaveLength(guestBefore + 1);
    expect(guestMail.at(-1)!.subject).toBe('Disputed charge upheld: $45.50');
    expect(await emailsOf(env, 'charge_dispute_decided_host', a.host.email)).toHaveLength(hostBefore + 1);

    const before = await outboxCount(env);
    const again = await decide(disputeId, a.admin.cookie, 'refund');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('This dispute is already decided.');
    expect(await refundsOf(env, booking.id)).toHaveLength(0);
    expect(await outboxCount(env)).toBe(before);
    expect(await audits('charge.refunded', chargeId)).toBe(0);
  });

  it('refund: the full charge refunded through the provider, the booking’s refunded money goes up, audit charge.refunded, both told', async () => {
    const { disputeId, chargeId, booking } = await disputed();
    const view = async () =>
      (await call(env, 'GET', `/api/bookings/${booking.id}`, { cookie: a.guest.cookie })).body as {
        refunded_cents: number;
      };
    const refundedBefore = (await view()).refunded_cents;
    const res = await decide(disputeId, a.admin.cookie, 'refund');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('refunded');
    const refunds = await refundsOf(env, booking.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({
      payment_id: chargeId,
      amount_cents: 4550,
      status: 'succeeded',
      reason: 'dispute_refunded',
    });
    expect(refunds[0]!.provider_refund_id).toBeTruthy();
    expect((await view()).refunded_cents).toBe(refundedBefore + 4550);
    expect(await audits('charge.refunded', chargeId)).toBe(1);
    const guestMail = await emailsOf(env, 'charge_dispute_decided_guest', a.guest.email);
    expect(guestMail.at(-1)!.subject).toBe('Disputed charge refunded: $45.50');
    expect((await emailsOf(env, 'charge_dispute_decided_host', a.host.email)).at(-1)!.subject).toBe(
      'Disputed charge refunded: $45.50',
    );
    const again = await decide(disputeId, a.admin.cookie, 'refund');
    expect(again.status).toBe(409);
    expect(await refundsOf(env, booking.id)).toHaveLength(1);
  });
});

describe('the charge email', () => {
  it('tells the guest they can dispute within 48 hours, with the link', async () => {
    await charged();
    const mail = (await emailsOf(env, 'additional_charge', a.guest.email)).at(-1)!;
    expect(mail.text).toContain('you can dispute it within 48 hours from My Bookings');
    expect(mail.text).toContain('/user-dashboard');
  });
});
