/**
 * Sign-in (SPEC §2 /auth), throttled through the database (every app server counts the same
 * failures):
 * - per account and address: SIGN_IN_MAX_FAILURES failures in SIGN_IN_WINDOW_MINUTES, then 429
 *   with Retry-After for that address only — the owner signs in from anywhere else;
 * - per account from every address: past SIGN_IN_SLOW_AFTER failures each attempt is answered
 *   later (a growing delay, never a block), so a guess from many addresses is slow and nobody
 *   can lock the owner out;
 * - a success clears its pair's counter; a password reset clears all of the account's.
 * A guest signing in at the host portal becomes a host ('Account Updated!').
 */
import { eq, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError, invalid } from '@/domain/errors';
import type { AppContext } from '../../context';
import { profiles, signInThrottle } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/record';
import {
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_SLOW_AFTER,
  SIGN_IN_SLOW_MAX_MS,
  SIGN_IN_SLOW_STEP_MS,
  SIGN_IN_WINDOW_MINUTES,
  grantAdminIfConfigured,
  normalizeEmail,
} from './shared';

/* ---------- sign-in throttling (shared by all server processes through the database) ---------- */

async function failuresOf(ctx: AppContext, key: string): Promise<{ failures: number; endsAt: number }> {
  const [row] = await ctx.db.select().from(signInThrottle).where(eq(signInThrottle.key, key));
  const endsAt = (row?.window_started_at.getTime() ?? 0) + SIGN_IN_WINDOW_MINUTES * 60_000;
  return { failures: row && ctx.now().getTime() < endsAt ? row.failures : 0, endsAt };
}

async function assertNotThrottled(ctx: AppContext, key: string) {
  const { failures, endsAt } = await failuresOf(ctx, key);
  if (failures >= SIGN_IN_MAX_FAILURES) {
    const seconds = Math.max(1, Math.ceil((endsAt - ctx.now().getTime()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new AppError(
      'rate_limited',
      `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
      { reason: 'TOO_MANY_ATTEMPTS', retryAfter: seconds },
    );
  }
}

/** The delay of an attempt on an account guessed from many addresses (0 below the threshold). */
export function slowDownMs(accountFailures: number): number {
  if (accountFailures < SIGN_IN_SLOW_AFTER) return 0;
  return Math.min(SIGN_IN_SLOW_MAX_MS, (accountFailures - SIGN_IN_SLOW_AFTER + 1) * SIGN_IN_SLOW_STEP_MS);
}

const accountKey = (email: string) => `${email}|*`;

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
  const delay = slowDownMs((await failuresOf(ctx, accountKey(email))).failures);
  if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
  let result: Awaited<ReturnType<typeof signInWithPassword>>;
  try {
    result = await signInWithPassword(ctx, email, input.password, request.headers);
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
        await recordFailure(ctx, accountKey(email));
        throw new AppError('unauthenticated', 'Invalid email or password.', {
          reason: 'INVALID_CREDENTIALS',
        });
      }
      if (err.statusCode < 500) throw invalid(err.message || 'Sign-in failed.');
    }
    throw err;
  }
  await ctx.db.delete(signInThrottle).where(eq(signInThrottle.key, key));
  // Two-factor sign-in (decision 76): the plugin kept the session back and set a short-lived
  // cookie naming the account; the code goes to signInTwoFactor (sign-in-two-factor.ts).
  if ('twoFactorRedirect' in result.response) {
    return { profile: null, roleUpdated: false, twoFactorRequired: true, headers: result.headers };
  }
  const { profile, roleUpdated } = await finishSignIn(ctx, result.response.user.id, email, input.portal);
  return { profile, roleUpdated, twoFactorRequired: false, headers: result.headers };
}

function signInWithPassword(ctx: AppContext, email: string, password: string, headers: Headers) {
  return ctx.auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
}

/**
 * What follows a sign-in once every factor is proven: the configured admin address gets its
 * role, and a guest signing in at the host portal becomes a host.
 */
export async function finishSignIn(
  ctx: AppContext,
  userId: string,
  email: string,
  portal: 'user' | 'host' | undefined,
) {
  return inTransaction(ctx.db, async (tx) => {
    let profile = await grantAdminIfConfigured(ctx, tx, userId, email);
    let roleUpdated = false;
    // A guest who signs in at the host portal becomes a host ('Account Updated!').
    if (portal === 'host' && profile.role === 'user') {
      const [updated] = await tx
        .update(profiles)
        .set({ role: 'host', updated_at: ctx.now() })
        .where(eq(profiles.id, profile.id))
        .returning();
      await recordAudit(
        tx,
        { userId, profile: updated! },
        {
          action: 'role.changed',
          subject: { type: 'account', id: profile.id },
          summary: `${profile.email} became a host by signing in at the host portal`,
          before: { role: 'user' },
          after: { role: 'host' },
        },
      );
      profile = updated!;
      roleUpdated = true;
    }
    return { profile: profile!, roleUpdated };
  });
}
