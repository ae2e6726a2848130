import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { ChangeFeed, type ChangeEvent } from '../src/server/adapters/realtime';
import type { Database } from '../src/server/db/client';
import { createLogger } from '../src/server/logger';
import { createTestEnv, type TestEnv } from './support/env';
import { type Accounts, createAccounts, createActiveVenue } from './factories';

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

describe('the change feed', () => {
  it('delivers committed venue changes to subscribers', async () => {
    const seen: ChangeEvent[] = [];
    const stop = env.ctx.changes.subscribe((e) => seen.push(e));
    try {
      const venue = await createActiveVenue(env, actors, { city: 'Feedtown' });
      await vi.waitFor(() => expect(seen.some((e) => e.entity === 'venue' && e.id === venue.id)).toBe(true));
    } finally {
      stop();
    }
  });

  // Only a PostgreSQL server can drop a connection under us; PGlite runs in-process.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'reconnects its LISTEN connection after the server drops it',
    async () => {
      const dropped = await env.ctx.db.execute(
        sql`select pg_terminate_backend(pid) as ok from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN%' and pid <> pg_backend_pid()`,
      );
      expect(rowsOf(dropped).length).toBeGreaterThan(0);
      const seen: ChangeEvent[] = [];
      const stop = env.ctx.changes.subscribe((e) => seen.push(e));
      try {
        await vi.waitFor(
          async () => {
            const listening = await env.ctx.db.execute(
              sql`select 1 from pg_stat_activity where datname = current_database() and query ilike 'LISTEN%'`,
            );
            expect(rowsOf(listening).length).toBeGreaterThan(0);
          },
          { timeout: 10_000, interval: 100 },
        );
        const venue = await createActiveVenue(env, actors, { city: 'Reconnectville' });
        await vi.waitFor(
          () => expect(seen.some((e) => e.entity === 'venue' && e.id === venue.id)).toBe(true),
          {
            timeout: 5000,
          },
        );
      } finally {
        stop();
      }
    },
  );
});

describe('the barrier a write waits on (caughtUp, decision 0089)', () => {
  it('comes back after every event of a transaction committed before it, and is not an event', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createActiveVenue(env, actors, { city: 'Barrierville' })).id);
    expect(await env.ctx.changes.caughtUp()).toBe(true);
    const seen: unknown[] = [];
    const stop = env.ctx.changes.subscribe((e) => seen.push(e));
    try {
      for (let round = 0; round < 20; round++) {
        seen.length = 0;
        // One transaction, one event per row; the barrier is asked for once it has committed.
        await env.ctx.db.execute(
          sql`update venues set updated_at = now() where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        );
        expect(await env.ctx.changes.caughtUp()).toBe(true);
        // No waiting: everything the update announced is here already.
        expect(seen.map((e) => (e as ChangeEvent).id).sort()).toEqual([...ids].sort());
      }
      expect(seen.every((e) => typeof e === 'object' && e !== null && 'entity' in e)).toBe(true);
    } finally {
      stop();
    }
  });

  it('is shared by the callers of one turn of the event loop (one NOTIFY)', async () => {
    const before = env.ctx.changes.barriersArrived;
    const results = await Promise.all([
      env.ctx.changes.caughtUp(),
      env.ctx.changes.caughtUp(),
      env.ctx.changes.caughtUp(),
    ]);
    expect(results).toEqual([true, true, true]);
    expect(env.ctx.changes.barriersArrived).toBe(before + 1);
  });

  /** A feed on this database whose LISTEN loses the barriers (or whose NOTIFY fails). */
  async function brokenFeed(how: 'lost' | 'unsent') {
    const database: Database = {
      ...env.ctx.database,
      listen: (channel, onPayload, onReconnect) =>
        env.ctx.database.listen(
          channel,
          (payload) => (how === 'lost' && payload.startsWith('barrier:') ? undefined : onPayload(payload)),
          onReconnect,
        ),
      db:
        how === 'unsent'
          ? new Proxy(env.ctx.database.db, {
              get: (target, key) =>
                key === 'execute'
                  ? () => Promise.reject(new Error('the database is unreachable'))
                  : Reflect.get(target, key),
            })
          : env.ctx.database.db,
    };
    const feed = new ChangeFeed(createLogger('silent'));
    await feed.start(database);
    let gaps = 0;
    feed.onGap(() => gaps++);
    return { feed, gaps: () => gaps };
  }

  it('that does not come back in time reports a gap, and does not hold the next writes as long', async () => {
    const { feed, gaps } = await brokenFeed('lost');
    try {
      expect(await feed.caughtUp(150)).toBe(false);
      expect(gaps()).toBe(1);
      // The feed is behind or down: the next barriers give up after a short wait, each a gap.
      const started = performance.now();
      expect(await feed.caughtUp(5_000)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(gaps()).toBe(2);
    } finally {
      await feed.stop();
    }
    // A stopped feed holds nobody.
    expect(await feed.caughtUp(5_000)).toBe(true);
  });

  it('that cannot be sent reports a gap at once', async () => {
    const { feed, gaps } = await brokenFeed('unsent');
    try {
      const started = performance.now();
      expect(await feed.caughtUp(5_000)).toBe(false);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(gaps()).toBe(1);
    } finally {
      await feed.stop();
    }
  });
});
