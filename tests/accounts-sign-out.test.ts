/**
 * Sign-out scopes (SPEC §8: local, others, global; issue 12 item 5): "sign out of every other
 * device" keeps this device signed in and ends the account's other sessions, and nobody else's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFrom, STRONG_PASSWORD, signUpAndSignIn, type Actor } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { totpCode } from './support/two-factor';
import { createAccounts, ROLES, type Accounts, type Role } from './factories';

let env: TestEnv;
let shared: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  shared = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const signOut = (cookie: string | null, json?: unknown) =>
  call(env, 'POST', '/api/accounts/sign-out', { cookie, ...(json === undefined ? {} : { json }) });
const signedIn = async (cookie: string) =>
  (await call(env, 'GET', '/api/session', { cookie })).body.profile !== null;

/** Another device of the same account. */
async function anotherDevice(actor: Actor) {
  const res = await call(env, 'POST', '/api/accounts/sign-in', {
    json: { email: actor.email, password: STRONG_PASSWORD },
  });
  expect(res.status).toBe(200);
  if (!res.body.two_factor_required) return cookieFrom(res.headers);
  // The standard admin has two-factor sign-in on (decision 76): the code step completes it.
  const done = await call(env, 'POST', '/api/accounts/sign-in/two-factor', {
    cookie: cookieFrom(res.headers),
    json: { method: 'totp', code: totpCode(actor.totpSecret!) },
  });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return cookieFrom(done.headers);
}

/** A fresh account for a role (these tests end sessions, so the shared actors are not used). */
const fresh = (role: Exclude<Role, 'signedOut'>) =>
  role === 'admin'
    ? anotherDeviceOf(shared.admin)
    : signUpAndSignIn(env, { role: role === 'host' || role === 'otherHost' ? 'host' : 'user' });
async function anotherDeviceOf(actor: Actor): Promise<Actor> {
  return { ...actor, cookie: await anotherDevice(actor) };
}

describe('scope others', () => {
  it.each(ROLES.filter((r): r is Exclude<Role, 'signedOut'> => r !== 'signedOut'))(
    '%s: this device stays signed in, the other devices are signed out, other accounts untouched',
    async (role) => {
      const me = await fresh(role);
      const phone = await anotherDevice(me);
      const laptop = await anotherDevice(me);
      const bystander = await anotherDeviceOf(shared.otherGuest);

      const res = await signOut(me.cookie, { scope: 'others' });
      expect(res.status).toBe(200);
      // The admin account also had the session createAccounts made.
      const ended = role === 'admin' ? 3 : 2;
      expect(res.body).toEqual({ ok: true, scope: 'others', ended_other_sessions: ended });
      expect(res.headers.getSetCookie()).toEqual([]);

      expect(await signedIn(me.cookie)).toBe(true);
      expect(await signedIn(phone)).toBe(false);
      expect(await signedIn(laptop)).toBe(false);
      expect(await signedIn(bystander.cookie)).toBe(true);
      // Nothing left to end.
      expect((await signOut(me.cookie, { scope: 'others' })).body.ended_other_sessions).toBe(0);
    },
  );

  it('signed out: 401, nothing ended', async () => {
    const bystander = await anotherDeviceOf(shared.guest);
    const res = await signOut(null, { scope: 'others' });
    expect(res.status).toBe(401);
    expect(await signedIn(bystander.cookie)).toBe(true);
  });
});

describe('scope global', () => {
  it('ends every session of the account, this one included, and clears the cookie', async () => {
    const me = await fresh('guest');
    const phone = await anotherDevice(me);
    const res = await signOut(me.cookie, { scope: 'global' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, scope: 'global', ended_other_sessions: 1 });
    expect(res.headers.getSetCookie().some((c) => /session_token=;/.test(c))).toBe(true);
    expect(await signedIn(me.cookie)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
  });

  it('signed out: 401', async () => {
    expect((await signOut(null, { scope: 'global' })).status).toBe(401);
  });
});

describe('scope local (the default)', () => {
  it('with no body ends only this device', async () => {
    const me = await fresh('host');
    const phone = await anotherDevice(me);
    const res = await signOut(me.cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, scope: 'local', ended_other_sessions: 0 });
    expect(await signedIn(me.cookie)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
  });

  it('signed out: still ok (sign-out never fails)', async () => {
    const res = await signOut(null);
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
  });

  it('refuses an unknown scope with 400 and a message, ending nothing', async () => {
    const me = await fresh('guest');
    const res = await signOut(me.cookie, { scope: 'everyone' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Scope must be local, others or global.');
    expect(await signedIn(me.cookie)).toBe(true);
  });
});
