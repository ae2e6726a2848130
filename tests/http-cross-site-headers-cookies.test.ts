/**
 * Issue 15, the request edge: cross-site writes refused before any work, security headers on
 * every kind of answer, and session cookie attributes over http and https. (No GET writes
 * anything: tests/get-walk.test.ts walks every GET route as every role.)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { call, confirmationLink, STRONG_PASSWORD } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { createTestEnv, type TestEnv } from './support/env';
import { bookingBody, countBookings, insertVenue, freezeClock } from './factories';

let env: TestEnv;
let actors: Accounts;
let venueId: string;

beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
  freezeClock(env);
  venueId = (await insertVenue(env, actors.host)).id;
});
afterAll(async () => {
  await env.close();
});

const EVIL = 'https://evil.example';

describe('cross-site writes are refused before any work', () => {
  it('a JSON booking request with a valid session and a foreign Origin: 403, nothing written', async () => {
    const before = await countBookings(env);
    const res = await call(env, 'POST', '/api/bookings', {
      cookie: actors.guest.cookie,
      json: bookingBody(venueId),
      headers: { origin: EVIL },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual({ code: 'CROSS_SITE', message: 'Cross-site requests are not allowed.' });
    expect(await countBookings(env)).toBe(before);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s with a foreign Origin is refused whatever the body',
    async (method) => {
      for (const [type, body] of [
        ['application/json', '{}'],
        ['text/plain', 'x'],
        ['application/x-www-form-urlencoded', 'a=1'],
      ] as const) {
        const res = await env.app.request(`/api/venues/${venueId}`, {
          method,
          headers: { origin: EVIL, 'content-type': type, cookie: actors.host.cookie },
          body,
        });
        expect(res.status, `${method} ${type}`).toBe(403);
      }
    },
  );

  it('an Origin of "null" (sandboxed frame, file://) is refused', async () => {
    const res = await call(env, 'POST', '/api/accounts/sign-out', { headers: { origin: 'null' } });
    expect(res.status).toBe(403);
  });

  it('without Origin, Sec-Fetch-Site decides: cross-site and same-site refused, same-origin allowed', async () => {
    const post = (site: string) =>
      env.app.request('/api/accounts/sign-out', { method: 'POST', headers: { 'sec-fetch-site': site } });
    expect((await post('cross-site')).status).toBe(403);
    expect((await post('same-site')).status).toBe(403);
    expect((await post('same-origin')).status).toBe(200);
  });

  it('a request with neither header (curl, another server) is allowed', async () => {
    const before = await countBookings(env);
    const res = await env.app.request('/api/bookings', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: actors.guest.cookie },
      body: JSON.stringify(bookingBody(venueId, { date: '2030-06-21' })),
    });
    expect(res.status).toBe(201);
    expect(await countBookings(env)).toBe(before + 1);
  });

  it('the same origin is allowed, and reads are never refused for their Origin', async () => {
    const res = await call(env, 'POST', '/api/accounts/sign-out');
    expect(res.status).toBe(200);
    const read = await call(env, 'GET', '/api/health', { headers: { origin: EVIL } });
    expect(read.status).toBe(200);
  });

  it('webhooks (verified by signature, called by other servers) are exempt', async () => {
    const res = await call(env, 'POST', '/api/webhooks/stripe', {
      json: {},
      headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
    });
    // No webhook route exists yet: the answer is the 404 of an unknown route, not the 403.
    expect(res.status).toBe(404);
  });
});

describe('security headers on every kind of answer', () => {
  let spa: ReturnType<typeof createApp>;
  beforeAll(() => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'velvet-web-'));
    mkdirSync(path.join(root, 'assets'));
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Velvet</title><div id="root"></div>');
    writeFileSync(path.join(root, 'assets', 'app-1.js'), 'console.log(1)');
    spa = createApp(env.ctx, { staticDir: root });
  });

  const expectHeaders = (res: Response, what: string) => {
    const csp = res.headers.get('content-security-policy') ?? '';
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim(), what).toBe("script-src 'self'");
    expect(csp, what).toContain("object-src 'none'");
    expect(csp, what).toContain("base-uri 'none'");
    expect(csp, what).toContain("frame-ancestors 'none'");
    expect(csp, what).not.toContain('stripe');
    expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('permissions-policy'), what).toContain('camera=()');
    expect(res.headers.get('cross-origin-opener-policy'), what).toBe('same-origin');
    // PUBLIC_URL is http in this suite: no HSTS.
    expect(res.headers.get('strict-transport-security'), what).toBeNull();
  };

  it('HTML pages, assets, API answers, API errors, media and missing files', async () => {
    const cases: [string, RequestInit?][] = [
      ['/'],
      ['/venue/abc'],
      ['/assets/app-1.js'],
      ['/assets/missing-2.js'],
      ['/api/health'],
      ['/api/venues'],
      ['/api/nope'],
      ['/api/me/bookings'],
      ['/media/not/there.png'],
      ['/api/bookings', { method: 'POST', headers: { origin: EVIL } }],
      [
        '/api/accounts/sign-in',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' },
      ],
    ];
    for (const [url, init] of cases) expectHeaders(await spa.request(url, init), url);
  });

  it('every API answer says how long it may be kept: no-cache by default, no-store where a route says so', async () => {
    const venue = await insertVenue(env, actors.host);
    const cases: Array<[string, string, RequestInit?]> = [
      ['/api/venues', 'no-cache'],
      ['/api/venues?location=x&guests=-1', 'no-cache'],
      [`/api/venues/${venue.id}`, 'no-cache'],
      [`/api/venues/${venue.id}/availability?from=2031-06-01&to=2031-06-30`, 'no-store'],
      ['/api/venues/00000000-0000-4000-8000-000000000000', 'no-cache'],
      ['/api/health', 'no-store'],
      ['/api/nope', 'no-cache'],
      ['/api/me/bookings', 'no-cache'],
      ['/api/bookings', 'no-cache', { method: 'POST', headers: { origin: EVIL } }],
    ];
    for (const [url, expected, init] of cases) {
      const res = await spa.request(url, init);
      expect(res.headers.get('cache-control'), `${url} (${res.status})`).toBe(expected);
    }
    const own = await call(env, 'GET', '/api/me/bookings', { cookie: actors.guest.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
  });

  it('HSTS is sent when PUBLIC_URL is https', async () => {
    const https = await createTestEnv({ PUBLIC_URL: 'https://velvet.example' });
    try {
      const res = await https.app.request('/api/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await https.close();
    }
  });
});

describe('session cookies', () => {
  /** Signs up, confirms and signs in with no Origin header (allowed), returning the sign-in answer. */
  async function signIn(e: TestEnv, email: string) {
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const up = await e.app.request(
      '/api/accounts/sign-up',
      json({ email, password: STRONG_PASSWORD, full_name: 'Cookie Tester' }),
    );
    expect(up.status).toBe(201);
    const link = await confirmationLink(e, email);
    const confirm = await e.app.request(
      '/api/accounts/confirm',
      json({ token: link.searchParams.get('token'), email }),
    );
    expect(confirm.status).toBe(200);
    return e.app.request('/api/accounts/sign-in', json({ email, password: STRONG_PASSWORD }));
  }

  it('over http: HttpOnly, SameSite=Lax, Path=/, no Domain, not Secure', async () => {
    const res = await signIn(env, 'cookie.http@example.com');
    expect(res.status).toBe(200);
    const session = res.headers.getSetCookie().find((c) => c.startsWith('velvet.session_token='));
    expect(session).toBeTruthy();
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/; Domain=/i);
    expect(session).not.toMatch(/; Secure/i);
  });

  it('over https: also Secure and __Host- prefixed, and the session works', async () => {
    const https = await createTestEnv({ PUBLIC_URL: 'https://velvet.example' });
    try {
      const res = await signIn(https, 'cookie.https@example.com');
      expect(res.status).toBe(200);
      const cookies = res.headers.getSetCookie();
      const session = cookies.find((c) => c.startsWith('__Host-velvet.session_token='));
      expect(session, cookies.join('\n')).toBeTruthy();
      expect(session).toMatch(/; Secure/i);
      expect(session).toMatch(/; HttpOnly/i);
      expect(session).toMatch(/; SameSite=Lax/i);
      expect(session).toMatch(/; Path=\//i);
      expect(session).not.toMatch(/; Domain=/i);
      for (const c of cookies) expect(c.startsWith('__Host-'), c).toBe(true);
      const me = await https.app.request('/api/session', {
        headers: { cookie: cookies.map((c) => c.split(';')[0]).join('; ') },
      });
      expect((await me.json()).profile.email).toBe('cookie.https@example.com');
    } finally {
      await https.close();
    }
  });
});
