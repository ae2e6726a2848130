/**
 * Issue 15, "no GET changes anything": every GET route the app registers (the list is built
 * from the router, so a new route is walked without being listed here), called by each of the
 * six roles with real ids of every kind — a booking in each state, the venue with its override,
 * messages, waitlist entry, review, payment and calendar feed — then with garbage ids and with
 * generated query strings, leaves every table exactly as it was. Nothing is excluded from the
 * fingerprint: no GET may touch sessions, read receipts or rate-limit counters either (the
 * limits are on in this file).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type Operation } from './support/endpoints';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { type Accounts, ROLES, cookieOf, createAccounts, freezeClock } from './factories';
import { queryCase } from './support/fuzz-arbitraries';
import { changedTables, fingerprint } from './support/fuzz-fingerprint';
import { buildWorld, concretePath, type World } from './support/fuzz-world';

const SEED = Number(process.env.FUZZ_SEED ?? 15_2026);

let env: TestEnv;
let a: Accounts;
let w: World;

beforeAll(async () => {
  env = await createTestEnv({ RATE_LIMITS: 'true' });
  a = await createAccounts(env);
  freezeClock(env);
  w = await buildWorld(env, a);
  // A second world whose booking the first world's guest did not make: other people's data.
  await buildWorld(env, { ...a, guest: a.otherGuest, host: a.otherHost });
}, 180_000);
afterAll(async () => {
  await env?.close();
});

const getRoutes = () =>
  [...new Set(env.app.routes.filter((r) => r.method === 'GET').map((r) => r.path))].sort();

/** The concrete URLs of a route: one per booking state for a booking's routes, a garbage id too. */
function urlsOf(route: string): string[] {
  if (/\/bookings\/:id/.test(route)) {
    return Object.values(w.bookings).map((id) => route.replace(':id', id));
  }
  const urls = [concretePath(w, route)];
  if (route.includes(':id')) urls.push(route.replace(/:id/g, crypto.randomUUID()));
  return urls;
}

/** Requests a URL and reads its answer; a live stream is read until its first chunk. */
async function get(url: string, cookie: string | null) {
  const controller = new AbortController();
  const res = await env.app.request(url, {
    headers: cookie ? { cookie, origin: PUBLIC_URL } : { origin: PUBLIC_URL },
    signal: controller.signal,
  });
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    controller.abort();
  } else {
    await res.arrayBuffer();
  }
  return res.status;
}

const operationOf = (route: string): Operation =>
  OPERATIONS.find((o) => o.method === 'get' && o.path === route) ??
  ({ method: 'get', path: route, access: 'anyone' } as Operation);

describe('no GET changes anything', () => {
  it('the walk covers the routes it must (the list is built from the router)', () => {
    const routes = getRoutes();
    for (const o of OPERATIONS.filter((op) => op.method === 'get')) expect(routes).toContain(o.path);
    for (const p of ['/robots.txt', '/sitemap.xml', '/media/*']) expect(routes).toContain(p);
  });

  it('every GET route, as every role, with every kind of real id and garbage ids, writes nothing', async () => {
    const walked: string[] = [];
    for (const route of getRoutes()) {
      const before = await fingerprint(env, []);
      for (const url of urlsOf(route)) {
        for (const role of ROLES) {
          const status = await get(url, cookieOf(a, role));
          expect(status, `GET ${url} as ${role}`).toBeLessThan(500);
          walked.push(`${role} ${url} ${status}`);
        }
      }
      expect(changedTables(before, await fingerprint(env, [])), `GET ${route} wrote`).toEqual([]);
    }
    // Each role reads its own data somewhere (not only 401s and 404s).
    for (const role of ROLES)
      expect(walked.filter((s) => s.startsWith(`${role} `) && s.endsWith(' 200')).length).toBeGreaterThan(5);
  });

  it('generated query strings on every GET route, as the admin and as the owner, write nothing', async () => {
    for (const route of getRoutes()) {
      const before = await fingerprint(env, []);
      const queries = fc.sample(queryCase(operationOf(route)), { numRuns: 6, seed: SEED });
      for (const query of queries) {
        for (const cookie of [a.admin.cookie, a.host.cookie, a.guest.cookie]) {
          const url = `${urlsOf(route)[0]}${query}`;
          expect(await get(url, cookie), `GET ${url}`).toBeLessThan(500);
        }
      }
      expect(changedTables(before, await fingerprint(env, [])), `GET ${route} with a query wrote`).toEqual(
        [],
      );
    }
  });
});
