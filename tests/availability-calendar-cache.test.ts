/**
 * The calendar's overrides and confirmed times are kept per venue and range (decision 0034),
 * and never served stale: each test reads a range twice (the second read is answered from
 * memory), changes something, and reads it again. Only the change feed drops what is kept
 * (decision 0089): a change made through this server's API shows on the very next read, because
 * the write's answer waited for its own events; a change made straight in the database (as
 * another server would) shows once the feed delivers it.
 */
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/server/http/content-length';
import { TimedTransitionsWorker } from '../src/server/jobs/timed-transitions';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  FRIDAY,
  NOW,
  bookingAction,
  createAccounts,
  createBooking,
  freezeClock,
  insertBooking,
  insertOverride,
  insertVenue,
  type Accounts,
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

const RANGE = '?from=2030-06-01&to=2030-06-30';
const kept = () => env.ctx.publicReads.calendars;
type Calendar = {
  overrides: Array<{ date: string; is_available: boolean; price: number }>;
  taken: Array<{ date: string; start_time: string; end_time: string }>;
  today: string;
};

/** What `write` committed, once the change feed has delivered it here (as a request's answer waits). */
async function delivered<T>(write: Promise<T>): Promise<T> {
  const result = await write;
  expect(await env.ctx.changes.caughtUp()).toBe(true);
  return result;
}

/** The calendar of June 2030, read twice: the second answer must come from memory and agree. */
async function june(venueId: string): Promise<Calendar> {
  const first = await call<Calendar>(env, 'GET', `/api/venues/${venueId}/availability${RANGE}`);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  const hits = kept().hits;
  const second = await call<Calendar>(env, 'GET', `/api/venues/${venueId}/availability${RANGE}`);
  expect(kept().hits, 'answered from memory').toBe(hits + 1);
  expect(second.body).toEqual(first.body);
  return first.body;
}

describe('this server shows its own changes on the very next read (decision 0089)', () => {
  it('a booking approved, then cancelled by its guest', async () => {
    const venue = await delivered(insertVenue(env, a.host));
    expect((await june(venue.id)).taken).toEqual([]);
    const b = await createBooking(env, a.guest, venue.id);
    expect((await june(venue.id)).taken).toEqual([]); // pending holds no time
    expect((await bookingAction(env, a.host, b.id, 'approve')).status).toBe(200);
    expect((await june(venue.id)).taken).toEqual([{ date: FRIDAY, start_time: '20:00', end_time: '23:00' }]);
    const cancelled = await bookingAction(env, a.guest, b.id, 'cancel', { reason: 'Plans changed.' });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await june(venue.id)).taken).toEqual([]);
  });

  it('an override added, changed and removed by the host', async () => {
    const venue = await delivered(insertVenue(env, a.host));
    expect((await june(venue.id)).overrides).toEqual([]);
    const added = await call(env, 'POST', `/api/venues/${venue.id}/overrides`, {
      cookie: a.host.cookie,
      json: { date: '2030-06-20', price: 0, is_available: false, pricing_type: null },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await june(venue.id)).overrides.map((o) => [o.date, o.is_available])).toEqual([
      ['2030-06-20', false],
    ]);
    const patched = await call(env, 'PATCH', `/api/venues/${venue.id}/overrides/${added.body.id}`, {
      cookie: a.host.cookie,
      json: { is_available: true, price: 450 },
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await june(venue.id)).overrides.map((o) => [o.is_available, o.price])).toEqual([[true, 450]]);
    const removed = await call(env, 'DELETE', `/api/venues/${venue.id}/overrides/${added.body.id}`, {
      cookie: a.host.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await june(venue.id)).overrides).toEqual([]);
  });

  it('a confirmed booking released by the timed transitions (unpaid by its deadline)', async () => {
    const venue = await delivered(insertVenue(env, a.host));
    const due = new Date(NOW.getTime() + 60_000);
    await delivered(
      insertBooking(env, venue, a.guest, {
        state: 'confirmed',
        date: FRIDAY,
        payment_due_at: due,
        confirmed_at: NOW,
      }),
    );
    expect((await june(venue.id)).taken).toHaveLength(1);
    // A job answers nobody: its change reaches the read model through the feed, like another server's.
    const released = await delivered(new TimedTransitionsWorker(env.ctx).tick(new Date(due.getTime() + 1)));
    expect(released).toEqual({ expired: 0, released: 1 });
    expect((await june(venue.id)).taken).toEqual([]);
  });

  it('"today" is worked out on every request, not kept', async () => {
    const venue = await delivered(insertVenue(env, a.host));
    expect((await june(venue.id)).today).toBe('2030-06-03');
    freezeClock(env, new Date('2030-06-05T16:00:00Z'));
    try {
      expect((await june(venue.id)).today).toBe('2030-06-05');
    } finally {
      freezeClock(env);
    }
  });
});

