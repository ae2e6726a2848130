import { Hono } from 'hono';
import { z } from 'zod';
import type { Context } from 'hono';
import {
  confirmEmailSchema,
  forgotPasswordSchema,
  resendSchema,
  resetPasswordSchema,
  signInSchema,
  signOutSchema,
  signUpSchema,
} from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { clientAddress } from '../http/client-address';
import { readJson, readOptionalJson } from '../http/validate';
import { getViewer } from '../http/viewer';
import * as accounts from '../services/accounts';
import type {
  ConfirmResult,
  Encoded,
  Ok,
  ResetPasswordResult,
  Session,
  SignInResult,
  SignOutResult,
  SignUpResult,
} from '@/domain/contract';

const signUpAsGuestUnlessHost = z.preprocess(
  (body) => ({ ...(body as object), role: (body as { role?: unknown }).role === 'host' ? 'host' : 'user' }),
  signUpSchema,
);

function copySetCookies(from: Headers, c: Context) {
  for (const cookie of from.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

export function accountRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/accounts/sign-up', async (c) => {
    // Only 'user' and 'host' may be asked for; anything else (including 'admin') signs up a guest.
    const input = await readJson(c, signUpAsGuestUnlessHost);
    const result = await accounts.signUp(ctx, input);
    return c.json(result satisfies Encoded<SignUpResult>, 201);
  });

  r.post('/accounts/sign-in', async (c) => {
    const input = await readJson(c, signInSchema);
    const { profile, roleUpdated, headers } = await accounts.signIn(ctx, input, {
      headers: c.req.raw.headers,
      clientAddress: clientAddress(ctx, c),
    });
    copySetCookies(headers, c);
    return c.json({ profile, role_updated: roleUpdated } satisfies Encoded<SignInResult>);
  });

  // SPEC §8 scopes: local (this device, the default), others, global. See decision 20.
  r.post('/accounts/sign-out', async (c) => {
    const { scope } = await readOptionalJson(c, signOutSchema);
    const { headers, endedOther } = await accounts.signOut(ctx, scope, { headers: c.req.raw.headers });
    if (headers) copySetCookies(headers, c);
    return c.json({
      ok: true,
      scope,
      ended_other_sessions: endedOther,
    } satisfies Encoded<SignOutResult>);
  });

  // The same answer whether the address has an account or not (guards.ts holds its timing).
  r.post('/accounts/forgot-password', async (c) => {
    const input = await readJson(c, forgotPasswordSchema);
    await accounts.requestPasswordReset(ctx, input);
    return c.json({ ok: true } satisfies Ok);
  });

  r.post('/accounts/reset-password', async (c) => {
    const input = await readJson(c, resetPasswordSchema);
    return c.json((await accounts.resetPassword(ctx, input)) satisfies Encoded<ResetPasswordResult>);
  });

  r.post('/accounts/confirm', async (c) => {
    const input = await readJson(c, confirmEmailSchema);
    return c.json((await accounts.confirmEmail(ctx, input)) satisfies Encoded<ConfirmResult>);
  });

  r.post('/accounts/resend-confirmation', async (c) => {
    const input = await readJson(c, resendSchema);
    await accounts.resendConfirmation(ctx, input);
    return c.json({ ok: true } satisfies Ok);
  });

  r.get('/session', async (c) => {
    c.header('cache-control', 'no-store');
    const viewer = await getViewer(ctx, c);
    if (!viewer) return c.json({ user: null, profile: null } satisfies Session);
    const { profile } = viewer;
    return c.json({
      user: { id: viewer.userId, email: profile.email, name: profile.full_name },
      profile,
    } satisfies Encoded<Session>);
  });

  return r;
}
