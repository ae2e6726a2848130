import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccounts, type Accounts } from './factories';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

describe('HTTP basics', () => {
  it('reports health and the database engine', async () => {
    const res = await call(env, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('ok');
    expect(['pglite', 'postgres']).toContain(res.body.database);
    expect(res.body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('answers malformed JSON with 400 and a message', async () => {
    const res = await call(env, 'POST', '/api/accounts/sign-in', {
      body: '{"email": "a@b.co", "password": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'INVALID_JSON', message: 'Malformed JSON body.' });
  });

  it('answers a missing field with 400 naming the field', async () => {
    const res = await call(env, 'POST', '/api/accounts/sign-in', { json: { email: 'a@b.co' } });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('password');
    expect(res.body.error.message).toMatch(/password/i);
  });

  it('answers a body that is not JSON with 415 and an array body with 400', async () => {
    const form = await call(env, 'POST', '/api/accounts/sign-in', {
      body: 'email=a@b.co',
      headers: { 'content-type': 'text/plain' },
    });
    expect(form.status).toBe(415);
    expect((await call(env, 'POST', '/api/accounts/sign-in', { json: [1, 2] })).status).toBe(400);
  });

  it('answers an oversized body with 413', async () => {
    const res = await call(env, 'POST', '/api/accounts/sign-up', {
      json: { email: 'big@example.com', password: 'x', full_name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers an unknown API route with a JSON 404', async () => {
    const res = await call(env, 'GET', '/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
  });

  it('sends security headers', async () => {
    const res = await call(env, 'GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-frame-options')).toBeTruthy();
  });

  it('refuses cross-site form posts', async () => {
    const res = await env.app.request('/api/accounts/sign-out', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(res.status).toBe(403);
  });
});

describe('role guards on dashboards and admin endpoints', () => {
  const cases: Array<[string, 'admin' | 'host' | 'user']> = [
    ['/api/admin/stats', 'admin'],
    ['/api/admin/mailbox', 'admin'],
    ['/api/host/stats', 'host'],
    ['/api/me/bookings/stats', 'user'],
  ];
  for (const [path, role] of cases) {
    it(`${path}: 401 signed out, 403 for other roles, 200 for ${role}`, async () => {
      expect((await call(env, 'GET', path)).status).toBe(401);
      const who = {
        user: [actors.guest, actors.otherGuest],
        host: [actors.host, actors.otherHost],
        admin: [actors.admin],
      };
      for (const [r, list] of Object.entries(who)) {
        for (const a of list) {
          const res = await call(env, 'GET', path, { cookie: a.cookie });
          expect(res.status, `${r} on ${path}`).toBe(r === role ? 200 : 403);
        }
      }
    });
  }

  it('admin stats count zero on a fresh marketplace; mailbox lists the confirmation emails', async () => {
    const stats = await call(env, 'GET', '/api/admin/stats', { cookie: actors.admin.cookie });
    expect(stats.body).toEqual({
      pending_venues: 0,
      rejected_venues: 0,
      pending_bookings: 0,
      total_venues: 0,
      total_bookings: 0,
    });
    const mailbox = await call(env, 'GET', '/api/admin/mailbox', { cookie: actors.admin.cookie });
    expect(mailbox.body.messages.length).toBeGreaterThanOrEqual(5);
    // Exactly the five confirmation emails of the accounts this file signed up, nothing else.
    const sent = mailbox.body.messages as Array<{ to: string; subject: string }>;
    expect(sent.map((m) => m.to).sort()).toEqual(
      Object.values(actors)
        .map((x) => x.email.toLowerCase())
        .sort(),
    );
    expect(new Set(sent.map((m) => m.subject))).toEqual(new Set(['Confirm your Velvet account']));
    expect(mailbox.body.messages[0]).toHaveProperty('subject', 'Confirm your Velvet account');
    const forbidden = await call(env, 'GET', '/api/admin/stats', { cookie: actors.host.cookie });
    expect(forbidden.body.error.message).toBe('Access denied. Admin privileges required.');
  });

  it('public venue stats need no sign-in', async () => {
    const res = await call(env, 'GET', '/api/venues/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ active_venues: 0 });
  });
});