describe('a change made elsewhere shows once the change feed delivers it', () => {
  it('a confirmed booking and an override written straight into the database', async () => {
    const venue = await insertVenue(env, a.host);
    // The feed delivers the venue's own insert whenever it comes: if between june()'s two reads,
    // it drops what the first read kept (as it must), and the reads are made again.
    await vi.waitFor(async () => expect(await june(venue.id)).toMatchObject({ taken: [], overrides: [] }), {
      timeout: 5000,
    });
    await insertBooking(env, venue, a.guest, { state: 'confirmed', date: FRIDAY, start_time: '21:00' });
    await vi.waitFor(
      async () =>
        expect((await june(venue.id)).taken).toEqual([
          { date: FRIDAY, start_time: '21:00', end_time: '23:00' },
        ]),
      { timeout: 5000 },
    );
    await insertOverride(env, venue, { date: '2030-06-21', is_available: false });
    await vi.waitFor(
      async () => expect((await june(venue.id)).overrides.map((o) => o.date)).toEqual(['2030-06-21']),
      { timeout: 5000 },
    );
  });
});

describe('venue rows asked at the same moment are read together', () => {
  it('each detail and calendar gets its own venue, and a hidden or unknown one is 404', async () => {
    const active = await Promise.all([1, 2, 3].map((n) => insertVenue(env, a.host, { name: `Batch ${n}` })));
    const hidden = await insertVenue(env, a.host, { name: 'Batch hidden', is_active: false });
    const unknown = '00000000-0000-4000-8000-000000000000';
    const ids = [...active.map((v) => v.id), hidden.id, unknown];
    const [details, calendars, asOwner] = await Promise.all([
      Promise.all(ids.map((id) => call(env, 'GET', `/api/venues/${id}`))),
      Promise.all(ids.map((id) => call(env, 'GET', `/api/venues/${id}/availability${RANGE}`))),
      Promise.all(ids.map((id) => call(env, 'GET', `/api/venues/${id}`, { cookie: a.host.cookie }))),
    ]);
    expect(details.map((r) => [r.status, r.body.name ?? r.body.error?.message])).toEqual([
      [200, 'Batch 1'],
      [200, 'Batch 2'],
      [200, 'Batch 3'],
      [404, 'Venue not found'],
      [404, 'Venue not found'],
    ]);
    expect(calendars.map((r) => r.status)).toEqual([200, 200, 200, 404, 404]);
    expect(asOwner.map((r) => [r.status, r.body.name ?? null])).toEqual([
      [200, 'Batch 1'],
      [200, 'Batch 2'],
      [200, 'Batch 3'],
      [200, 'Batch hidden'],
      [404, null],
    ]);
  });
});

describe('a detail and a calendar are sent whole, with their length', () => {
  it('small ones as they are, a large one gzipped in one piece; a kept detail shows its change', async () => {
    const venue = await insertVenue(env, a.host, { description: 'A long evening. '.repeat(400) });
    const ask = (path: string, headers: Record<string, string> = {}) =>
      env.app.request(path, { headers: { 'accept-encoding': 'gzip', ...headers } });
    const calendar = await ask(`/api/venues/${venue.id}/availability${RANGE}`);
    const calendarText = await calendar.text();
    expect(calendar.headers.get('content-encoding')).toBeNull();
    expect(calendar.headers.get('content-length')).toBe(String(Buffer.byteLength(calendarText)));
    expect(calendar.headers.get('cache-control')).toBe('no-store');
    expect(JSON.parse(calendarText).time_zone).toBe(venue.time_zone);

    for (let round = 0; round < 2; round++) {
      // The second round is answered from the kept detail (and its kept text).
      const detail = await ask(`/api/venues/${venue.id}`);
      expect(detail.headers.get('content-encoding')).toBe('gzip');
      expect(detail.headers.get('vary')).toMatch(/accept-encoding/i);
      const bytes = Buffer.from(await detail.arrayBuffer());
      expect(detail.headers.get('content-length')).toBe(String(bytes.byteLength));
      const text = gunzipSync(bytes).toString();
      expect(text.length).toBeGreaterThan(COMPRESS_THRESHOLD);
      expect(JSON.parse(text)).toMatchObject({ id: venue.id, description: venue.description });
    }
    // Between compress()'s 1 KB and COMPRESS_THRESHOLD, JSON is sent as it is (not streamed
    // through gzip by the compress middleware).
    const middle = await insertVenue(env, a.host, { description: 'A quiet night. '.repeat(120) });
    const mid = await ask(`/api/venues/${middle.id}`);
    expect(mid.headers.get('content-encoding')).toBeNull();
    const midText = await mid.text();
    expect(Buffer.byteLength(midText)).toBeGreaterThan(1024);
    expect(Buffer.byteLength(midText)).toBeLessThan(COMPRESS_THRESHOLD);
    expect(mid.headers.get('content-length')).toBe(String(Buffer.byteLength(midText)));
    expect(JSON.parse(midText).id).toBe(middle.id);
    const plain = await env.app.request(`/api/venues/${venue.id}`);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await plain.json()).id).toBe(venue.id);

    const edited = await call(env, 'PATCH', `/api/venues/${venue.id}`, {
      cookie: a.host.cookie,
      json: { base_price: 321 },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const after = await ask(`/api/venues/${venue.id}`);
    expect(after.status).toBe(200);
    expect(JSON.parse(gunzipSync(Buffer.from(await after.arrayBuffer())).toString()).base_price).toBe(321);
    const owner = await env.app.request(`/api/venues/${venue.id}`, { headers: { cookie: a.host.cookie } });
    expect(owner.headers.get('cache-control')).toBe('private, no-store');
    expect(await owner.json()).toMatchObject({ base_price: 321, host_id: a.host.profile.id });
  });
});
