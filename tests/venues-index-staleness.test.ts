/**
 * The venue index (decision 0031) is never stale: every change that alters a card, a filter or
 * the public detail shows in the very next answer of the server that made it (the writer tells
 * the list cache, which marks the venue dirty; the SQL answers until the index has re-read it),
 * then from the index again; and, on PostgreSQL, on a second app server on the same database as
 * soon as the change feed delivers.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../src/server/app';
import { openPostgres, type Database } from '../src/server/db/client';
import type { AppContext } from '../src/server/context';
import type { Venue } from '../src/server/db/schema';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { createTestEnv, RecordingTransport, type TestEnv } from './support/env';
import { call } from './support/client';
import { feedEvents } from './support/feed-events';
import {
  approveVenue,
  createAccounts,
  createActiveVenue,
  freezeClock,
  nightHours,
  submitVenue,
  type Accounts,
} from './factories';
import { insertPaidNight, reviewBody } from './support/reviews-fixtures';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const index = () => env.ctx.publicReads.index!;
let pokes: ReturnType<typeof feedEvents> | undefined;
const events = () => (pokes ??= feedEvents(env.ctx.publicReads));
type Page = {
  venues: Array<{ id: string; base_price: number; rating: { count: number } }>;
  total_count: number;
};

/** The list of one city, asked twice: at once after the change, then again once the index has re-read it. */
async function listTwice(city: string, extra = '') {
  const now = await call<Page>(env, 'GET', `/api/venues?location=${encodeURIComponent(city)}${extra}`);
  await index().settled();
  events().gap(); // drop the cached answer, not the index's state: ask it again
  await warm();
  const before = index().answered;
  const later = await call<Page>(
    env,
    'GET',
    `/api/venues?location=${encodeURIComponent(city)}${extra}&limit=11`,
  );
  expect(index().answered, 'answered from the index').toBe(before + 1);
  return { now: now.body, later: later.body };
}

/** Loads the index (a list request starts it) and waits until it is current. */
async function warm() {
  await call(env, 'GET', '/api/venues?limit=1');
  await index().settled();
  await call(env, 'GET', '/api/venues?limit=2');
  await index().settled();
}

