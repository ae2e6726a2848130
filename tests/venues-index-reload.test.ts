/**
 * When the venue index reloads everything (decision 0031): not every minute, but when the change
 * feed says it may have missed events (its connection came back), and after a long safety
 * interval. A second app server on the same database is given a change feed that can be made to
 * lose events and then report its reconnect, and an index on a clock the test moves.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../src/server/app';
import type { ChangeEvent } from '../src/server/adapters/realtime';
import type { Database } from '../src/server/db/client';
import type { AppContext } from '../src/server/context';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { BULK_CHANGE, VenueIndex } from '../src/server/services/venues/venue-index';
import { createTestEnv, RecordingTransport, type TestEnv } from './support/env';
import { call } from './support/client';
import { NO_VENUE, feedEvents } from './support/feed-events';
import { createAccounts, createActiveVenue, type Accounts } from './factories';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

type Page = { venues: Array<{ id: string; base_price: number }>; total_count: number };

/**
 * The database seen through a change feed that drops every payload while `lost` is set; `back()`
 * ends the loss and reports a reconnect through the adapter's own callback.
 */
function lossyListen(database: Database) {
  let reconnected: (() => void) | undefined;
  const state = { lost: false, dropped: [] as string[] };
  const wrapped: Database = {
    ...database,
    listen: (channel, onPayload, onReconnect) => {
      reconnected = onReconnect;
      return database.listen(
        channel,
        (payload) => (state.lost ? state.dropped.push(payload) : onPayload(payload)),
        onReconnect,
      );
    },
  };
  return {
    wrapped,
    state,
    /** The feed comes back: with `reconnect`, it reports it (as the PostgreSQL adapter does). */
    back(reconnect: boolean) {
      state.lost = false;
      if (reconnect) reconnected!();
    },
  };
}

