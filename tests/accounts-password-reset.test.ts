/**
 * Forgot password (issue 12 item 5, decision 20): the request answers the same for every
 * address, the emailed link is single-use, expires after an hour and is stored hashed, the new
 * password follows sign-up's rules, and a reset ends every session of the account.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../src/domain/password';
import { authSessions, authUsers, emailOutbox, passwordResets } from '../src/server/db/schema';
import {
  call,
  cookieFrom,
  STRONG_PASSWORD,
  signUpAndSignIn,
  uniqueEmail,
  type Actor,
} from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { ROLES, type Role } from './factories';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

const NEW_PASSWORD = 'LateShift2031';

const forgot = (email: string, cookie?: string | null) =>
  call(env, 'POST', '/api/accounts/forgot-password', { json: { email }, cookie });
const reset = (json: Record<string, unknown>) => call(env, 'POST', '/api/accounts/reset-password', { json });
const signIn = (email: string, password: string) =>
  call(env, 'POST', '/api/accounts/sign-in', { json: { email, password } });
const session = (cookie: string) => call(env, 'GET', '/api/session', { cookie });

async function resetEmails(email: string) {
  return env.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'password_reset')))
    .orderBy(desc(emailOutbox.created_at));
}

/** The newest reset link sent to an address. */
async function resetLink(email: string): Promise<URL> {
  const [msg] = await resetEmails(email);
  expect(msg, `a reset email to ${email}`).toBeTruthy();
  const href = msg!.text.match(/https?:\/\/\S+reset-password\S+/)?.[0];
  expect(href).toBeTruthy();
  return new URL(href!);
}
const linkBody = (link: URL, password = NEW_PASSWORD) => ({
  token: link.searchParams.get('token'),
  email: link.searchParams.get('email'),
  password,
});

/** A fresh account of a role (resets change passwords, so the shared actors are not used). */
const accountOf = (role: Exclude<Role, 'signedOut'>): Promise<Actor> =>
  signUpAndSignIn(env, {
    role: role === 'admin' ? 'admin' : role === 'host' || role === 'otherHost' ? 'host' : 'user',
    name: `Reset ${role}`,
  });