describe('this server shows its own changes at once, then from the index', () => {
  it('a venue approved, edited, deactivated, deleted', async () => {
    await warm();
    const city = 'Stalecity One';
    const v = await submitVenue(env, actors.host, { city });
    expect((await listTwice(city)).later.total_count).toBe(0);
    await approveVenue(env, actors.admin, v.id);
    let seen = await listTwice(city);
    expect(seen.now.venues.map((c) => c.id)).toEqual([v.id]);
    expect(seen.later.venues.map((c) => c.id)).toEqual([v.id]);

    const detail = async () => call(env, 'GET', `/api/venues/${v.id}`);
    expect((await detail()).body.base_price).toBe(250);
    expect((await detail()).body.base_price).toBe(250); // now kept in memory
    const edited = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { base_price: 321 },
    });
    expect(edited.status).toBe(200);
    expect((await detail()).body.base_price).toBe(321);
    seen = await listTwice(city);
    expect(seen.now.venues[0]!.base_price).toBe(321);
    expect(seen.later.venues[0]!.base_price).toBe(321);

    const off = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { is_active: false },
    });
    expect(off.status).toBe(200);
    expect((await detail()).status).toBe(404);
    seen = await listTwice(city);
    expect([seen.now.total_count, seen.later.total_count]).toEqual([0, 0]);

    const w = await createActiveVenue(env, actors, { city });
    expect((await listTwice(city)).now.total_count).toBe(1);
    const gone = await call(env, 'DELETE', `/api/venues/${w.id}`, { cookie: actors.admin.cookie });
    expect(gone.status).toBe(200);
    seen = await listTwice(city);
    expect([seen.now.total_count, seen.later.total_count]).toEqual([0, 0]);
  });

  it('an override added and removed', async () => {
    await warm();
    const city = 'Stalecity Two';
    const v = await createActiveVenue(env, actors, { city });
    const date = '2099-03-06';
    expect((await listTwice(city, `&date=${date}`)).later.total_count).toBe(1);
    const closed = await call(env, 'POST', `/api/venues/${v.id}/overrides`, {
      cookie: actors.host.cookie,
      json: { date, price: 0, is_available: false, pricing_type: null },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    let seen = await listTwice(city, `&date=${date}`);
    expect([seen.now.total_count, seen.later.total_count]).toEqual([0, 0]);
    const removed = await call(env, 'DELETE', `/api/venues/${v.id}/overrides/${closed.body.id}`, {
      cookie: actors.host.cookie,
    });
    expect(removed.status).toBe(200);
    seen = await listTwice(city, `&date=${date}`);
    expect([seen.now.total_count, seen.later.total_count]).toEqual([1, 1]);
  });

  it('a review changing the rating', async () => {
    await warm();
    const city = 'Stalecity Three';
    const v = (await createActiveVenue(env, actors, { city })) as Venue;
    expect((await listTwice(city)).later.venues[0]!.rating.count).toBe(0);
    expect((await call(env, 'GET', `/api/venues/${v.id}`)).status).toBe(200);
    const night = await insertPaidNight(env, v, actors.guest);
    const res = await call(env, 'POST', '/api/reviews', {
      cookie: actors.guest.cookie,
      json: reviewBody(night.id, { rating: 4 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const seen = await listTwice(city);
    expect(seen.now.venues[0]!.rating).toEqual({ average: 4, count: 1 });
    expect(seen.later.venues[0]!.rating).toEqual({ average: 4, count: 1 });
    const top = await call<Page>(env, 'GET', `/api/venues?location=${encodeURIComponent(city)}&sort=rating`);
    expect(top.body.venues[0]!.id).toBe(v.id);
  });
});

describe('the calendar reads the kept detail of an active venue', () => {
  it('and shows new weekly hours and a new time zone at once', async () => {
    const v = await createActiveVenue(env, actors, { city: 'Stalecity Four' });
    const calendar = async () =>
      (await call(env, 'GET', `/api/venues/${v.id}/availability?from=2099-01-01&to=2099-01-31`)).body;
    // Kept once a read ends with no change event during it (the approval's may still arrive).
    const keep = () =>
      vi.waitFor(async () => {
        await call(env, 'GET', `/api/venues/${v.id}`);
        expect(index().peekDetail(v.id)).toBeDefined();
      });
    await keep();
    const hours = nightHours({ monday: { closed: true } });
    const put = await call(env, 'PUT', `/api/venues/${v.id}/hours`, {
      cookie: actors.host.cookie,
      json: { hours },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect((await calendar()).hours.monday.closed).toBe(true);
    await keep();
    const moved = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { time_zone: 'Asia/Tokyo' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await calendar()).time_zone).toBe('Asia/Tokyo');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a second app server on the same database', () => {
  let database: Database;
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    database = await openPostgres(env.databaseUrl!, 5);
    ctx = await createContext(env.config, database, createLogger('silent'), {
      mail: new RecordingTransport(),
    });
    app = createApp(ctx);
  });
  afterAll(async () => {
    await ctx?.changes.stop();
    await database?.close();
  });

  const other = async (path: string) => {
    const res = await app.request(path);
    return { status: res.status, body: (await res.json()) as Page & { base_price: number } };
  };

  it('shows each change once the change feed delivers it, from its own index', async () => {
    await other('/api/venues?limit=1');
    await ctx.publicReads.index!.settled();
    const city = 'Otherserver City';
    const v = await createActiveVenue(env, actors, { city });
    const list = (extra = '') => other(`/api/venues?location=${encodeURIComponent(city)}${extra}`);
    await vi.waitFor(async () => expect((await list()).body.total_count).toBe(1), { timeout: 5000 });
    expect((await other(`/api/venues/${v.id}`)).body.base_price).toBe(250);

    await call(env, 'PATCH', `/api/venues/${v.id}`, { cookie: actors.host.cookie, json: { base_price: 99 } });
    await vi.waitFor(async () => expect((await list()).body.venues[0]!.base_price).toBe(99), {
      timeout: 5000,
    });
    await vi.waitFor(async () => expect((await other(`/api/venues/${v.id}`)).body.base_price).toBe(99), {
      timeout: 5000,
    });

    const date = '2099-04-03';
    const closed = await call(env, 'POST', `/api/venues/${v.id}/overrides`, {
      cookie: actors.host.cookie,
      json: { date, price: 0, is_available: false, pricing_type: null },
    });
    expect(closed.status).toBe(201);
    await vi.waitFor(async () => expect((await list(`&date=${date}`)).body.total_count).toBe(0), {
      timeout: 5000,
    });

    await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { is_active: false },
    });
    await vi.waitFor(async () => expect((await list()).body.total_count).toBe(0), { timeout: 5000 });
    await vi.waitFor(async () => expect((await other(`/api/venues/${v.id}`)).status).toBe(404), {
      timeout: 5000,
    });

    // And the answers came from the other server's index once it had re-read the venue.
    await ctx.publicReads.index!.settled();
    feedEvents(ctx.publicReads).venueChanged(v.id);
    await ctx.publicReads.index!.settled();
    const before = ctx.publicReads.index!.answered;
    expect((await list('&limit=3')).body.total_count).toBe(0);
    expect(ctx.publicReads.index!.answered).toBe(before + 1);
  });
});
