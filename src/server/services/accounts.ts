import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { passwordProblems } from '@/domain/password';
import type { SignUpInput } from '@/domain/schemas';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import {
  authAccounts,
  authSessions,
  authUsers,
  emailConfirmations,
  profiles,
  signInThrottle,
  type Profile,
} from '../db/schema';
import { AppError, conflict, invalid, notFound } from '@/domain/errors';
import { enqueueEmail } from '../mail/outbox';
import { accountConfirmationEmail } from '../mail/templates';

export const CONFIRMATION_TTL_HOURS = 24;
export const SIGN_IN_MAX_FAILURES = 5;
export const SIGN_IN_WINDOW_MINUTES = 15;
export const RESENDS_PER_HOUR = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Creates a random, single-use, expiring token, and queues the email that carries it. */
async function issueConfirmation(
  ctx: AppContext,
  tx: Tx,
  p: { userId: string; email: string; name: string; role: Profile['role'] },
) {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(emailConfirmations).values({
    token_hash: sha256(token),
    user_id: p.userId,
    email: p.email,
    expires_at: new Date(ctx.now().getTime() + CONFIRMATION_TTL_HOURS * 3600_000),
  });
  const url = new URL('/confirm-email', ctx.config.PUBLIC_URL);
  url.searchParams.set('token', token);
  url.searchParams.set('email', p.email);
  url.searchParams.set('role', p.role === 'host' ? 'host' : 'user');
  await enqueueEmail(
    tx,
    'account_confirmation',
    p.email,
    accountConfirmationEmail({ name: p.name, url: url.toString(), role: p.role }),
  );
}

export async function signUp(ctx: AppContext, input: SignUpInput) {
  const email = normalizeEmail(input.email);
  const problems = passwordProblems(input.password, { email, name: input.full_name });
  if (problems.length) {
    throw invalid(`Password is too weak: ${problems.join(' ')}`, 'password', 'WEAK_PASSWORD');
  }
  // Only 'user' and 'host' can be asked for; admin is granted by the server (ADMIN_EMAIL).
  const role: Profile['role'] = input.role === 'host' ? 'host' : 'user';
  const [existing] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, email));
  if (existing?.emailVerified) {
    throw conflict('An account with this email already exists. Sign in instead.', 'EMAIL_TAKEN');
  }
  if (existing) return signUpAgain(ctx, existing.id, email, role, input);
  let userId: string;
  try {
    const res = await ctx.auth.api.signUpEmail({
      body: { email, password: input.password, name: input.full_name.trim() },
    });
    userId = res.user.id;
  } catch (err) {
    if (err instanceof APIError) {
      const code = (err.body as { code?: string } | undefined)?.code ?? '';
      if (code.includes('ALREADY_EXISTS')) {
        throw conflict('An account with this email already exists. Sign in instead.', 'EMAIL_TAKEN');
      }
      if (err.statusCode < 500) throw invalid(err.message || 'Sign-up failed.');
    }
    throw err;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.insert(profiles).values({
        user_id: userId,
        email,
        full_name: input.full_name.trim(),
        role,
        phone: input.phone?.trim() || null,
        business_name: input.business_name?.trim() || null,
      });
      await issueConfirmation(ctx, tx, { userId, email, name: input.full_name.trim(), role });
    });
  } catch (err) {
    // Never leave an account without its profile: undo the Better Auth user.
    await ctx.db.delete(authUsers).where(eq(authUsers.id, userId));
    throw err;
  }
  return { email, role };
}

/**
 * Signing up again with an address that was never confirmed replaces that account's password
 * and details, and voids its earlier links: whoever can read the mailbox decides the account,
 * so nobody can pre-register someone else's address (or ADMIN_EMAIL) with a password they know.
 */
