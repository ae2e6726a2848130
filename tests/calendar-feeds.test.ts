/**
 * Calendars that sync (issue 14): the venue's private iCal feed and a booking's .ics file, for
 * each role, read back with a real iCalendar parser (ical.js). Times are checked as UTC
 * instants written out by hand, across midnight and the daylight-saving nights.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { venueCalendarFeeds, venues, type Venue } from '../src/server/db/schema';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  type Accounts,
  type Role,
  ROLES,
  bookingAction,
  cookieOf,
  createAccounts,
  createBooking,
  freezeClock,
  insertBooking,
  insertVenue,
} from './factories';

let env: TestEnv;
let a: Accounts;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

interface ParsedEvent {
  uid: string;
  summary: string;
  location: string;
  description: string;
  status: string;
  start: string;
  end: string;
}

/** The calendar's events as ical.js reads them, with start and end as UTC ISO strings. */
function parseIcs(text: string): { timeZone: string | null; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      status: String(component.getFirstPropertyValue('status')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
    };
  });
  const zone = calendar.getFirstPropertyValue('x-wr-timezone');
  return { timeZone: zone === null ? null : String(zone), events };
}

const feedOf = (venueId: string) =>
  env.ctx.db.select().from(venueCalendarFeeds).where(eq(venueCalendarFeeds.venue_id, venueId));

