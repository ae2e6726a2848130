/**
 * The waitlist's endpoints for each role: join (POST /api/waitlist), the guest's list
 * (GET /api/me/waitlist), leave (DELETE /api/waitlist/:id) and the host's demand per date
 * (GET /api/venues/:id/waitlist-demand); and what joining refuses (400, 404, 409).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WAITLIST_MESSAGES } from '../src/domain/waitlist';
import { waitlistEntries, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn, type Actor } from './support/client';
import { entriesOf, joinWaitlist } from './support/waitlist-fixtures';
import {
  type Accounts,
  ROLES,
  actorOf,
  createAccounts,
  freezeClock,
  freshDate,
  insertBooking,
  insertVenue,
  outboxCount,
  TODAY,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;
/** A third guest, who holds the taken nights. */
let holder: Actor;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  holder = await signUpAndSignIn(env, { role: 'user', name: 'Holly Holder' });
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});
beforeEach(() => {
  freezeClock(env);
});

/** A date whose 20:00–23:00 is held by a confirmed booking. */
async function takenNight(v: Venue = venue, start = '20:00', end = '23:00') {
  const date = freshDate();
  await insertBooking(env, v, holder, { state: 'confirmed', date, start_time: start, end_time: end });
  return date;
}

describe('POST /api/waitlist', () => {
  it('by role: guests join (201, in join order); signed out 401; hosts and the admin 403, nothing written', async () => {
    const date = await takenNight();
    const body = { venue_id: venue.id, date, start_time: '21:00', end_time: '23:00' };
    const expected = { signedOut: 401, guest: 201, otherGuest: 201, host: 403, otherHost: 403, admin: 403 };
    for (const role of ROLES) {
      const res = await joinWaitlist(env, actorOf(a, role), body);
      expect(res.status, `${role}: ${JSON.stringify(res.body)}`).toBe(expected[role]);
    }
    const rows = await entriesOf(env, venue.id);
    const mine = rows.filter((r) => r.date === date);
    expect(mine.map((r) => r.user_id)).toEqual([a.guest.profile.id, a.otherGuest.profile.id]);
    expect(mine.every((r) => r.notified_at === null)).toBe(true);
  });

  it('answers the entry with the venue and the guest’s place in the queue', async () => {
    const date = await takenNight();
    const first = await joinWaitlist(env, a.otherGuest, {
      venue_id: venue.id,
      date,
      start_time: '20:00',
      end_time: '22:00',
    });
    const second = await joinWaitlist(env, a.guest, {
      venue_id: venue.id,
      date,
      start_time: '21:00',
      end_time: '23:00',
    });
    expect(first.body.position).toBe(1);
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({
      venue_id: venue.id,
      date,
      start_time: '21:00',
      end_time: '23:00',
      position: 2,
      notified_at: null,
      venue: { id: venue.id, name: venue.name, city: venue.city, time_zone: venue.time_zone },
    });
    expect(Object.keys(second.body).sort()).toEqual(
      [
        'created_at',
        'date',
        'end_time',
        'id',
        'notified_at',
        'position',
        'start_time',
        'venue',
        'venue_id',
      ].sort(),
    );
  });

  it('joins a past-midnight wish that overlaps the night before’s confirmed booking', async () => {
    const date = await takenNight(venue, '22:00', '02:00');
    const nextDay = new Date(`${date}T00:00:00Z`);
    nextDay.setUTCDate(nextDay.getUTCDate() + 1);
    const res = await joinWaitlist(env, a.guest, {
      venue_id: venue.id,
      date: nextDay.toISOString().slice(0, 10),
      start_time: '00:30',
      end_time: '02:00',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('refuses what cannot be waited for, with a specific message, writing nothing', async () => {
    const date = await takenNight();
    const free = freshDate();
    const inactive = await insertVenue(env, a.host, { is_active: false });
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ venue_id: venue.id, start_time: '20:00', end_time: '23:00' }, 400, 'Please choose a date.'],
      [{ venue_id: venue.id, date, start_time: '20:10', end_time: '23:00' }, 400, 'Start time'],
      [
        { venue_id: venue.id, date, start_time: '20:00', end_time: '20:00' },
        400,
        'End time must be different',
      ],
      [
        { venue_id: venue.id, date: '2030-06-01', start_time: '20:00', end_time: '23:00' },
        400,
        WAITLIST_MESSAGES.past,
      ],
      [{ venue_id: venue.id, date, start_time: '12:00', end_time: '15:00' }, 400, "venue's opening hours"],
      [
        { venue_id: venue.id, date: free, start_time: '20:00', end_time: '23:00' },
        409,
        WAITLIST_MESSAGES.slotFree,
      ],
      [{ venue_id: inactive.id, date, start_time: '20:00', end_time: '23:00' }, 404, 'Venue not found'],
      [{ venue_id: 'not-a-uuid', date, start_time: '20:00', end_time: '23:00' }, 400, 'Invalid venue id.'],
    ];
    const before = (await env.ctx.db.select().from(waitlistEntries)).length;
    const emails = await outboxCount(env);
    for (const [body, status, message] of cases) {
      const res = await joinWaitlist(env, a.guest, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toContain(message);
    }
    expect((await env.ctx.db.select().from(waitlistEntries)).length).toBe(before);
    expect(await outboxCount(env)).toBe(emails);
  });

  it('refuses a start that has passed today in the venue’s zone (400)', async () => {
    const today = await insertVenue(env, a.host, { open_to_flexible_hours: true });
    await insertBooking(env, today, a.otherGuest, {
      state: 'confirmed',
      date: TODAY,
      start_time: '10:00',
      end_time: '15:00',
    });
    const res = await joinWaitlist(env, a.guest, {
      venue_id: today.id,
      date: TODAY,
      start_time: '11:00',
      end_time: '13:00',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(WAITLIST_MESSAGES.begun);
  });

  it('refuses a time only the guest themself holds (409), but not one another guest also holds', async () => {
    const date = freshDate();
    await insertBooking(env, venue, a.guest, {
      state: 'confirmed',
      date,
      start_time: '20:00',
      end_time: '22:00',
    });
    const own = await joinWaitlist(env, a.guest, {
      venue_id: venue.id,
      date,
      start_time: '20:00',
      end_time: '21:00',
    });
    expect(own.status).toBe(409);
    expect(own.body.error).toEqual({ code: 'OWN_BOOKING', message: WAITLIST_MESSAGES.ownBooking });
    await insertBooking(env, venue, a.otherGuest, {
      state: 'confirmed',
      date,
      start_time: '22:00',
      end_time: '23:00',
    });
    const mixed = await joinWaitlist(env, a.guest, {
      venue_id: venue.id,
      date,
      start_time: '21:00',
      end_time: '23:00',
    });
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(201);
  });

  it('refuses the same guest, venue, date and times twice with 409', async () => {
    const date = await takenNight();
    const body = { venue_id: venue.id, date, start_time: '20:00', end_time: '23:00' };
    expect((await joinWaitlist(env, a.guest, body)).status).toBe(201);
    const again = await joinWaitlist(env, a.guest, body);
    expect(again.status).toBe(409);
    expect(again.body.error).toEqual({ code: 'DUPLICATE', message: WAITLIST_MESSAGES.duplicate });
    expect((await entriesOf(env, venue.id)).filter((r) => r.date === date)).toHaveLength(1);
  });
});

describe('GET /api/me/waitlist', () => {
  it('by role: each guest reads only their own current entries; signed out 401; others 403', async () => {
    const v = await insertVenue(env, a.host);
    const date = await takenNight(v);
    await joinWaitlist(env, a.guest, { venue_id: v.id, date, start_time: '20:00', end_time: '23:00' });
    await joinWaitlist(env, a.otherGuest, { venue_id: v.id, date, start_time: '21:00', end_time: '22:00' });
    // An entry whose date has passed is expired: never listed.
    await env.ctx.db.insert(waitlistEntries).values({
      venue_id: v.id,
      user_id: a.guest.profile.id,
      date: '2030-06-01',
      start_time: '20:00',
      end_time: '23:00',
    });

    const expected = { signedOut: 401, guest: 200, otherGuest: 200, host: 403, otherHost: 403, admin: 403 };
    for (const role of ROLES) {
      const res = await call(env, 'GET', '/api/me/waitlist', { cookie: actorOf(a, role)?.cookie });
      expect(res.status, role).toBe(expected[role]);
      if (res.status !== 200) continue;
      const ofVenue = res.body.entries.filter((e: { venue_id: string }) => e.venue_id === v.id);
      expect(ofVenue.map((e: { start_time: string }) => e.start_time)).toEqual(
        role === 'guest' ? ['20:00'] : ['21:00'],
      );
      expect(ofVenue[0].position).toBe(role === 'guest' ? 1 : 2);
    }
  });
});

describe('DELETE /api/waitlist/:id', () => {
  it('by role: only its guest leaves it (204); the host and the admin 403; strangers 404; signed out 401', async () => {
    const date = await takenNight();
    const joined = await joinWaitlist(env, a.guest, {
      venue_id: venue.id,
      date,
      start_time: '20:00',
      end_time: '23:00',
    });
    const id = joined.body.id as string;
    const expected = { signedOut: 401, otherGuest: 404, otherHost: 404, host: 403, admin: 403, guest: 204 };
    for (const role of ['signedOut', 'otherGuest', 'otherHost', 'host', 'admin', 'guest'] as const) {
      const res = await call(env, 'DELETE', `/api/waitlist/${id}`, { cookie: actorOf(a, role)?.cookie });
      expect(res.status, role).toBe(expected[role]);
      const left = (await entriesOf(env, venue.id)).some((r) => r.id === id);
      expect(left, role).toBe(role !== 'guest');
    }
    const again = await call(env, 'DELETE', `/api/waitlist/${id}`, { cookie: a.guest.cookie });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe(WAITLIST_MESSAGES.notFound);
  });
});

describe('GET /api/venues/:id/waitlist-demand', () => {
  it('by role: the venue’s host and the admin see guests per current date; others 403; signed out 401', async () => {
    const v = await insertVenue(env, a.host);
    const d1 = await takenNight(v);
    const d2 = await takenNight(v);
    await joinWaitlist(env, a.guest, { venue_id: v.id, date: d1, start_time: '20:00', end_time: '23:00' });
    await joinWaitlist(env, a.otherGuest, {
      venue_id: v.id,
      date: d1,
      start_time: '21:00',
      end_time: '23:00',
    });
    await joinWaitlist(env, a.guest, { venue_id: v.id, date: d2, start_time: '22:00', end_time: '23:00' });
    await env.ctx.db.insert(waitlistEntries).values({
      venue_id: v.id,
      user_id: a.guest.profile.id,
      date: '2030-06-02',
      start_time: '20:00',
      end_time: '23:00',
    });

    const expected = { signedOut: 401, guest: 403, otherGuest: 403, host: 200, otherHost: 403, admin: 200 };
    for (const role of ROLES) {
      const res = await call(env, 'GET', `/api/venues/${v.id}/waitlist-demand`, {
        cookie: actorOf(a, role)?.cookie,
      });
      expect(res.status, role).toBe(expected[role]);
      if (res.status === 200) {
        expect(res.body).toEqual({
          venue_id: v.id,
          dates: [
            { date: d1, guests: 2 },
            { date: d2, guests: 1 },
          ].sort((x, y) => x.date.localeCompare(y.date)),
        });
      }
    }
    const hidden = await insertVenue(env, a.host, { is_active: false });
    const res = await call(env, 'GET', `/api/venues/${hidden.id}/waitlist-demand`, {
      cookie: a.otherHost.cookie,
    });
    expect(res.status).toBe(404);
  });
});
