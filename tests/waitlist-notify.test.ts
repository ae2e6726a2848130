/**
 * The waitlist hears when a confirmed booking lets its time go: a cancellation (guest, host,
 * admin), an unpaid release by the timed-transitions worker, the admin's edit. The guests whose
 * wish now fits are told in the order they joined (outbox rows in that order, and a live event
 * each); a rejected request held no time and tells no one. Then the no-overlap constraint lets
 * exactly one of the requests for the freed time be confirmed — on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL with connections racing for real.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { OVERLAP_MESSAGE } from '../src/domain/errors';
import { canSee, type ChangeEvent } from '../src/server/adapters/realtime';
import { bookings, type Venue } from '../src/server/db/schema';
import { TimedTransitionsWorker } from '../src/server/jobs/timed-transitions';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn, type Actor } from './support/client';
import { entriesOf, joinWaitlist, slotFreeEmails } from './support/waitlist-fixtures';
import {
  type Accounts,
  bookingAction,
  createAccounts,
  createBooking,
  freezeClock,
  freshDate,
  insertBooking,
  insertVenue,
} from './factories';

let env: TestEnv;
let a: Accounts;
/** Ten more guests, to wait in line. */
let line: Actor[];

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  line = [];
  for (let i = 1; i <= 10; i++)
    line.push(await signUpAndSignIn(env, { role: 'user', name: `Waiting Guest ${i}` }));
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

const wish = (venue: Venue, date: string, start_time: string, end_time: string) => ({
  venue_id: venue.id,
  date,
  start_time,
  end_time,
});

async function join(guest: Actor, body: ReturnType<typeof wish>) {
  const res = await joinWaitlist(env, guest, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string };
}

const cancel = (actor: Actor, id: string) =>
  call(env, 'POST', `/api/bookings/${id}/cancel`, { cookie: actor.cookie, json: {} });

async function newSlotFreeEmails(before: number) {
  return (await slotFreeEmails(env)).slice(before);
}