describe('a second server whose change feed loses events', () => {
  const RELOAD_MS = 15 * 60_000;
  let feed: ReturnType<typeof lossyListen>;
  let ctx: AppContext;
  let app: ReturnType<typeof createApp>;
  let index: VenueIndex;
  let events: ReturnType<typeof feedEvents>;
  let t = Date.parse('2026-01-01T00:00:00Z');
  beforeAll(async () => {
    feed = lossyListen(env.ctx.database);
    ctx = await createContext(env.config, feed.wrapped, createLogger('silent'), {
      mail: new RecordingTransport(),
    });
    index = new VenueIndex(ctx.db, ctx.log, () => t, RELOAD_MS);
    ctx.publicReads.attach(index);
    events = feedEvents(ctx.publicReads);
    app = createApp(ctx);
  });
  afterAll(async () => {
    await ctx?.changes.stop();
  });

  const list = async (city: string) => {
    // Drop the cached pages without owing a full reload (an id that names no venue).
    events.venueChanged(NO_VENUE);
    await index.settled();
    const res = await app.request(`/api/venues?location=${encodeURIComponent(city)}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };
  /** Waits until the feed has dropped the event of this venue's last change (the loss happened). */
  const lostEventOf = (id: string, last: (e: ChangeEvent) => boolean, from = 0) =>
    vi.waitFor(
      () =>
        expect(
          feed.state.dropped.slice(from).some((p) => {
            if (p.startsWith('barrier:')) return false; // another server's write waiting for its feed
            const e = JSON.parse(p) as ChangeEvent;
            return e.id === id && last(e);
          }),
        ).toBe(true),
      { timeout: 5000 },
    );

  it('reloads at once when the feed reports its reconnect, and not every minute', async () => {
    await list('anything');
    await index.settled();
    const loads = index.fullLoads;
    expect(loads).toBe(1);

    feed.state.lost = true;
    const city = 'Reconnect City';
    const v = await createActiveVenue(env, actors, { city });
    await lostEventOf(v.id, (e) => e.entity === 'venue' && e.is_active && !e.was_active);
    feed.back(false);

    // The missed venue is not shown, from the index, even after the old one-minute TTL.
    t += 61_000;
    let answered = index.answered;
    expect((await list(city)).total_count).toBe(0);
    expect(index.answered).toBe(answered + 1);
    await index.settled();
    expect(index.fullLoads).toBe(loads);

    // The feed reports a reconnect: the next answer is current (by SQL while the index reloads).
    feed.state.lost = true;
    feed.back(true);
    expect((await list(city)).venues.map((c) => c.id)).toEqual([v.id]);
    await index.settled();
    expect(index.fullLoads).toBe(loads + 1);
    answered = index.answered;
    expect((await list(city)).venues.map((c) => c.id)).toEqual([v.id]);
    expect(index.answered, 'from the reloaded index').toBe(answered + 1);
  });

  it('reloads after the safety interval a change lost without a reconnect', async () => {
    const city = 'Silent Loss City';
    const v = await createActiveVenue(env, actors, { city });
    await vi.waitFor(async () => expect((await list(city)).total_count).toBe(1), { timeout: 5000 });
    const loads = index.fullLoads;

    feed.state.lost = true;
    const from = feed.state.dropped.length;
    const edited = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { base_price: 777 },
    });
    expect(edited.status).toBe(200);
    await lostEventOf(v.id, (e) => e.entity === 'venue' && e.op === 'update', from);
    feed.back(false);

    t += RELOAD_MS - 1_000;
    expect((await list(city)).venues[0]!.base_price).toBe(250);
    expect(index.fullLoads).toBe(loads);

    // Past the interval the reload starts; the index keeps answering (stale) while it runs.
    t += 2_000;
    const answered = index.answered;
    expect((await app.request(`/api/venues?location=${encodeURIComponent(city)}&limit=3`)).status).toBe(200);
    expect(index.answered, 'not declined during a safety reload').toBe(answered + 1);
    await index.settled();
    expect(index.fullLoads).toBe(loads + 1);
    expect((await list(city)).venues[0]!.base_price).toBe(777);
  });

  it('reads everything in pages, and answers as the SQL does', async () => {
    for (let i = 0; i < 4; i++) await createActiveVenue(env, actors, { city: `Paged City ${i}` });
    index.loadPageSize = 2;
    events.gap(); // a full reload is owed
    await list('Paged');
    await index.settled();
    const [row] = (
      (await ctx.db.execute(sql`select count(*)::int as n from venues where is_active`)) as unknown as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    expect(row!.n).toBeGreaterThanOrEqual(4); // several pages of 2
    expect(index.size).toBe(row!.n);
    const page = async () => (await app.request('/api/venues?limit=48')).text();
    events.venueChanged(NO_VENUE);
    await index.settled();
    const answered = index.answered;
    const fromIndex = await page();
    expect(index.answered).toBe(answered + 1);
    ctx.publicReads.enabled = false;
    try {
      expect(await page()).toBe(fromIndex);
    } finally {
      ctx.publicReads.enabled = true;
    }
  });

  it('owes one full reload for a bulk change instead of reading each venue', async () => {
    const BULK = 8;
    for (let i = 0; i < BULK; i++) await createActiveVenue(env, actors, { city: `Bulk City ${i}` });
    await vi.waitFor(async () => expect((await list('Bulk City')).total_count).toBe(BULK), { timeout: 5000 });
    await index.settled();
    const loads = index.fullLoads;
    const reads = index.venueReads;
    const version = index.version;
    index.bulkChange = 3;
    try {
      // One statement changes every one of them: the feed brings one event per venue.
      await ctx.db.execute(sql`update venues set base_price = 321 where city like 'Bulk City %'`);
      await vi.waitFor(() => expect(index.version).toBeGreaterThanOrEqual(version + BULK), { timeout: 5000 });
      await index.settled();
      // At most the first few were read alone; then the index declined until one full load.
      expect(index.venueReads - reads).toBeLessThanOrEqual(3);
      const declined = index.declined;
      const page = await list('Bulk City');
      expect(page.venues.map((c) => c.base_price)).toEqual(Array(BULK).fill(321));
      expect(index.declined, 'answered by SQL while the full load is owed').toBe(declined + 1);
      await index.settled();
      expect(index.fullLoads).toBe(loads + 1);
      const answered = index.answered;
      expect((await list('Bulk City')).venues.map((c) => c.base_price)).toEqual(Array(BULK).fill(321));
      expect(index.answered, 'from the reloaded index').toBe(answered + 1);
    } finally {
      index.bulkChange = BULK_CHANGE;
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL change feed', () => {
  it('reports a gap when its LISTEN connection is cut and comes back', async () => {
    let gaps = 0;
    const stop = env.ctx.changes.onGap(() => gaps++);
    const admin = new pg.Client({ connectionString: env.databaseUrl });
    await admin.connect();
    try {
      const cut = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN %'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      await vi.waitFor(() => expect(gaps).toBeGreaterThan(0), { timeout: 5000 });
    } finally {
      stop();
      await admin.end();
    }
    // And the feed delivers again after it.
    let seen = 0;
    const off = env.ctx.changes.subscribe(() => seen++);
    await createActiveVenue(env, actors, { city: 'After The Cut' });
    await vi.waitFor(() => expect(seen).toBeGreaterThan(0), { timeout: 5000 });
    off();
  });
});