describe('asking for a reset link', () => {
  it('answers 200 {ok:true} for a known address, an unknown one and an unconfirmed one alike', async () => {
    const known = await accountOf('guest');
    const unconfirmed = uniqueEmail('pending');
    expect(
      (
        await call(env, 'POST', '/api/accounts/sign-up', {
          json: { email: unconfirmed, password: STRONG_PASSWORD, full_name: 'Pen Ding' },
        })
      ).status,
    ).toBe(201);
    const answers = await Promise.all([
      forgot(known.email),
      forgot('nobody.at.all@example.com'),
      forgot(unconfirmed),
      forgot(known.email.toUpperCase()),
    ]);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body).toEqual({ ok: true });
      expect(a.headers.get('content-type')).toBe(answers[0]!.headers.get('content-type'));
    }
    // Only the confirmed account gets emails (two: the two spellings of its address).
    expect(await resetEmails(known.email)).toHaveLength(2);
    expect(await resetEmails('nobody.at.all@example.com')).toHaveLength(0);
    expect(await resetEmails(unconfirmed)).toHaveLength(0);
  });

  it('stores only the hash of the token, valid for one hour', async () => {
    const actor = await accountOf('guest');
    await forgot(actor.email);
    const link = await resetLink(actor.email);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(43);
    const rows = await env.ctx.db.select().from(passwordResets).where(eq(passwordResets.email, actor.email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const ttl = rows[0]!.expires_at.getTime() - rows[0]!.created_at.getTime();
    expect(Math.abs(ttl - 3600_000)).toBeLessThan(5_000);
  });

  it.each([
    [{}, 'Email is required.'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
    [{ email: 42 }, 'Please enter a valid email address.'],
  ])('refuses a bad body %j with 400 and a message, queuing nothing', async (json, message) => {
    const [before] = await env.ctx.db.select({ n: count() }).from(emailOutbox);
    const res = await call(env, 'POST', '/api/accounts/forgot-password', { json });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const [after] = await env.ctx.db.select({ n: count() }).from(emailOutbox);
    expect(after!.n).toBe(before!.n);
  });
});

describe('choosing a new password', () => {
  it.each(ROLES.filter((r): r is Exclude<Role, 'signedOut'> => r !== 'signedOut'))(
    '%s: the reset ends every session, the old password stops working, the new one works',
    async (role) => {
      const actor = await accountOf(role);
      // A second device.
      const other = cookieFrom((await signIn(actor.email, STRONG_PASSWORD)).headers);
      // Asking works signed in or out (the link goes to the account's address either way).
      await forgot(actor.email, actor.cookie);
      const link = await resetLink(actor.email);

      const res = await reset(linkBody(link));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ role: actor.profile.role });

      for (const cookie of [actor.cookie, other]) expect((await session(cookie)).body.profile).toBeNull();
      const [left] = await env.ctx.db
        .select({ n: count() })
        .from(authSessions)
        .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
        .where(eq(authUsers.email, actor.email));
      expect(left!.n).toBe(0);
      expect((await signIn(actor.email, STRONG_PASSWORD)).status).toBe(401);
      expect((await signIn(actor.email, NEW_PASSWORD)).status).toBe(200);
      // The owner is told.
      const changed = await env.ctx.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, actor.email), eq(emailOutbox.template, 'password_changed')));
      expect(changed).toHaveLength(1);
    },
  );

  it('a link works once; the other outstanding links of the account stop working too', async () => {
    const actor = await accountOf('guest');
    await forgot(actor.email);
    const first = await resetLink(actor.email);
    await forgot(actor.email);
    const second = await resetLink(actor.email);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));

    expect((await reset(linkBody(second))).status).toBe(200);
    const again = await reset(linkBody(second, 'AnotherOne2032'));
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({
      code: 'TOKEN_USED',
      message: 'This password reset link has already been used. Request a new one if you still need it.',
    });
    const older = await reset(linkBody(first, 'AnotherOne2032'));
    expect(older.body.error.code).toBe('TOKEN_USED');
    expect((await signIn(actor.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('two concurrent uses of one link: exactly one succeeds', async () => {
    const actor = await accountOf('guest');
    await forgot(actor.email);
    const link = await resetLink(actor.email);
    const answers = await Promise.all([
      reset(linkBody(link, 'FirstPick2031')),
      reset(linkBody(link, 'SecondPick2031')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  it('an expired link (after one hour) is refused and changes nothing', async () => {
    const actor = await accountOf('guest');
    await forgot(actor.email);
    const link = await resetLink(actor.email);
    env.clock.now = new Date(Date.now() + 61 * 60_000);
    try {
      const res = await reset(linkBody(link));
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({
        code: 'TOKEN_EXPIRED',
        message: 'This password reset link has expired. Request a new one.',
      });
    } finally {
      env.clock.now = null;
    }
    expect((await session(actor.cookie)).body.profile).not.toBeNull();
    expect((await signIn(actor.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('a made-up token, or the token with another address, is refused', async () => {
    const actor = await accountOf('guest');
    const victim = await accountOf('otherGuest');
    await forgot(actor.email);
    const link = await resetLink(actor.email);
    const madeUp = await reset({ token: 'x'.repeat(43), email: actor.email, password: NEW_PASSWORD });
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.error.code).toBe('INVALID_TOKEN');
    const swapped = await reset({ ...linkBody(link), email: victim.email });
    expect(swapped.body.error).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'This password reset link is not valid. Request a new one.',
    });
    expect((await signIn(victim.email, STRONG_PASSWORD)).status).toBe(200);
  });

  it('applies the sign-up password rules, keeping the link usable', async () => {
    const actor = await accountOf('guest');
    await forgot(actor.email);
    const link = await resetLink(actor.email);
    const weak = await reset(linkBody(link, 'short'));
    expect(weak.status).toBe(400);
    expect(weak.body.error.code).toBe('WEAK_PASSWORD');
    expect(weak.body.error.field).toBe('password');
    expect(weak.body.error.message).toContain(PASSWORD_MESSAGES.tooShort);
    const common = await reset(linkBody(link, 'password123'));
    expect(common.body.error.message).toContain(PASSWORD_MESSAGES.common);
    const named = await reset(linkBody(link, `${actor.email.split('@')[0]}99`));
    expect(named.body.error.message).toContain(PASSWORD_MESSAGES.containsEmail);
    // Nothing changed, and the link still works.
    expect((await session(actor.cookie)).body.profile).not.toBeNull();
    expect((await reset(linkBody(link))).status).toBe(200);
  });

  it.each([
    [{}, 'This password reset link is not valid. Request a new one.'],
    [{ token: 'abc', email: 'a@example.com' }, 'Password is required.'],
    [
      { token: 'abc', email: 'nope', password: NEW_PASSWORD },
      'This password reset link is not valid. Request a new one.',
    ],
  ])('refuses a bad body %j with 400 and a message', async (json, message) => {
    const res = await reset(json);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });
});
