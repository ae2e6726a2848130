/**
 * Two-factor sign-in (issue 30, decision 76) through Better Auth's plugin: enrolment from the
 * account (password → secret and recovery codes → a code turns it on), sign-in with a code or a
 * single-use recovery code, new recovery codes, turning it off — each on and off written to the
 * audit trail — and the rule where money moves: the admin's bank details reveal and a host's first
 * additional charge are refused with 403 and a message until two-factor is on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { TWO_FACTOR_MESSAGES } from '../src/domain/two-factor';
import { auditEvents, authTwoFactors, payments, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import {
  STRONG_PASSWORD,
  call,
  cookieFrom,
  signUpAndSignIn,
  withTwoFactor,
  type Actor,
} from './support/client';
import { confirmedBooking, pay } from './support/payments-fixtures';
import { totpCode } from './support/two-factor';
import {
  ROLES,
  cookieOf,
  createAccounts,
  freezeClock,
  insertVenue,
  submitVenue,
  type Accounts,
} from './factories';

let env: TestEnv;
let a: Accounts;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const post = (path: string, cookie: string | null, json?: unknown) =>
  call(env, 'POST', path, { cookie, json });
const settings = async (cookie: string) => (await call(env, 'GET', '/api/account', { cookie })).body;
const sessionProfile = async (cookie: string) =>
  (await call(env, 'GET', '/api/session', { cookie })).body.profile as { id: string } | null;
const auditOf = (profileId: string, action: 'two_factor.enabled' | 'two_factor.disabled') =>
  env.ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.subject_id, profileId), eq(auditEvents.action, action)));
const rowOf = async (actor: Actor) =>
  (
    await env.ctx.db
      .select()
      .from(authTwoFactors)
      .where(eq(authTwoFactors.userId, userIdOf(actor)))
  )[0];
const userIdOf = (actor: Actor) => (actor.profile as unknown as { user_id: string }).user_id;

/** The password step: answers whether a code is needed, and the cookie that carries the step. */
async function passwordStep(actor: Actor, portal?: 'user' | 'host') {
  const res = await post('/api/accounts/sign-in', null, {
    email: actor.email,
    password: STRONG_PASSWORD,
    ...(portal ? { portal } : {}),
  });
  expect(res.status).toBe(200);
  return { res, cookie: cookieFrom(res.headers) };
}

