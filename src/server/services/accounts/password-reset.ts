/**
 * Forgot password (issue 12, decision 20): a single-use link that works for an hour, emailed
 * through the outbox; only the token's SHA-256 is stored, as for confirmation links. Asking
 * answers the same whether the address has an account or not (the route holds every answer to
 * the same time). Choosing the new password applies sign-up's password rules and ends every
 * session of the account.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, like } from 'drizzle-orm';
import { invalid } from '@/domain/errors';
import { passwordProblems } from '@/domain/password';
import { INVALID_RESET_LINK, type ForgotPasswordInput, type ResetPasswordInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import {
  authAccounts,
  authSessions,
  authUsers,
  passwordResets,
  profiles,
  signInThrottle,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { passwordChangedEmail, passwordResetEmail } from '../../mail/templates';
import { normalizeEmail, sha256 } from './shared';

export const PASSWORD_RESET_TTL_MINUTES = 60;

export const RESET_LINK_MESSAGES = {
  invalid: INVALID_RESET_LINK,
  used: 'This password reset link has already been used. Request a new one if you still need it.',
  expired: 'This password reset link has expired. Request a new one.',
} as const;

/**
 * Queues a reset link to the address when it belongs to a confirmed account; otherwise does
 * nothing. Either way the caller answers the same. An unconfirmed account needs no reset: signing
 * up again with the address replaces its password (sign-up.ts).
 */
export async function requestPasswordReset(ctx: AppContext, input: ForgotPasswordInput): Promise<void> {
  const email = normalizeEmail(input.email);
  await inTransaction(ctx.db, async (tx) => {
    const [user] = await tx.select().from(authUsers).where(eq(authUsers.email, email));
    if (!user?.emailVerified) return;
    const token = randomBytes(32).toString('base64url');
    await tx.insert(passwordResets).values({
      token_hash: sha256(token),
      user_id: user.id,
      email,
      expires_at: new Date(ctx.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    const url = new URL('/reset-password', ctx.config.PUBLIC_URL);
    url.searchParams.set('token', token);
    url.searchParams.set('email', email);
    await enqueueEmail(
      tx,
      'password_reset',
      email,
      passwordResetEmail({ name: user.name, url: url.toString(), ttlMinutes: PASSWORD_RESET_TTL_MINUTES }),
    );
  });
}

/** The reset link's row when it can still be used; throws the reason otherwise. */
function assertUsable(
  ctx: AppContext,
  row: typeof passwordResets.$inferSelect | undefined,
  email: string,
): asserts row is typeof passwordResets.$inferSelect {
  if (!row || row.email !== email) throw invalid(RESET_LINK_MESSAGES.invalid, undefined, 'INVALID_TOKEN');
  if (row.used_at) throw invalid(RESET_LINK_MESSAGES.used, undefined, 'TOKEN_USED');
  if (row.expires_at.getTime() <= ctx.now().getTime()) {
    throw invalid(RESET_LINK_MESSAGES.expired, undefined, 'TOKEN_EXPIRED');
  }
}

/**
 * Sets the new password from a reset link: the link is used up (with every other outstanding
 * link of the account), every session of the account ends, its failed-sign-in counters are
 * cleared, and a 'password changed' email is queued — all in one transaction.
 */
export async function resetPassword(ctx: AppContext, input: ResetPasswordInput) {
  const hash = sha256(input.token);
  const email = normalizeEmail(input.email);
  const [found] = await ctx.db.select().from(passwordResets).where(eq(passwordResets.token_hash, hash));
  assertUsable(ctx, found, email);
  const [user] = await ctx.db.select().from(authUsers).where(eq(authUsers.id, found.user_id));
  const problems = passwordProblems(input.password, { email, name: user?.name });
  if (problems.length) {
    throw invalid(`Password is too weak: ${problems.join(' ')}`, 'password', 'WEAK_PASSWORD');
  }
  // Better Auth's own hasher (scrypt), so that its sign-in verifies the new password.
  const passwordHash = await (await ctx.auth.$context).password.hash(input.password);
  return inTransaction(ctx.db, async (tx) => {
    // Locked and checked again: of two concurrent uses of one link, exactly one succeeds.
    const [row] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.token_hash, hash))
      .for('update');
    assertUsable(ctx, row, email);
    const now = ctx.now();
    await tx
      .update(passwordResets)
      .set({ used_at: now })
      .where(and(eq(passwordResets.user_id, row.user_id), isNull(passwordResets.used_at)));
    await tx
      .update(authAccounts)
      .set({ password: passwordHash, updatedAt: now })
      .where(and(eq(authAccounts.userId, row.user_id), eq(authAccounts.providerId, 'credential')));
    await tx.delete(authSessions).where(eq(authSessions.userId, row.user_id));
    await tx.delete(signInThrottle).where(like(signInThrottle.key, `${email.replace(/[\\%_]/g, '\\$&')}|%`));
    const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, row.user_id));
    await enqueueEmail(
      tx,
      'password_changed',
      email,
      passwordChangedEmail({
        name: user?.name ?? '',
        url: new URL('/forgot-password', ctx.config.PUBLIC_URL).toString(),
      }),
    );
    return { role: profile?.role ?? 'user' };
  });
}
