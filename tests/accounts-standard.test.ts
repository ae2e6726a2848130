/**
 * The standard accounts every API test file starts from (`createAccounts`, tests/factories.ts):
 * signed up, confirmed and signed in once per run through the API, then copied into each file's
 * own database (tests/support/standard-accounts.ts). The copy must be a working account, and a
 * private one: what one file does to it never shows in another.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, cookieFrom, signUpAndSignIn, STRONG_PASSWORD } from './support/client';
import { totpCode } from './support/two-factor';
import { createTestEnv, type TestEnv } from './support/env';
import { createAccounts, emailsOf, ROLES, type Accounts } from './factories';

const ROLE_OF = { guest: 'user', otherGuest: 'user', host: 'host', otherHost: 'host', admin: 'admin' };
const SIGNED_IN = ROLES.filter((r) => r !== 'signedOut') as (keyof Accounts)[];

let one: TestEnv;
let two: TestEnv;
let a: Accounts;
let b: Accounts;
beforeAll(async () => {
  [one, two] = await Promise.all([createTestEnv(), createTestEnv()]);
  a = await createAccounts(one);
  b = await createAccounts(two);
});
afterAll(async () => {
  await Promise.all([one.close(), two.close()]);
});

const session = async (env: TestEnv, cookie: string) =>
  (await call(env, 'GET', '/api/session', { cookie })).body.profile;

describe('createAccounts', () => {
  it.each(SIGNED_IN)('%s: a signed-in session, with its role, name and email', async (role) => {
    const profile = await session(one, a[role].cookie);
    expect(profile).toMatchObject({ id: a[role].profile.id, email: a[role].email, role: ROLE_OF[role] });
    expect(a[role].profile.role).toBe(ROLE_OF[role]);
  });

  it('the five are different people, and no email address is part of another', () => {
    expect(new Set(SIGNED_IN.map((r) => a[r].profile.id)).size).toBe(5);
    expect(new Set(SIGNED_IN.map((r) => a[r].cookie)).size).toBe(5);
    // The authorization matrix finds a leaked address by searching response text for it.
    for (const r of SIGNED_IN) {
      for (const other of SIGNED_IN) if (other !== r) expect(a[r].email).not.toContain(a[other].email);
    }
  });

  it('each signs in with the password (a real hash check) and not with another', async () => {
    for (const role of SIGNED_IN) {
      const ok = await call(one, 'POST', '/api/accounts/sign-in', {
        json: { email: a[role].email, password: STRONG_PASSWORD },
      });
      expect(ok.status, role).toBe(200);
      const secret = a[role].totpSecret;
      // The host and the admin have two-factor sign-in on (decision 76): a code completes it.
      expect(ok.body.two_factor_required, role).toBe(Boolean(secret));
      const done = secret
        ? await call(one, 'POST', '/api/accounts/sign-in/two-factor', {
            cookie: cookieFrom(ok.headers),
            json: { method: 'totp', code: totpCode(secret) },
          })
        : ok;
      expect(done.status, role).toBe(200);
      expect(done.body.profile.id).toBe(a[role].profile.id);
    }
    const wrong = await call(one, 'POST', '/api/accounts/sign-in', {
      json: { email: a.guest.email, password: `${STRONG_PASSWORD}x` },
    });
    expect(wrong.status).toBe(401);
  });

  it('holds what the sign-up path queued: one confirmation email each', async () => {
    for (const role of SIGNED_IN) {
      expect(await emailsOf(one, 'account_confirmation', a[role].email), role).toHaveLength(1);
    }
  });

  it('leaves room after the copied rows: a new sign-up queues its email after theirs', async () => {
    const before = await emailsOf(one, 'account_confirmation');
    const newcomer = await signUpAndSignIn(one, { role: 'user', name: 'Nina Newcomer' });
    const [mail] = await emailsOf(one, 'account_confirmation', newcomer.email);
    expect(mail!.seq).toBeGreaterThan(Math.max(...before.map((m) => m.seq)));
  });

  it("is one file's own: ending every session in one database leaves the other's signed in", async () => {
    const res = await call(one, 'POST', '/api/accounts/sign-out', {
      cookie: a.otherGuest.cookie,
      json: { scope: 'global' },
    });
    expect(res.status).toBe(200);
    expect(await session(one, a.otherGuest.cookie)).toBeNull();
    expect(await session(two, b.otherGuest.cookie)).toMatchObject({ id: b.otherGuest.profile.id });
  });

  it('signs the accounts up for real where the recorded cookies cannot hold (another AUTH_SECRET)', async () => {
    const other = await createTestEnv({ AUTH_SECRET: 'another-secret-for-this-one-test-0123456789' });
    try {
      const c = await createAccounts(other);
      for (const role of SIGNED_IN) {
        expect(c[role].cookie, role).not.toBe(a[role].cookie);
        expect(await session(other, c[role].cookie), role).toMatchObject({ role: ROLE_OF[role] });
        // A cookie signed with the run's secret is not a session here.
        expect(await session(other, a[role].cookie), role).toBeNull();
      }
    } finally {
      await other.close();
    }
  });
});
