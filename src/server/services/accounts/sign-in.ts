/**
 * Sign-in (SPEC §2 /auth): throttled per email and client address through the database (so
 * every app server counts the same failures); a guest signing in at the host portal becomes a
 * host ('Account Updated!').
 */
import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError, invalid } from '@/domain/errors';
import type { AppContext } from '../../context';
import { profiles, signInThrottle } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import {
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_MINUTES,
  grantAdminIfConfigured,
  normalizeEmail,
} from './shared';

/* ---------- sign-in throttling (shared by all server processes through the database) ---------- */

async function assertNotThrottled(ctx: AppContext, key: string) {
  const [row] = await ctx.db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
  if (!row) return;
  const windowOpen = ctx.now().getTime() - row.window_started_at.getTime() < SIGN_IN_WINDOW_MINUTES * 60_000;
  if (windowOpen && row.failures >= SIGN_IN_MAX_FAILURES) {
    throw new AppError(
      'rate_limited',
      `Too many failed sign-in attempts. Please wait ${SIGN_IN_WINDOW_MINUTES} minutes and try again.`,
      { reason: 'TOO_MANY_ATTEMPTS' },
    );
  }
}

async function recordFailure(ctx: AppContext, key: string) {
  const windowStart = new Date(ctx.now().getTime() - SIGN_IN_WINDOW_MINUTES * 60_000);
  await ctx.db
    .insert(signInThrottle)
    .values({ key, failures: 1, window_started_at: ctx.now() })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: sql`case when ${signInThrottle.window_started_at} < ${windowStart} then 1 else ${signInThrottle.failures} + 1 end`,
        window_started_at: sql`case when ${signInThrottle.window_started_at} < ${windowStart} then ${ctx.now()} else ${signInThrottle.window_started_at} end`,
      },
    });
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; portal?: 'user' | 'host' },
  request: { headers: Headers; clientAddress: string },
) {
  const email = normalizeEmail(input.email);
  const key = `${email}|${request.clientAddress}`;
  await assertNotThrottled(ctx, key);
  let result: { headers: Headers; response: { user: { id: string } } };
  try {
    result = await ctx.auth.api.signInEmail({
      body: { email, password: input.password },
      headers: request.headers,
      returnHeaders: true,
    });
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code;
      if (code === 'EMAIL_NOT_VERIFIED') {
        throw new AppError(
          'forbidden',
          'Please confirm your email address before signing in. Check your inbox for the confirmation link.',
          { reason: 'EMAIL_NOT_VERIFIED' },
        );
      }
      if (err.statusCode === 401 || code === 'INVALID_EMAIL_OR_PASSWORD') {
        await recordFailure(ctx, key);
        throw new AppError('unauthenticated', 'Invalid email or password.', {
          reason: 'INVALID_CREDENTIALS',
        });
      }
      if (err.statusCode < 500) throw invalid(err.message || 'Sign-in failed.');
    }
    throw err;
  }
  await ctx.db.delete(signInThrottle).where(eq(signInThrottle.key, key));
  const userId = result.response.user.id;
  const { profile, roleUpdated } = await inTransaction(ctx.db, async (tx) => {
    let profile = await grantAdminIfConfigured(ctx, tx, userId, email);
    let roleUpdated = false;
    // A guest who signs in at the host portal becomes a host ('Account Updated!').
    if (input.portal === 'host' && profile.role === 'user') {
      const [updated] = await tx
        .update(profiles)
        .set({ role: 'host', updated_at: ctx.now() })
        .where(eq(profiles.id, profile.id))
        .returning();
      profile = updated!;
      roleUpdated = true;
    }
    return { profile: profile!, roleUpdated };
  });
  return { profile, roleUpdated, headers: result.headers };
}