/** The feed's path on this server, from the URL the API answered. */
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC_URL}/api/calendar/venues/`)).toBe(true);
  expect(url.endsWith('.ics')).toBe(true);
  return new URL(url).pathname;
};

async function createFeed(venueId: string): Promise<string> {
  const res = await call(env, 'POST', `/api/venues/${venueId}/calendar-feed`, { cookie: a.host.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return pathOf(res.body.url);
}

describe('the feed URL: who may read and regenerate it', () => {
  const expected: Record<Role, number> = {
    signedOut: 401,
    guest: 403,
    otherGuest: 403,
    host: 200,
    otherHost: 403,
    admin: 403,
  };

  it.each(ROLES)('GET /api/venues/:id/calendar-feed as %s', async (role) => {
    const venue = await insertVenue(env, a.host);
    const before = await call(env, 'GET', `/api/venues/${venue.id}/calendar-feed`, {
      cookie: cookieOf(a, role),
    });
    expect(before.status).toBe(expected[role]);
    if (role === 'host') expect(before.body).toEqual({ url: null, created_at: null });
    else expect(before.body.error.code).toBe(role === 'signedOut' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
  });

  it.each(ROLES)('POST /api/venues/:id/calendar-feed as %s', async (role) => {
    const venue = await insertVenue(env, a.host);
    const res = await call(env, 'POST', `/api/venues/${venue.id}/calendar-feed`, {
      cookie: cookieOf(a, role),
    });
    expect(res.status).toBe(expected[role]);
    const rows = await feedOf(venue.id);
    if (role !== 'host') {
      expect(rows).toHaveLength(0);
      return;
    }
    expect(rows).toHaveLength(1);
    expect(pathOf(res.body.url)).toBe(`/api/calendar/venues/${rows[0]!.token}.ics`);
    // 256 random bits, URL-safe base64.
    expect(rows[0]!.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await call(env, 'GET', `/api/venues/${venue.id}/calendar-feed`, { cookie: a.host.cookie });
    expect(again.body.url).toBe(res.body.url);
  });

  it('an inactive venue is not found for the other roles; an unknown one for everyone', async () => {
    const inactive = await insertVenue(env, a.host, { is_active: false });
    for (const role of ['guest', 'otherHost'] as const) {
      const res = await call(env, 'GET', `/api/venues/${inactive.id}/calendar-feed`, {
        cookie: cookieOf(a, role),
      });
      expect(res.status).toBe(404);
    }
    const host = await call(env, 'GET', `/api/venues/${inactive.id}/calendar-feed`, {
      cookie: a.host.cookie,
    });
    expect(host.status).toBe(200);
    const unknown = await call(
      env,
      'POST',
      '/api/venues/00000000-0000-4000-8000-000000000000/calendar-feed',
      {
        cookie: a.host.cookie,
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe('the feed itself', () => {
  it.each(ROLES)(
    'is read with the secret URL alone, by anyone (%s), and 404 after regenerating',
    async (role) => {
      const venue = await insertVenue(env, a.host);
      await insertBooking(env, venue, a.guest, { state: 'confirmed' });
      const path = await createFeed(venue.id);
      const res = await env.app.request(path, {
        headers: role === 'signedOut' ? {} : { cookie: cookieOf(a, role)! },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(parseIcs(await res.text()).events).toHaveLength(1);

      const newPath = await createFeed(venue.id);
      expect(newPath).not.toBe(path);
      const old = await env.app.request(path);
      expect(old.status).toBe(404);
      expect((await env.app.request(newPath)).status).toBe(200);
    },
  );

  it('a made-up or malformed token is 404', async () => {
    for (const path of [
      `/api/calendar/venues/${'A'.repeat(43)}.ics`,
      '/api/calendar/venues/short.ics',
      '/api/calendar/venues/%27%20or%201%3D1.ics',
    ]) {
      expect((await env.app.request(path)).status, path).toBe(404);
    }
    const venue = await insertVenue(env, a.host);
    const path = await createFeed(venue.id);
    expect((await env.app.request(path.replace(/\.ics$/, ''))).status).toBe(404);
  });

  it('lists the confirmed bookings only, with the venue, guest and venue-local times', async () => {
    const venue = await insertVenue(env, a.host, {
      name: 'Feed Hall',
      address: '9 Feed St',
      city: 'New York',
    });
    const confirmed = await insertBooking(env, venue, a.guest, {
      state: 'confirmed',
      guest_count: 12,
      special_requests: 'Jazz trio',
    });
    await insertBooking(env, venue, a.guest, { state: 'pending' });
    await insertBooking(env, venue, a.otherGuest, { state: 'cancelled' });
    await insertBooking(env, venue, a.guest, { state: 'awaitingGuest' });
    const other = await insertVenue(env, a.host);
    await insertBooking(env, other, a.guest, { state: 'confirmed' });

    const { timeZone, events } = parseIcs(await (await env.app.request(await createFeed(venue.id))).text());
    expect(timeZone).toBe('America/New_York');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.uid).toBe(`booking-${confirmed.id}@localhost`);
    expect(event!.summary).toBe('Gina Guest, 12 guests');
    expect(event!.location).toBe('Feed Hall, 9 Feed St, New York');
    expect(event!.status).toBe('CONFIRMED');
    expect(event!.start).toBe(confirmed.starts_at.toISOString());
    expect(event!.end).toBe(confirmed.ends_at.toISOString());
    expect(event!.description).toContain('20:00–23:00, America/New York time');
    expect(event!.description).toContain('Event details: Jazz trio');
    expect(event!.description).toContain(`/venue-management/${venue.id}?tab=bookings`);
  });

  it('a booking approved through the API joins the feed (23:00–02:00 on the night the clocks go back)', async () => {
    const venue = await insertVenue(env, a.host);
    const path = await createFeed(venue.id);
    // Saturday 2 November 2030: New York leaves daylight time at 02:00 on the Sunday.
    const booking = await createBooking(env, a.guest, venue.id, {
      date: '2030-11-02',
      start_time: '23:00',
      end_time: '02:00',
    });
    expect(parseIcs(await (await env.app.request(path)).text()).events).toHaveLength(0);
    expect((await bookingAction(env, a.host, booking.id, 'approve')).status).toBe(200);
    const { events } = parseIcs(await (await env.app.request(path)).text());
    expect(events.map((e) => [e.start, e.end])).toEqual([
      ['2030-11-03T03:00:00.000Z', '2030-11-03T07:00:00.000Z'],
    ]);
  });
});

describe('23:00–02:00 on the daylight-saving nights, as a calendar reads them', () => {
  // UTC instants worked out by hand: New York is UTC−5 in winter and UTC−4 in summer, London
  // UTC+0 and UTC+1. On the spring night 02:00 does not exist; the booking ends at 03:00 local
  // time, the moment the clocks jump to (src/domain/instants.ts).
  const nights: Array<[string, string, string, string]> = [
    ['America/New_York', '2027-03-13', '2027-03-14T04:00:00.000Z', '2027-03-14T07:00:00.000Z'],
    ['America/New_York', '2027-11-06', '2027-11-07T03:00:00.000Z', '2027-11-07T07:00:00.000Z'],
    ['Europe/London', '2027-03-27', '2027-03-27T23:00:00.000Z', '2027-03-28T01:00:00.000Z'],
    ['Europe/London', '2027-10-30', '2027-10-30T22:00:00.000Z', '2027-10-31T02:00:00.000Z'],
    ['America/New_York', '2027-07-10', '2027-07-11T03:00:00.000Z', '2027-07-11T06:00:00.000Z'],
  ];

  it.each(nights)('%s, %s: feed and guest file agree', async (zone, date, start, end) => {
    freezeClock(env, new Date('2027-01-04T12:00:00Z'));
    try {
      const venue = await insertVenue(env, a.host, { time_zone: zone });
      const booking = await insertBooking(env, venue, a.guest, {
        state: 'confirmed',
        date,
        start_time: '23:00',
        end_time: '02:00',
      });
      const feed = parseIcs(await (await env.app.request(await createFeed(venue.id))).text());
      expect(feed.timeZone).toBe(zone);
      expect(feed.events.map((e) => [e.start, e.end])).toEqual([[start, end]]);

      const file = await env.app.request(`/api/bookings/${booking.id}/calendar.ics`, {
        headers: { cookie: a.guest.cookie },
      });
      const guest = parseIcs(await file.text());
      expect(guest.timeZone).toBe(zone);
      expect(guest.events.map((e) => [e.start, e.end])).toEqual([[start, end]]);
      expect(guest.events[0]!.description).toContain(
        `23:00–02:00 (ends the next day), ${zone.replace('_', ' ')} time`,
      );
    } finally {
      freezeClock(env);
    }
  });
});

describe('values that hold line breaks or separators (RFC 5545 escaping)', () => {
  // A name stored before one-line names were enforced, or written by another tool.
  const injected = 'Inj\r\nX-INJECT:1\r\nEND:VEVENT; a, b \\ c';

  it('the feed and the guest file keep one VEVENT and no injected line; names read back whole', async () => {
    const venue = await insertVenue(env, a.host, { name: injected, address: '1 Line\nBreak St' });
    const booking = await insertBooking(env, venue, a.guest, { state: 'confirmed' });
    const feed = await (await env.app.request(await createFeed(venue.id))).text();
    const file = await call(env, 'GET', `/api/bookings/${booking.id}/calendar.ics`, {
      cookie: a.guest.cookie,
    });
    for (const text of [feed, file.body as string]) {
      expect(text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(1);
      expect(text.match(/^END:VEVENT\r$/gm)).toHaveLength(1);
      expect(text).not.toMatch(/^X-INJECT/m);
      // One line each, escaped: \\n for the breaks, \\; \\, \\\\ for the separators.
      const escaped = 'Velvet: Inj\\nX-INJECT:1\\nEND:VEVENT\\; a\\, b \\\\ c';
      expect(text).toContain(`\r\nNAME:${escaped}\r\n`);
      expect(text).toContain(`\r\nX-WR-CALNAME:${escaped}\r\n`);
      const calendar = new ICAL.Component(ICAL.parse(text));
      expect(calendar.getAllSubcomponents('vevent')).toHaveLength(1);
    }
  });

  it('the API refuses a venue name or address with a line break (400, nothing written)', async () => {
    const venue = await insertVenue(env, a.host);
    for (const [field, label] of [
      ['name', 'Venue name'],
      ['address', 'Address'],
      ['city', 'City'],
    ] as const) {
      const res = await call(env, 'PATCH', `/api/venues/${venue.id}`, {
        cookie: a.host.cookie,
        json: { [field]: 'Line one\r\nX-INJECT:1' },
      });
      expect(res.status, field).toBe(400);
      expect(res.body.error).toMatchObject({ message: `${label} must be on one line.`, field });
    }
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.name).toBe(venue.name);
  });
});

describe("a booking's .ics file (Add to calendar)", () => {
  let venue: Venue;
  beforeAll(async () => {
    venue = await insertVenue(env, a.host, {
      name: 'The Copper Room',
      address: '5 Copper Lane',
      city: 'Brooklyn',
    });
  });

  const expected: Record<Role, number> = {
    signedOut: 401,
    guest: 200,
    otherGuest: 404,
    host: 200,
    otherHost: 404,
    admin: 200,
  };

  it.each(ROLES)('GET /api/bookings/:id/calendar.ics as %s', async (role) => {
    const booking = await insertBooking(env, venue, a.guest, { state: 'confirmed' });
    const res = await call(env, 'GET', `/api/bookings/${booking.id}/calendar.ics`, {
      cookie: cookieOf(a, role),
    });
    expect(res.status).toBe(expected[role]);
    if (res.status !== 200) return;
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="velvet-the-copper-room-${booking.date}.ics"`,
    );
    const { timeZone, events } = parseIcs(res.body);
    expect(timeZone).toBe('America/New_York');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      uid: `booking-${booking.id}@localhost`,
      summary: 'The Copper Room (Velvet booking)',
      location: 'The Copper Room, 5 Copper Lane, Brooklyn',
      status: 'CONFIRMED',
      start: booking.starts_at.toISOString(),
      end: booking.ends_at.toISOString(),
    });
    expect(events[0]!.description).toContain('Address: 5 Copper Lane, Brooklyn');
  });

  it('a pending request is tentative, a cancelled booking cancelled', async () => {
    const pending = await insertBooking(env, venue, a.guest, { state: 'pending' });
    const cancelled = await insertBooking(env, venue, a.guest, { state: 'cancelled' });
    for (const [booking, status] of [
      [pending, 'TENTATIVE'],
      [cancelled, 'CANCELLED'],
    ] as const) {
      const res = await call(env, 'GET', `/api/bookings/${booking.id}/calendar.ics`, {
        cookie: a.guest.cookie,
      });
      expect(parseIcs(res.body).events[0]!.status).toBe(status);
    }
  });

  it('an unknown or malformed booking id is 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await call(env, 'GET', `/api/bookings/${id}/calendar.ics`, { cookie: a.guest.cookie });
      expect(res.status).toBe(404);
    }
  });
});
