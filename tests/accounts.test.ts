import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { emailOutbox, profiles } from '../src/server/db/schema';
import { createTestEnv, type TestEnv, ADMIN_EMAIL } from './support/env';
import {
  STRONG_PASSWORD,
  call,
  confirmationLink,
  cookieFrom,
  signUpAndSignIn,
  uniqueEmail,
  type Actor,
} from './support/client';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

const signUp = (json: Record<string, unknown>) => call(env, 'POST', '/api/accounts/sign-up', { json });
const signIn = (json: Record<string, unknown>) => call(env, 'POST', '/api/accounts/sign-in', { json });
const confirm = (link: URL) =>
  call(env, 'POST', '/api/accounts/confirm', {
    json: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
  });

describe('sign-up', () => {
  it('never grants admin from the sign-up request: asking for role admin gives a user profile', async () => {
    const email = uniqueEmail('wannabe');
    const res = await signUp({ email, password: STRONG_PASSWORD, full_name: 'Wanna Be', role: 'admin' });
    expect(res.status).toBe(201);
    expect(res.body.role).toBe('user');
    const [p] = await env.ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(p?.role).toBe('user');
  });

  it('refuses a weak password and lists the reasons', async () => {
    const res = await signUp({ email: uniqueEmail('weak'), password: 'abc', full_name: 'Weak Pw' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('WEAK_PASSWORD');
    expect(res.body.error.message).toContain('at least 8 characters');
    expect(res.body.error.message).toContain('number');
  });

  it('names a missing field', async () => {
    const res = await signUp({ email: uniqueEmail('nofield'), password: STRONG_PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.error.field).toBe('full_name');
    expect(res.body.error.message).toMatch(/full name/i);
  });

  it('requires business name and phone for hosts, and stores them on the profile', async () => {
    const email = uniqueEmail('host');
    const missing = await signUp({ email, password: STRONG_PASSWORD, full_name: 'Hal Host', role: 'host' });
    expect(missing.status).toBe(400);
    const ok = await signUp({
      email,
      password: STRONG_PASSWORD,
      full_name: 'Hal Host',
      role: 'host',
      business_name: 'Hal Bars Inc',
      phone: '+1 555 0199',
    });
    expect(ok.status).toBe(201);
    const [p] = await env.ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(p).toMatchObject({ role: 'host', business_name: 'Hal Bars Inc', phone: '+1 555 0199' });
    const link = await confirmationLink(env, email);
    expect(link.pathname).toBe('/confirm-email');
    expect(link.searchParams.get('role')).toBe('host');
  });

  it('answers a confirmed address as a new one (201), changes nothing and emails its owner', async () => {
    const taken = await signUpAndSignIn(env, { role: 'user', name: 'Dup One' });
    const fresh = await signUp({
      email: uniqueEmail('fresh'),
      password: STRONG_PASSWORD,
      full_name: 'New One',
    });
    const again = await signUp({
      email: taken.email.toUpperCase(),
      password: 'Intruder2026!x',
      full_name: 'Dup Two',
    });
    expect(again.status).toBe(fresh.status);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(again.body).toEqual({ email: taken.email.toLowerCase(), role: 'user' });
    // The owner's name, password and session are untouched; they are told by email.
    const [p] = await env.ctx.db.select().from(profiles).where(eq(profiles.email, taken.email.toLowerCase()));
    expect(p!.full_name).toBe('Dup One');
    expect((await call(env, 'GET', '/api/session', { cookie: taken.cookie })).body.profile).toBeTruthy();
    const mail = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, taken.email.toLowerCase()), eq(emailOutbox.template, 'account_exists')));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('You already have a Velvet account');
    expect(mail[0]!.text).toContain('/forgot-password');
    expect(mail[0]!.text).not.toContain('confirm-email');
  });

  it('signing up again over an unconfirmed address replaces the password and voids the old link', async () => {
    const email = uniqueEmail('victim');
    // Someone else pre-registers the address with a password they know…
    expect((await signUp({ email, password: 'Intruder2026', full_name: 'Not The Owner' })).status).toBe(201);
    const intrudersLink = await confirmationLink(env, email);
    // …then the owner signs up with their own password.
    const owner = await signUp({
      email,
      password: STRONG_PASSWORD,
      full_name: 'Real Owner',
      role: 'host',
      business_name: 'Owner Bars',
      phone: '+1 555 0111',
    });
    expect(owner.status).toBe(201);
    expect(owner.body.role).toBe('host');
    expect((await confirm(intrudersLink)).body.error.code).toBe('TOKEN_USED');
    const ownersLink = await confirmationLink(env, email);
    expect((await confirm(ownersLink)).status).toBe(200);
    expect((await signIn({ email, password: 'Intruder2026' })).status).toBe(401);
    const ok = await signIn({ email, password: STRONG_PASSWORD, portal: 'host' });
    expect(ok.status).toBe(200);
    expect(ok.body.profile).toMatchObject({
      full_name: 'Real Owner',
      role: 'host',
      business_name: 'Owner Bars',
    });
  });

  it('still signs up when the mail service is down; the outbox retries later', async () => {
    env.mail.failWith = new Error('SMTP connection refused');
    const email = uniqueEmail('offline');
    try {
      expect((await signUp({ email, password: STRONG_PASSWORD, full_name: 'Off Line' })).status).toBe(201);
      await env.worker.runOnce();
      const [msg] = await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
      expect(msg).toMatchObject({ status: 'pending', attempts: 1, last_error: 'SMTP connection refused' });
      expect(msg!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
    } finally {
      env.mail.failWith = null;
    }
  });
});

describe('email confirmation', () => {
  it('sends a confirmation email with a random token (never the user id), 600 px purple layout and a text part', async () => {
    const email = uniqueEmail('mail');
    await signUp({ email, password: STRONG_PASSWORD, full_name: 'Mai Lee' });
    const sentBefore = env.mail.sent.length;
    await env.worker.runOnce();
    const mine = env.mail.sent.slice(sentBefore).find((m) => m.to === email);
    expect(mine).toBeTruthy();
    expect(mine!.html).toContain('width="600"');
    expect(mine!.html).toContain('#9333ea');
    expect(mine!.text).toContain('/confirm-email?token=');
    const link = await confirmationLink(env, email);
    const token = link.searchParams.get('token')!;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const [p] = await env.ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(token).not.toContain(p!.user_id);
    const [row] = await env.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(row!.status).toBe('sent');
  });

  it('refuses sign-in before confirmation with a clear message, then a token works exactly once', async () => {
    const email = uniqueEmail('confirm');
    await signUp({ email, password: STRONG_PASSWORD, full_name: 'Con Firm' });
    const early = await signIn({ email, password: STRONG_PASSWORD });
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe('EMAIL_NOT_VERIFIED');
    expect(early.body.error.message).toMatch(/confirm your email/i);

    const link = await confirmationLink(env, email);
    const first = await confirm(link);
    expect(first.status).toBe(200);
    expect(first.body.role).toBe('user');
    const second = await confirm(link);
    expect(second.status).toBe(400);
    expect(second.body.error.code).toBe('TOKEN_USED');

    const ok = await signIn({ email, password: STRONG_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.profile.email).toBe(email);
  });

  it('refuses a token with another email, a made-up token, a missing token, and an expired token', async () => {
    const email = uniqueEmail('tok');
    await signUp({ email, password: STRONG_PASSWORD, full_name: 'Tok En' });
    const link = await confirmationLink(env, email);
    const token = link.searchParams.get('token');
    expect(
      (await call(env, 'POST', '/api/accounts/confirm', { json: { token, email: 'someone@else.com' } }))
        .status,
    ).toBe(400);
    expect(
      (await call(env, 'POST', '/api/accounts/confirm', { json: { token: 'nope'.repeat(11), email } })).body
        .error.code,
    ).toBe('INVALID_TOKEN');
    const missing = await call(env, 'POST', '/api/accounts/confirm', { json: { email } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Invalid confirmation link');

    env.clock.now = new Date(Date.now() + 25 * 3600_000);
    try {
      const expired = await confirm(link);
      expect(expired.status).toBe(400);
      expect(expired.body.error.code).toBe('TOKEN_EXPIRED');
    } finally {
      env.clock.now = null;
    }
  });

  it('resends a new working link; unknown addresses get "Email address not found."', async () => {
    const unknown = await call(env, 'POST', '/api/accounts/resend-confirmation', {
      json: { email: 'ghost@example.com' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Email address not found.');

    const email = uniqueEmail('resend');
    await signUp({ email, password: STRONG_PASSWORD, full_name: 'Re Send' });
    const firstLink = await confirmationLink(env, email);
    const res = await call(env, 'POST', '/api/accounts/resend-confirmation', { json: { email } });
    expect(res.status).toBe(200);
    const newLink = await confirmationLink(env, email);
    expect(newLink.searchParams.get('token')).not.toBe(firstLink.searchParams.get('token'));
    expect((await confirm(newLink)).status).toBe(200);
    // A confirmed address is answered as an unconfirmed one; its owner gets an email, no link.
    const after = await call(env, 'POST', '/api/accounts/resend-confirmation', { json: { email } });
    expect(after.status).toBe(res.status);
    expect(after.body).toEqual(res.body);
    const told = await env.ctx.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.template, 'account_exists')));
    expect(told).toHaveLength(1);
  });

  it('grants admin to the verified account whose email equals ADMIN_EMAIL', async () => {
    const admin = await signUpAndSignIn(env, { role: 'admin' });
    expect(admin.email).toBe(ADMIN_EMAIL);
    expect(admin.profile.role).toBe('admin');
  });
});

describe('sign-in and sessions', () => {
  let guest: Actor;
  beforeAll(async () => {
    guest = await signUpAndSignIn(env, { role: 'user', name: 'Sam Session' });
  });

  it('returns the session with profile for the cookie, nothing without it', async () => {
    const me = await call(env, 'GET', '/api/session', { cookie: guest.cookie });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({ email: guest.email, role: 'user', full_name: 'Sam Session' });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const anon = await call(env, 'GET', '/api/session');
    expect(anon.body).toEqual({ user: null, profile: null });
  });

  it('sets an httpOnly session cookie', async () => {
    const res = await signIn({ email: guest.email, password: STRONG_PASSWORD });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('velvet.session_token'));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('sign-out revokes the server session', async () => {
    const res = await signIn({ email: guest.email, password: STRONG_PASSWORD });
    const cookie = cookieFrom(res.headers);
    expect((await call(env, 'GET', '/api/session', { cookie })).body.profile).not.toBeNull();
    const out = await call(env, 'POST', '/api/accounts/sign-out', { cookie });
    expect(out.status).toBe(200);
    expect((await call(env, 'GET', '/api/session', { cookie })).body.profile).toBeNull();
  });

  it('a guest who signs in at the host portal becomes a host', async () => {
    const g = await signUpAndSignIn(env, { role: 'user', name: 'Becoming Host' });
    const res = await signIn({ email: g.email, password: STRONG_PASSWORD, portal: 'host' });
    expect(res.status).toBe(200);
    expect(res.body.role_updated).toBe(true);
    expect(res.body.profile.role).toBe('host');
    const again = await signIn({ email: g.email, password: STRONG_PASSWORD, portal: 'host' });
    expect(again.body.role_updated).toBe(false);
  });

  it('throttles repeated wrong passwords with 429 and a message, even when the right one follows', async () => {
    const g = await signUpAndSignIn(env, { role: 'user', name: 'Tess Throttle' });
    for (let i = 0; i < 5; i++) {
      const wrong = await signIn({ email: g.email, password: 'WrongPass999' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error.message).toBe('Invalid email or password.');
    }
    const blocked = await signIn({ email: g.email, password: STRONG_PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error.message).toMatch(/too many failed sign-in attempts/i);
    env.clock.now = new Date(Date.now() + 16 * 60_000);
    try {
      expect((await signIn({ email: g.email, password: STRONG_PASSWORD })).status).toBe(200);
    } finally {
      env.clock.now = null;
    }
  });

  it('behind a proxy, throttles by the address the proxy saw, not one the client invents', async () => {
    const proxied = await createTestEnv({ TRUST_PROXY: 'true' });
    try {
      const g = await signUpAndSignIn(proxied, { role: 'user', name: 'Pat Proxy' });
      for (let i = 0; i < 5; i++) {
        const res = await call(proxied, 'POST', '/api/accounts/sign-in', {
          json: { email: g.email, password: 'WrongPass999' },
          headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
        });
        expect(res.status).toBe(401);
      }
      const spoofed = await call(proxied, 'POST', '/api/accounts/sign-in', {
        json: { email: g.email, password: STRONG_PASSWORD },
        headers: { 'x-forwarded-for': '192.0.2.99, 203.0.113.7' },
      });
      expect(spoofed.status).toBe(429);
    } finally {
      await proxied.close();
    }
  });

  it('does not reveal whether an email exists on sign-in', async () => {
    const res = await signIn({ email: 'nobody@example.com', password: STRONG_PASSWORD });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('Invalid email or password.');
  });
});
