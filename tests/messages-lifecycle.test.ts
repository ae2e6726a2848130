/**
 * The thread is the booking's history: the request, the venue's changes, approvals,
 * rejections, cancellations (with their refunds), expiry and payments each append a system
 * line in the same transaction as the change, and a refused change appends none. New messages
 * and read markers reach the participants' and the admin's live streams, nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SYSTEM_LINES } from '../src/domain/messages';
import { bookingMessages, type Venue } from '../src/server/db/schema';
import { TimedTransitionsWorker } from '../src/server/jobs/timed-transitions';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  bookingAction,
  createAccounts,
  createBooking,
  freezeClock,
  freshDate,
  insertVenue,
  type Accounts,
} from './factories';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { openStream, type SseEvent } from './support/sse';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host, { cancellation_policy: 'flexible' });
});
afterAll(async () => {
  await env.close();
});

/** A booking request through the API, on a date no other test uses. */
const request = () => createBooking(env, a.guest, venue.id, { date: freshDate() });

/** The thread as its rows: kind and body, in order. */
const lines = async (bookingId: string) =>
  (
    await env.ctx.db
      .select()
      .from(bookingMessages)
      .where(eq(bookingMessages.booking_id, bookingId))
      .orderBy(bookingMessages.seq)
  ).map((m) => (m.kind === 'system' ? m.body : `${m.author_role}: ${m.body}`));

const terms = (b: { date: string }) => ({
  date: b.date,
  start_time: '20:00',
  end_time: '23:00',
  guest_count: 10,
});