describe('enrolment from the account', () => {
  let me: Actor;
  let secret = '';
  let recovery: string[] = [];

  beforeAll(async () => {
    me = await signUpAndSignIn(env, { role: 'user', name: 'Tess Twofactor' });
  });

  it('refuses a wrong password and writes nothing', async () => {
    const res = await post('/api/account/two-factor/enable', me.cookie, { current_password: 'Wrong-2026!' });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      field: 'current_password',
      message: 'Your current password is not correct.',
    });
    expect(await rowOf(me)).toBeUndefined();
  });

  it('answers the otpauth URI, its secret and ten recovery codes; still off until a code confirms', async () => {
    const res = await post('/api/account/two-factor/enable', me.cookie, {
      current_password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    secret = res.body.secret;
    recovery = res.body.recovery_codes;
    expect(res.body.totp_uri).toMatch(/^otpauth:\/\/totp\/Velvet:/);
    expect(new URL(res.body.totp_uri).searchParams.get('secret')).toBe(secret);
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    expect((await settings(me.cookie)).two_factor_enabled).toBe(false);
    // At rest the secret and the codes are ciphertext (the plugin encrypts them with AUTH_SECRET).
    const row = (await rowOf(me))!;
    expect(row.verified).toBe(false);
    expect(row.secret).not.toContain(secret);
    for (const code of recovery) expect(row.backupCodes).not.toContain(code);
    // Signing in still asks for the password only.
    expect((await passwordStep(me)).res.body.two_factor_required).toBe(false);
  });

  it('refuses a wrong or malformed code with the message, and stays off', async () => {
    const wrong = await post('/api/account/two-factor/confirm', me.cookie, {
      code: totpCode(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ field: 'code', message: TWO_FACTOR_MESSAGES.wrongCode });
    const short = await post('/api/account/two-factor/confirm', me.cookie, { code: '12' });
    expect(short.status).toBe(400);
    expect(short.body.error.message).toBe('Enter the 6-digit code from your authenticator app.');
    expect((await settings(me.cookie)).two_factor_enabled).toBe(false);
    expect(await auditOf(me.profile.id, 'two_factor.enabled')).toHaveLength(0);
  });

  it('turns on with a code from the app: a new session cookie, and an audit entry', async () => {
    const res = await post('/api/account/two-factor/confirm', me.cookie, { code: totpCode(secret) });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ two_factor_enabled: true });
    me = { ...me, cookie: cookieFrom(res.headers) };
    expect((await settings(me.cookie)).two_factor_enabled).toBe(true);
    const entries = await auditOf(me.profile.id, 'two_factor.enabled');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: me.profile.id, subject_type: 'account' });
    const again = await post('/api/account/two-factor/enable', me.cookie, {
      current_password: STRONG_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TWO_FACTOR_MESSAGES.alreadyOn);
  });

  it('sign-in: the password alone gives no session; a wrong code is refused; the right one signs in', async () => {
    const { res, cookie } = await passwordStep(me);
    expect(res.body).toEqual({ profile: null, role_updated: false, two_factor_required: true });
    expect(await sessionProfile(cookie)).toBeNull();
    const wrong = await post('/api/accounts/sign-in/two-factor', cookie, {
      method: 'totp',
      code: totpCode(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const ok = await post('/api/accounts/sign-in/two-factor', cookie, {
      method: 'totp',
      code: totpCode(secret),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.profile.id).toBe(me.profile.id);
    expect(ok.body.two_factor_required).toBe(false);
    expect((await sessionProfile(cookieFrom(ok.headers)))?.id).toBe(me.profile.id);
  });

  it('sign-in with a recovery code works once', async () => {
    const first = await passwordStep(me);
    const ok = await post('/api/accounts/sign-in/two-factor', first.cookie, {
      method: 'recovery',
      code: recovery[0],
    });
    expect(ok.status).toBe(200);
    expect((await sessionProfile(cookieFrom(ok.headers)))?.id).toBe(me.profile.id);
    const second = await passwordStep(me);
    const reused = await post('/api/accounts/sign-in/two-factor', second.cookie, {
      method: 'recovery',
      code: recovery[0],
    });
    expect(reused.status).toBe(400);
    expect(reused.body.error.message).toBe(TWO_FACTOR_MESSAGES.wrongRecoveryCode);
    expect(cookieFrom(reused.headers)).not.toMatch(/session_token=[^;]+/);
  });

  it('the code step is not for a signed-in session: an enrolment is finished only by confirm (409)', async () => {
    const other = await signUpAndSignIn(env, { role: 'user' });
    const started = await post('/api/account/two-factor/enable', other.cookie, {
      current_password: STRONG_PASSWORD,
    });
    const res = await post('/api/accounts/sign-in/two-factor', other.cookie, {
      method: 'totp',
      code: totpCode(started.body.secret),
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('ALREADY_SIGNED_IN');
    expect((await settings(other.cookie)).two_factor_enabled).toBe(false);
  });

  it('a code without the password step is refused (401), and signs no one in', async () => {
    const res = await post('/api/accounts/sign-in/two-factor', null, {
      method: 'totp',
      code: totpCode(secret),
    });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({
      code: 'TWO_FACTOR_EXPIRED',
      message: TWO_FACTOR_MESSAGES.challengeExpired,
    });
  });

  it('new recovery codes (password required) replace the old ones', async () => {
    const wrong = await post('/api/account/two-factor/recovery-codes', me.cookie, {
      current_password: 'Nope-2026!',
    });
    expect(wrong.status).toBe(400);
    const res = await post('/api/account/two-factor/recovery-codes', me.cookie, {
      current_password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(res.body.recovery_codes).toHaveLength(10);
    const step = await passwordStep(me);
    const old = await post('/api/accounts/sign-in/two-factor', step.cookie, {
      method: 'recovery',
      code: recovery[1],
    });
    expect(old.status).toBe(400);
    const fresh = await post('/api/accounts/sign-in/two-factor', step.cookie, {
      method: 'recovery',
      code: res.body.recovery_codes[0],
    });
    expect(fresh.status).toBe(200);
  });

  it('turns off with the password: an audit entry, and sign-in asks for the password only', async () => {
    const wrong = await post('/api/account/two-factor/disable', me.cookie, {
      current_password: 'Nope-2026!',
    });
    expect(wrong.status).toBe(400);
    expect((await settings(me.cookie)).two_factor_enabled).toBe(true);
    expect(await auditOf(me.profile.id, 'two_factor.disabled')).toHaveLength(0);
    const res = await post('/api/account/two-factor/disable', me.cookie, {
      current_password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(200);
    me = { ...me, cookie: cookieFrom(res.headers) };
    expect((await settings(me.cookie)).two_factor_enabled).toBe(false);
    expect(await rowOf(me)).toBeUndefined();
    expect(await auditOf(me.profile.id, 'two_factor.disabled')).toHaveLength(1);
    expect((await passwordStep(me)).res.body.two_factor_required).toBe(false);
    const again = await post('/api/account/two-factor/disable', me.cookie, {
      current_password: STRONG_PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(TWO_FACTOR_MESSAGES.notOn);
  });

  it('a guest who finishes a two-factor sign-in at the host portal becomes a host', async () => {
    const guest = await withTwoFactor(env, await signUpAndSignIn(env, { role: 'user' }));
    const step = await passwordStep(guest, 'host');
    expect(step.res.body.two_factor_required).toBe(true);
    const ok = await post('/api/accounts/sign-in/two-factor', step.cookie, {
      method: 'totp',
      code: totpCode(guest.totpSecret!),
      portal: 'host',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ role_updated: true, profile: { role: 'host' } });
  });
});

describe('each role', () => {
  const ROUTES = ['enable', 'confirm', 'disable', 'recovery-codes'] as const;

  it.each(ROUTES)('signed out: %s is 401', async (route) => {
    const res = await post(`/api/account/two-factor/${route}`, null, {
      current_password: STRONG_PASSWORD,
      code: '123456',
    });
    expect(res.status).toBe(401);
  });

  it.each(ROLES.filter((r) => r !== 'signedOut'))(
    '%s: reads whether their own two-factor is on',
    async (role) => {
      const account = await settings(cookieOf(a, role)!);
      // The standard host and admin have it on (tests/support/standard-accounts.ts).
      expect(account.two_factor_enabled).toBe(role === 'host' || role === 'admin');
    },
  );

  it('a guest may enrol; another guest’s account is untouched', async () => {
    const guest = await withTwoFactor(env, await signUpAndSignIn(env, { role: 'user' }));
    expect((await settings(guest.cookie)).two_factor_enabled).toBe(true);
    expect((await settings(a.otherGuest.cookie)).two_factor_enabled).toBe(false);
  });
});

describe('where money moves', () => {
  it('the admin without two-factor is refused a bank details reveal (403, the message, nothing logged)', async () => {
    const venue = await submitVenue(env, a.host);
    const reveal = (cookie: string) => post(`/api/admin/venues/${venue.id}/bank-details/reveal`, cookie);
    expect((await reveal(a.admin.cookie)).status).toBe(200);
    const off = await post('/api/account/two-factor/disable', a.admin.cookie, {
      current_password: STRONG_PASSWORD,
    });
    expect(off.status).toBe(200);
    const admin = { ...a.admin, cookie: cookieFrom(off.headers) };
    const revealsBefore = await env.ctx.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'bank_details.revealed'));
    const refused = await reveal(admin.cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'TWO_FACTOR_REQUIRED',
      message: 'Turn on two-factor sign-in in your account settings before revealing bank details.',
    });
    expect(
      await env.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'bank_details.revealed')),
    ).toHaveLength(revealsBefore.length);
    const back = await withTwoFactor(env, admin);
    expect((await reveal(back.cookie)).status).toBe(200);
    a.admin = back;
  });

  describe('a host’s first additional charge', () => {
    let venue: Venue;
    const HOUR = 3_600_000;

    async function chargeable(host: Actor) {
      venue = await insertVenue(env, host, { pricing_type: 'minimum_spend', base_price: 500 });
      const b = await confirmedBooking(env, venue, a.guest, { total_price: 500 });
      await pay(env, a.guest, b.id);
      return b;
    }
    const charge = (host: Actor, b: { id: string }) =>
      post('/api/charge-additional', host.cookie, {
        paymentIntentId: 'x',
        amount: 20,
        reason: 'damages',
        description: 'Broken glass',
        bookingId: b.id,
        venueId: venue.id,
        userId: a.guest.profile.id,
      });
    const chargesOf = async (bookingId: string) =>
      (await env.ctx.db.select().from(payments).where(eq(payments.booking_id, bookingId))).filter(
        (p) => p.kind === 'additional_charge',
      );

    it('is refused to a host without two-factor (403, the message, nothing charged); allowed once on', async () => {
      const host = await signUpAndSignIn(env, { role: 'host' });
      const b = await chargeable(host);
      env.clock.now = new Date(b.ends_at.getTime() + HOUR);
      const refused = await charge(host, b);
      expect(refused.status).toBe(403);
      expect(refused.body.error).toEqual({
        code: 'TWO_FACTOR_REQUIRED',
        message: TWO_FACTOR_MESSAGES.firstAdditionalCharge,
      });
      expect(await chargesOf(b.id)).toHaveLength(0);
      const enrolled = await withTwoFactor(env, host);
      const ok = await charge(enrolled, b);
      expect(ok.status).toBe(200);
      expect(ok.body.success).toBe(true);
      expect(await chargesOf(b.id)).toHaveLength(1);

      // A host who has charged before keeps charging without it (their earlier charges stand).
      const off = await post('/api/account/two-factor/disable', enrolled.cookie, {
        current_password: STRONG_PASSWORD,
      });
      expect(off.status).toBe(200);
      const again = await charge({ ...enrolled, cookie: cookieFrom(off.headers) }, b);
      expect(again.status).toBe(200);
      freezeClock(env);
    });

    it('the other host (not the venue’s) is still answered 404 as before, not asked for two-factor', async () => {
      const b = await chargeable(a.host);
      env.clock.now = new Date(b.ends_at.getTime() + HOUR);
      const res = await charge(a.otherHost, b);
      expect(res.status).toBe(404);
      expect(res.body.error.code).not.toBe('TWO_FACTOR_REQUIRED');
      freezeClock(env);
    });
  });
});
