import { expect } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { emailOutbox } from '../../src/server/db/schema';
import type { TestEnv } from './env';
import { ADMIN_EMAIL, PUBLIC_URL } from './env';
import { STRONG_PASSWORD, signUpBody } from './standard-accounts';
import { enrolTwoFactor } from './two-factor';

export { STRONG_PASSWORD } from './standard-accounts';

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls the app in-process, like a browser would (JSON, cookies). */
export async function call<T = any>(
  env: TestEnv,
  method: string,
  path: string,
  opts: { json?: unknown; cookie?: string | null; body?: BodyInit; headers?: Record<string, string> } = {},
): Promise<Res<T>> {
  const headers: Record<string, string> = { origin: PUBLIC_URL, ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body = opts.body;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  }
  const res = await env.app.request(path, { method, headers, body });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed as T, headers: res.headers };
}

export const cookieFrom = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

/** The newest confirmation link queued for an email address. */
export async function confirmationLink(env: TestEnv, email: string): Promise<URL> {
  const [msg] = await env.ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, email.toLowerCase()), eq(emailOutbox.template, 'account_confirmation')))
    .orderBy(desc(emailOutbox.created_at))
    .limit(1);
  expect(msg, `a confirmation email to ${email}`).toBeTruthy();
  const href = msg!.text.match(/https?:\/\/\S+confirm-email\S+/)?.[0];
  expect(href).toBeTruthy();
  return new URL(href!);
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;

export interface Actor {
  email: string;
  cookie: string;
  profile: { id: string; role: string; email: string; full_name: string };
  /** Set when the account has two-factor sign-in on (decision 76): its TOTP secret. */
  totpSecret?: string;
}

/** Turns two-factor sign-in on for an actor through the API; returns it with its new cookie. */
export async function withTwoFactor(
  env: TestEnv,
  actor: Actor,
  password = STRONG_PASSWORD,
): Promise<Actor & { recoveryCodes: string[] }> {
  const post = (path: string, json: unknown, cookie: string) => call(env, 'POST', path, { json, cookie });
  const enrolled = await enrolTwoFactor(post, actor.cookie, password);
  return {
    ...actor,
    cookie: enrolled.cookie,
    totpSecret: enrolled.secret,
    recoveryCodes: enrolled.recoveryCodes,
  };
}

/** Signs up through the API, confirms through the emailed link, signs in; returns the session cookie. */
export async function signUpAndSignIn(
  env: TestEnv,
  opts: { role: 'user' | 'host' | 'admin'; email?: string; name?: string },
): Promise<Actor> {
  const email = opts.email ?? (opts.role === 'admin' ? ADMIN_EMAIL : uniqueEmail(opts.role));
  const signUp = await call(env, 'POST', '/api/accounts/sign-up', {
    json: signUpBody(opts.role, email, opts.name ?? `Test ${opts.role}`),
  });
  expect(signUp.status, JSON.stringify(signUp.body)).toBe(201);
  const link = await confirmationLink(env, email);
  const confirm = await call(env, 'POST', '/api/accounts/confirm', {
    json: { token: link.searchParams.get('token'), email: link.searchParams.get('email') },
  });
  expect(confirm.status, JSON.stringify(confirm.body)).toBe(200);
  const signIn = await call(env, 'POST', '/api/accounts/sign-in', {
    json: { email, password: STRONG_PASSWORD, portal: opts.role === 'host' ? 'host' : 'user' },
  });
  expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
  return { email, cookie: cookieFrom(signIn.headers), profile: signIn.body.profile };
}
