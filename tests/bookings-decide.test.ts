/**
 * The venue decides a pending request: the host (or the admin) approves or rejects it, with the
 * emails each decision queues and the states from which it is refused.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../src/domain/booking';
import { type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  bookingAction,
  bookingRow,
  createAccounts,
  createBooking,
  emailsOf,
  freshDate,
  freezeClock,
  insertVenue,
  outboxCount,
  type Accounts,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

describe('approving and rejecting a request', () => {
  const pending = (fields: Record<string, unknown> = {}) =>
    createBooking(env, a.guest, venue.id, { date: freshDate(), ...fields });

  it('the host approves a pending request: confirmed, updated_at moves, "booking accepted" goes to the guest', async () => {
    const b = await pending();
    const res = await bookingAction(env, a.host, b.id, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: b.id, status: 'confirmed', approval_status: 'approved' });
    expect(res.body.guest).toEqual({ id: a.guest.profile.id, email: a.guest.email, full_name: 'Gina Guest' });
    expect(new Date(res.body.updated_at).getTime()).toBeGreaterThan(new Date(b.updated_at).getTime());
    const mail = (await emailsOf(env, 'booking_accepted')).at(-1)!;
    expect(mail.to).toBe(a.guest.email);
    expect(mail.text).toContain(venue.name);
    expect(mail.text).toContain('8:00 PM - 11:00 PM');
    expect(mail.text).toContain('10 people');
    expect(mail.text).toContain('$300.00');

    const again = await bookingAction(env, a.host, b.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(BOOKING_MESSAGES.confirmed);
  });

  it('the host rejects with a reason: cancelled, "booking rejected" carries the reason; a cancelled booking cannot be approved again', async () => {
    const b = await pending();
    const res = await bookingAction(env, a.host, b.id, 'reject', {
      reason: 'We are closed for a private event.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'cancelled', approval_status: 'rejected' });
    const mail = (await emailsOf(env, 'booking_rejected')).at(-1)!;
    expect(mail.to).toBe(a.guest.email);
    expect(mail.text).toContain('We are closed for a private event.');

    const before = await bookingRow(env, b.id);
    const mails = await outboxCount(env);
    const again = await bookingAction(env, a.host, b.id, 'approve');
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(BOOKING_MESSAGES.cancelled);
    expect(await bookingRow(env, b.id)).toEqual(before);
    expect(await outboxCount(env)).toBe(mails);
  });

  it('reject needs no body', async () => {
    const b = await pending();
    const res = await call(env, 'POST', `/api/bookings/${b.id}/reject`, { cookie: a.host.cookie });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('cancelled');
    const empty = await pending();
    const withType = await call(env, 'POST', `/api/bookings/${empty.id}/reject`, {
      cookie: a.host.cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(withType.status, JSON.stringify(withType.body)).toBe(200);
    const bad = await pending();
    const malformed = await call(env, 'POST', `/api/bookings/${bad.id}/reject`, {
      cookie: a.host.cookie,
      body: '{"reason": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await bookingRow(env, bad.id))?.status).toBe('pending');
  });

  it('the admin approves and rejects like the host', async () => {
    const one = await pending();
    const two = await pending();
    expect((await bookingAction(env, a.admin, one.id, 'approve')).body.status).toBe('confirmed');
    expect((await bookingAction(env, a.admin, two.id, 'reject')).body.status).toBe('cancelled');
  });
});