async function signUpAgain(
  ctx: AppContext,
  userId: string,
  email: string,
  role: Profile['role'],
  input: SignUpInput,
) {
  const hash = await (await ctx.auth.$context).password.hash(input.password);
  const name = input.full_name.trim();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(authAccounts)
      .set({ password: hash, updatedAt: ctx.now() })
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
    await tx.update(authUsers).set({ name, updatedAt: ctx.now() }).where(eq(authUsers.id, userId));
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
    await tx
      .update(profiles)
      .set({
        full_name: name,
        role,
        phone: input.phone?.trim() || null,
        business_name: input.business_name?.trim() || null,
        updated_at: ctx.now(),
      })
      .where(eq(profiles.user_id, userId));
    await tx
      .update(emailConfirmations)
      .set({ used_at: ctx.now() })
      .where(and(eq(emailConfirmations.user_id, userId), isNull(emailConfirmations.used_at)));
    await issueConfirmation(ctx, tx, { userId, email, name, role });
  });
  return { email, role };
}

export async function confirmEmail(ctx: AppContext, input: { token: string; email: string }) {
  const hash = sha256(input.token);
  const email = normalizeEmail(input.email);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.token_hash, hash))
      .for('update');
    if (!row || normalizeEmail(row.email) !== email) {
      throw invalid(
        'This confirmation link is not valid. Request a new one below.',
        undefined,
        'INVALID_TOKEN',
      );
    }
    if (row.used_at) {
      throw invalid(
        'This confirmation link has already been used. Sign in, or request a new link.',
        undefined,
        'TOKEN_USED',
      );
    }
    if (row.expires_at.getTime() <= ctx.now().getTime()) {
      throw invalid(
        'This confirmation link has expired. Request a new one below.',
        undefined,
        'TOKEN_EXPIRED',
      );
    }
    await tx
      .update(emailConfirmations)
      .set({ used_at: ctx.now() })
      .where(eq(emailConfirmations.token_hash, hash));
    await tx
      .update(authUsers)
      .set({ emailVerified: true, updatedAt: ctx.now() })
      .where(eq(authUsers.id, row.user_id));
    const profile = await grantAdminIfConfigured(ctx, tx, row.user_id, email);
    return { role: profile.role };
  });
}

/** The account whose verified email equals ADMIN_EMAIL is the admin. */
async function grantAdminIfConfigured(ctx: AppContext, tx: Tx, userId: string, email: string) {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, userId));
  if (!profile) throw notFound('Profile not found.');
  if (email === normalizeEmail(ctx.config.ADMIN_EMAIL) && profile.role !== 'admin') {
    const [updated] = await tx
      .update(profiles)
      .set({ role: 'admin', updated_at: ctx.now() })
      .where(eq(profiles.id, profile.id))
      .returning();
    return updated!;
  }
  return profile;
}

export async function resendConfirmation(ctx: AppContext, input: { email: string }) {
  const email = normalizeEmail(input.email);
  const [user] = await ctx.db.select().from(authUsers).where(eq(authUsers.email, email));
  if (!user) throw notFound('Email address not found.');
  if (user.emailVerified)
    throw conflict('This email address is already confirmed. You can sign in.', 'ALREADY_CONFIRMED');
  const [recent] = await ctx.db
    .select({ n: count() })
    .from(emailConfirmations)
    .where(
      and(
        eq(emailConfirmations.user_id, user.id),
        gt(emailConfirmations.created_at, new Date(ctx.now().getTime() - 3600_000)),
      ),
    );
  if ((recent?.n ?? 0) >= RESENDS_PER_HOUR) {
    throw new AppError('rate_limited', 'Too many confirmation emails requested. Please try again later.', {
      reason: 'TOO_MANY_REQUESTS',
    });
  }
  const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.user_id, user.id));
  await ctx.db.transaction((tx) =>
    issueConfirmation(ctx, tx, { userId: user.id, email, name: user.name, role: profile?.role ?? 'user' }),
  );
}

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
  const { profile, roleUpdated } = await ctx.db.transaction(async (tx) => {
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
