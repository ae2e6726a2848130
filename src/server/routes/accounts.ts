import { Hono } from 'hono';
import { z } from 'zod';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { confirmEmailSchema, resendSchema, signInSchema, signUpSchema } from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { readJson } from '../http/validate';
import { getViewer } from '../http/viewer';
import * as accounts from '../services/accounts';
import type { ConfirmResult, Encoded, Ok, Session, SignInResult, SignUpResult } from '@/domain/contract';

const signUpAsGuestUnlessHost = z.preprocess(
  (body) => ({ ...(body as object), role: (body as { role?: unknown }).role === 'host' ? 'host' : 'user' }),
  signUpSchema,
);

function clientAddress(ctx: AppContext, c: Context): string {
  if (ctx.config.TRUST_PROXY) {
    // The right-most entry was added by our own proxy; entries to its left are the client's to invent.
    const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

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

  r.post('/accounts/sign-out', async (c) => {
    if (c.req.header('cookie')) {
      try {
        const res = await ctx.auth.api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
        copySetCookies(res.headers, c);
      } catch (err) {
        ctx.log.debug({ err }, 'sign-out without a session');
      }
    }
    return c.json({ ok: true } satisfies Ok);
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
