import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import type { ChangeEvent } from '../src/server/adapters/realtime';
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