describe('system lines', () => {
  it('request, the venue’s changes and the guest’s approval, around the participants’ messages', async () => {
    const b = await request();
    const requested = SYSTEM_LINES.requested({ ...terms(b), total_price: b.total_price });
    expect(await lines(b.id)).toEqual([requested]);

    await call(env, 'POST', `/api/bookings/${b.id}/messages`, {
      cookie: a.guest.cookie,
      json: { body: 'Could we start at 21:00?' },
    });
    const edit = {
      guest_count: 12,
      start_time: '21:00',
      end_time: '23:00',
      total_price: 250,
      host_notes: 'Sure!',
    };
    const edited = await bookingAction(env, a.host, b.id, 'edit', edit);
    expect(edited.status).toBe(200);
    const approved = await bookingAction(env, a.guest, b.id, 'approve-changes', {
      updated_at: edited.body.updated_at,
    });
    expect(approved.status).toBe(200);
    expect(await lines(b.id)).toEqual([
      requested,
      'guest: Could we start at 21:00?',
      SYSTEM_LINES.edited({ date: b.date, ...edit }, 'Sure!'),
      SYSTEM_LINES.changesApproved(),
    ]);
  });

  it('the guest rejecting the changes', async () => {
    const b = await request();
    const edit = {
      guest_count: 8,
      start_time: '20:00',
      end_time: '22:00',
      total_price: 200,
      host_notes: 'Shorter',
    };
    expect((await bookingAction(env, a.host, b.id, 'edit', edit)).status).toBe(200);
    expect((await bookingAction(env, a.guest, b.id, 'reject-changes')).status).toBe(200);
    expect((await lines(b.id)).slice(-1)).toEqual([SYSTEM_LINES.changesRejected()]);
  });

  it('the venue’s approval and rejection (with its reason), the admin’s approval', async () => {
    const approved = await request();
    expect((await bookingAction(env, a.host, approved.id, 'approve')).status).toBe(200);
    expect((await lines(approved.id)).slice(1)).toEqual([SYSTEM_LINES.approved('host')]);

    const rejected = await request();
    expect(
      (await bookingAction(env, a.host, rejected.id, 'reject', { reason: 'Private event' })).status,
    ).toBe(200);
    expect((await lines(rejected.id)).slice(1)).toEqual([SYSTEM_LINES.rejected('host', 'Private event')]);

    const byAdmin = await request();
    expect((await bookingAction(env, a.admin, byAdmin.id, 'approve')).status).toBe(200);
    expect((await lines(byAdmin.id)).slice(1)).toEqual([SYSTEM_LINES.approved('admin')]);
  });

  it('a refused change writes no line (same transaction)', async () => {
    const b = await request();
    const before = await lines(b.id);
    expect((await bookingAction(env, a.otherHost, b.id, 'approve')).status).toBe(404);
    expect((await bookingAction(env, a.guest, b.id, 'approve')).status).toBe(403);
    expect(
      (await bookingAction(env, a.guest, b.id, 'approve-changes', { updated_at: b.updated_at })).status,
    ).toBe(409);
    expect(await lines(b.id)).toEqual(before);
  });

  it('payment, then a cancellation with its refund', async () => {
    const b = await confirmedBooking(env, venue, a.guest, { total_price: 300 });
    await pay(env, a.guest, b.id);
    expect(await lines(b.id)).toEqual([SYSTEM_LINES.paid(30000)]);
    const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, {
      cookie: a.guest.cookie,
      json: { reason: 'Plans changed' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.refund).toEqual({ amount_cents: 30000, status: 'succeeded' });
    expect(await lines(b.id)).toEqual([
      SYSTEM_LINES.paid(30000),
      SYSTEM_LINES.cancelled('guest', 'Plans changed'),
      SYSTEM_LINES.refunded(30000),
    ]);
  });

  it('a host cancellation of an unpaid booking: no refund line', async () => {
    const b = await confirmedBooking(env, venue, a.guest);
    const res = await call(env, 'POST', `/api/bookings/${b.id}/cancel`, { cookie: a.host.cookie });
    expect(res.status).toBe(200);
    expect(await lines(b.id)).toEqual([SYSTEM_LINES.cancelled('host', null)]);
  });

  it('an expired request', async () => {
    const b = await request();
    const worker = new TimedTransitionsWorker(env.ctx);
    expect((await worker.tick(new Date(b.expires_at))).expired).toBeGreaterThanOrEqual(1);
    expect((await lines(b.id)).slice(-1)).toEqual([SYSTEM_LINES.expired()]);
  });
});

describe('live', () => {
  it('a message and a read reach the guest, the host and the admin; nobody else', async () => {
    const b = await request();
    const streams = {
      guest: await openStream(env, a.guest),
      host: await openStream(env, a.host),
      admin: await openStream(env, a.admin),
      otherGuest: await openStream(env, a.otherGuest),
      otherHost: await openStream(env, a.otherHost),
      visitor: await openStream(env, null),
    };
    try {
      for (const s of Object.values(streams))
        expect(await s.waitFor((e) => e.event === 'ready', 5000)).not.toBeNull();
      const about = (op: string) => (e: SseEvent) =>
        e.event === 'conversation' && JSON.parse(e.data).op === op && JSON.parse(e.data).id === b.id;

      const sent = await call(env, 'POST', `/api/bookings/${b.id}/messages`, {
        cookie: a.guest.cookie,
        json: { body: 'Live?' },
      });
      expect(sent.status).toBe(201);
      for (const who of ['guest', 'host', 'admin'] as const) {
        const seen = await streams[who].waitFor(about('message'), 10_000);
        expect(seen, `${who} hears of the message`).not.toBeNull();
        // Ids only, never the text.
        expect(JSON.parse(seen!.data)).toEqual({
          entity: 'conversation',
          op: 'message',
          id: b.id,
          venue_id: venue.id,
        });
      }
      expect(
        (await call(env, 'POST', `/api/bookings/${b.id}/messages/read`, { cookie: a.host.cookie })).status,
      ).toBe(200);
      expect(
        await streams.guest.waitFor(about('read'), 10_000),
        'the guest hears the host read it',
      ).not.toBeNull();
      for (const who of ['otherGuest', 'otherHost', 'visitor'] as const) {
        expect(await streams[who].waitFor((e) => e.event === 'conversation', 300), who).toBeNull();
      }
    } finally {
      for (const s of Object.values(streams)) await s.close();
    }
  });
});