describe('a freed confirmed time tells the waitlist', () => {
  it('a guest’s cancellation notifies the fitting waitlisted guests in join order, by email and live', async () => {
    const venue = await insertVenue(env, a.host);
    const date = freshDate();
    const taken = await insertBooking(env, venue, a.guest, {
      state: 'confirmed',
      date,
      start_time: '20:00',
      end_time: '23:00',
    });
    // Still held after the cancellation: 23:00–01:00.
    await insertBooking(env, venue, a.otherGuest, {
      state: 'confirmed',
      date,
      start_time: '23:00',
      end_time: '01:00',
    });
    const [g1, g2, g3, g4, g5] = line as [Actor, Actor, Actor, Actor, Actor];
    const third = await join(g3, wish(venue, date, '22:00', '23:00'));
    const first = await join(g1, wish(venue, date, '20:00', '23:00'));
    const blocked = await join(g4, wish(venue, date, '22:00', '00:00')); // overlaps 23:00–01:00 still
    const second = await join(g2, wish(venue, date, '19:00', '21:00'));
    const laterNight = await join(g5, wish(venue, date, '23:30', '01:00'));

    const seen: ChangeEvent[] = [];
    const stop = env.ctx.changes.subscribe((e) => seen.push(e));
    const before = (await slotFreeEmails(env)).length;
    try {
      const res = await cancel(a.guest, taken.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);

      const emails = await newSlotFreeEmails(before);
      expect(emails.map((e) => e.to)).toEqual([g3.email, g1.email, g2.email]);
      expect(emails[0]!.subject).toBe(`A time you were waiting for at ${venue.name} is free`);
      expect(emails[0]!.text).toContain('10:00 PM - 11:00 PM');
      expect(emails[0]!.text).toContain(`/venue/${venue.id}?date=${date}`);

      const rows = await entriesOf(env, venue.id);
      const notified = rows.filter((r) => r.notified_at !== null).map((r) => r.id);
      expect(notified).toEqual([third.id, first.id, second.id]);
      expect(rows.find((r) => r.id === blocked.id)!.notified_at).toBeNull();
      expect(rows.find((r) => r.id === laterNight.id)!.notified_at).toBeNull();

      // Live: each told guest's pages hear of their entry (and only they, the host and the admin).
      await vi.waitFor(() =>
        expect(seen.filter((e) => e.entity === 'waitlist' && e.notified).map((e) => e.id)).toEqual([
          third.id,
          first.id,
          second.id,
        ]),
      );
      const event = seen.find((e) => e.entity === 'waitlist' && e.id === first.id)!;
      const ref = (x: Actor) => ({ profileId: x.profile.id, role: x.profile.role as 'user' });
      expect(canSee(event, ref(g1))).toBe(true);
      expect(canSee(event, ref(g2))).toBe(false);
      expect(canSee(event, { profileId: a.host.profile.id, role: 'host' })).toBe(true);
      expect(canSee(event, { profileId: a.otherHost.profile.id, role: 'host' })).toBe(false);

      // The guest's list shows when they were told.
      const mine = await call(env, 'GET', '/api/me/waitlist', { cookie: g1.cookie });
      expect(mine.body.entries.find((e: { id: string }) => e.id === first.id).notified_at).not.toBeNull();
    } finally {
      stop();
    }
  });

  it('the host’s cancellation and the admin’s edit away from confirmed tell the waitlist too', async () => {
    const venue = await insertVenue(env, a.host);
    const [g1, g2] = line as [Actor, Actor];
    const d1 = freshDate();
    const byHost = await insertBooking(env, venue, a.guest, { state: 'confirmed', date: d1 });
    await join(g1, wish(venue, d1, '21:00', '22:00'));
    let before = (await slotFreeEmails(env)).length;
    expect((await cancel(a.host, byHost.id)).status).toBe(200);
    expect((await newSlotFreeEmails(before)).map((e) => e.to)).toEqual([g1.email]);

    const d2 = freshDate();
    const byAdmin = await insertBooking(env, venue, a.guest, { state: 'confirmed', date: d2 });
    await join(g2, wish(venue, d2, '20:00', '21:00'));
    before = (await slotFreeEmails(env)).length;
    const res = await call(env, 'PATCH', `/api/admin/bookings/${byAdmin.id}`, {
      cookie: a.admin.cookie,
      json: {
        guest_count: 10,
        start_time: '21:00',
        end_time: '23:00',
        total_price: 200,
        status: 'confirmed',
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Moved to 21:00: 20:00–21:00 is free for g2.
    expect((await newSlotFreeEmails(before)).map((e) => e.to)).toEqual([g2.email]);
  });

  it('an unpaid confirmed booking released by the worker tells the waitlist; an expired request does not', async () => {
    const venue = await insertVenue(env, a.host);
    const [g1, g2] = line as [Actor, Actor];
    const date = freshDate();
    const due = new Date(env.ctx.now().getTime() + 3_600_000);
    await insertBooking(env, venue, a.guest, {
      state: 'confirmed',
      date,
      payment_due_at: due,
      confirmed_at: env.ctx.now(),
    });
    await join(g1, wish(venue, date, '20:00', '21:00'));
    // A pending request that expires held no time: no notice because of it.
    const d2 = freshDate();
    await insertBooking(env, venue, a.otherGuest, { state: 'confirmed', date: d2 });
    await insertBooking(env, venue, a.guest, { state: 'pending', date: d2, expires_at: due });
    await join(g2, wish(venue, d2, '20:00', '21:00'));

    const before = (await slotFreeEmails(env)).length;
    const result = await new TimedTransitionsWorker(env.ctx).tick(due);
    expect(result).toMatchObject({ released: 1, expired: 1 });
    expect((await newSlotFreeEmails(before)).map((e) => e.to)).toEqual([g1.email]);
  });

  it('rejecting a pending request tells no one (it never held the time)', async () => {
    const venue = await insertVenue(env, a.host);
    const date = freshDate();
    await insertBooking(env, venue, a.otherGuest, { state: 'confirmed', date });
    await join(line[0]!, wish(venue, date, '20:00', '21:00'));
    const pending = await insertBooking(env, venue, a.guest, { state: 'pending', date });
    const before = (await slotFreeEmails(env)).length;
    expect((await bookingAction(env, a.host, pending.id, 'reject', {})).status).toBe(200);
    expect(await newSlotFreeEmails(before)).toEqual([]);
  });
});

describe('the freed time goes to one booking', () => {
  it('10 waitlisted guests told in join order request at once: every request lands, exactly one is confirmed', async () => {
    const venue = await insertVenue(env, a.host, { capacity: 200 });
    const date = freshDate();
    const taken = await insertBooking(env, venue, a.guest, {
      state: 'confirmed',
      date,
      start_time: '20:00',
      end_time: '23:00',
    });
    for (const g of line) await join(g, wish(venue, date, '20:00', '23:00'));
    const before = (await slotFreeEmails(env)).length;
    expect((await cancel(a.guest, taken.id)).status).toBe(200);
    expect((await newSlotFreeEmails(before)).map((e) => e.to)).toEqual(line.map((g) => g.email));

    // All ten ask for the freed time at once.
    const requested = await Promise.all(
      line.map((g) => createBooking(env, g, venue.id, { date, start_time: '20:00', end_time: '23:00' })),
    );
    expect(new Set(requested.map((b) => b.id)).size).toBe(10);
    // The venue accepts them all at once: the no-overlap constraint lets exactly one through.
    const answers = await Promise.all(requested.map((b) => bookingAction(env, a.host, b.id, 'approve')));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(9).fill(409)]);
    for (const r of answers.filter((x) => x.status === 409)) {
      expect(r.body.error).toEqual({ code: 'BOOKING_OVERLAP', message: OVERLAP_MESSAGE });
    }
    const confirmed = await env.ctx.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venue_id, venue.id), eq(bookings.date, date), eq(bookings.status, 'confirmed')));
    expect(confirmed).toHaveLength(1);
    expect(line.map((g) => g.profile.id)).toContain(confirmed[0]!.user_id);
  });
});
