/**
 * Issue 15, property-based fuzzing of every JSON endpoint: for each endpoint definition
 * (tests/support/endpoints.ts, checked against the routes the app registers, so a new route cannot be skipped), sent as a
 * caller its access rule lets in, with real ids of the right kind and garbage ones, fast-check
 * generates hostile bodies, query strings, path parameters and headers
 * (tests/support/fuzz-arbitraries.ts). Every answer is below 500, every 4xx is a JSON error
 * `{ error: { code, message } }`, and a refused request leaves the database's fingerprint as it
 * was (tests/support/fuzz-fingerprint.ts lists the tables left out, and why).
 *
 * Runs are bounded and seeded: FUZZ_RUNS (default 20) per operation, FUZZ_SEED (default below);
 * a failure prints the seed and the shrunk request, and `FUZZ_SEED=<seed>` replays it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type Operation } from './support/endpoints';
import { call, signUpAndSignIn, type Actor } from './support/client';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { type Accounts, createAccounts, freezeClock } from './factories';
import {
  bodyCase,
  headerCase,
  pathCase,
  queryCase,
  type BodyCase,
  type HeaderCase,
} from './support/fuzz-arbitraries';
import { changedTables, fingerprint } from './support/fuzz-fingerprint';
import { buildWorld, callerOf, type World } from './support/fuzz-world';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 15_2026);

let env: TestEnv;
let a: Accounts;
/** Signs out (every scope) with its own sessions, so the five roles keep theirs. */
let leaver: Actor;
const byStatus = new Map<string, number>();
const tally = { requests: 0, refused: 0, accepted: 0, rateLimited: 0, serverErrors: 0 };

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  leaver = await signUpAndSignIn(env, { role: 'user', name: 'Lea Leaver' });
  freezeClock(env);
}, 180_000);
afterAll(async () => {
  console.log(
    `fuzz-endpoints: ${JSON.stringify({ operations: OPERATIONS.length, runs: RUNS, seed: SEED, ...tally })}`,
  );
  if (process.env.FUZZ_VERBOSE) console.log([...byStatus].map(([k, n]) => `${k} ×${n}`).join('\n'));
  await env?.close();
});

interface Generated {
  path: string;
  query: string;
  body: BodyCase;
  headers: HeaderCase;
}

function cookieFor(o: Operation, h: HeaderCase): string | undefined {
  if (h.cookie === 'none') return undefined;
  if (h.cookie !== 'real') return h.cookie;
  if (o.path === '/api/accounts/sign-out') return leaver.cookie;
  const role = callerOf(o);
  return role === 'signedOut' ? undefined : a[role].cookie;
}

/** Sends one generated request; a live stream is read until its first chunk. */
async function send(o: Operation, g: Generated) {
  const headers: Record<string, string> = { origin: PUBLIC_URL, ...g.headers.extra };
  const cookie = cookieFor(o, g.headers);
  if (cookie) headers.cookie = cookie;
  if (g.body.contentType !== undefined) headers['content-type'] = g.body.contentType;
  const controller = new AbortController();
  const res = await env.app.request(`${g.path}${g.query}`, {
    method: o.method.toUpperCase(),
    headers,
    body: o.method === 'get' ? undefined : g.body.text,
    signal: controller.signal,
  });
  let text = '';
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    const reader = res.body!.getReader();
    await reader.read();
    await reader.cancel();
    controller.abort();
  } else {
    text = await res.text();
  }
  return { status: res.status, type: res.headers.get('content-type') ?? '', text };
}

const describeRequest = (o: Operation, g: Generated, status: number, text: string) =>
  `${o.method.toUpperCase()} ${g.path}${g.query}`.slice(0, 300) +
  ` [${g.body.contentType ?? 'no type'}] ${(g.body.text ?? '').slice(0, 200)} → ${status} ${text.slice(0, 300)}`;

async function fuzz(o: Operation, w: World) {
  const generated = fc.record({
    path: pathCase(o, w),
    query: o.method === 'get' || o.query ? queryCase(o) : fc.constant(''),
    body: o.method === 'get' ? fc.constant<BodyCase>({}) : bodyCase(o, w),
    headers: headerCase,
  });
  let last = await fingerprint(env);
  await fc.assert(
    fc.asyncProperty(generated, async (g) => {
      const { status, type, text } = await send(o, g);
      tally.requests++;
      if (process.env.FUZZ_VERBOSE) {
        const code = status >= 400 ? (JSON.parse(text || '{}').error?.code ?? '?') : '';
        const key = `${o.method} ${o.path} ${status} ${code}`;
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
      }
      const what = describeRequest(o, g, status, text);
      if (status >= 500) tally.serverErrors++;
      expect(status, what).toBeLessThan(500);
      const now = await fingerprint(env);
      if (status >= 400) {
        tally.refused++;
        if (status === 429) tally.rateLimited++;
        expect(type, what).toMatch(/^application\/json/);
        const error = JSON.parse(text).error;
        expect(typeof error?.code, what).toBe('string');
        expect(typeof error?.message, what).toBe('string');
        expect(error.message.length, what).toBeGreaterThan(0);
        expect(changedTables(last, now), `a refused request wrote: ${what}`).toEqual([]);
      } else {
        tally.accepted++;
      }
      last = now;
    }),
    { numRuns: RUNS, seed: SEED, endOnFailure: false },
  );
}

describe('the fuzzed endpoints are every route the app registers', () => {
  it('the endpoint definitions are every /api route of the router (a new route cannot be skipped)', () => {
    const listed = new Set(OPERATIONS.map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const registered = new Set(
      env.app.routes
        .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL')
        .map((r) => `${r.method} ${r.path}`),
    );
    const missing = [...registered].filter((r) => !listed.has(r)).sort();
    expect(
      missing,
      'routes the app registers that no endpoint definition describes (src/server/routes)',
    ).toEqual([]);
    expect(listed.size).toBe(OPERATIONS.length);
    expect(OPERATIONS.length).toBeGreaterThan(80);
  });
});

describe('hostile requests to every endpoint: < 500, a JSON error, nothing written when refused', () => {
  it.each(OPERATIONS.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))(
    '%s',
    async (_name, o) => {
      const w = await buildWorld(env, a);
      await fuzz(o, w);
    },
    120_000,
  );
});

/** Each answers a plain request, to know the world's ids reach the handlers (not just 404s). */
describe('the real ids reach the handlers', () => {
  it('GET of each kind of id, as its caller, is a 200', async () => {
    const w = await buildWorld(env, a);
    const reads: [string, string | null][] = [
      [`/api/venues/${w.venue.id}`, null],
      [`/api/bookings/${w.bookings.pending}`, a.guest.cookie],
      [`/api/bookings/${w.bookings.past}/review`, a.guest.cookie],
      [`/api/bookings/${w.bookings.confirmed}/cancellation`, a.guest.cookie],
      [`/api/venues/${w.venue.id}/overrides`, a.host.cookie],
      [`/api/calendar/venues/${w.feedFile}`, null],
    ];
    for (const [url, cookie] of reads) {
      const res = await call(env, 'GET', url, { cookie });
      expect(res.status, `${url} ${JSON.stringify(res.body).slice(0, 200)}`).toBe(200);
    }
  });
});
