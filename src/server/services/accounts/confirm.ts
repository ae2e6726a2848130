/** Email confirmation (SPEC §2 /confirm-email): using a link, and asking for a new one. */
import { and, count, eq, gt } from 'drizzle-orm';
import { AppError, invalid, notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import { authUsers, emailConfirmations, profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import {
  RESENDS_PER_HOUR,
  grantAdminIfConfigured,
  issueConfirmation,
  normalizeEmail,
  notifyAccountExists,
  sha256,
} from './shared';

export async function confirmEmail(ctx: AppContext, input: { token: string; email: string }) {
  const hash = sha256(input.token);
  const email = normalizeEmail(input.email);
  return inTransaction(ctx.db, async (tx) => {
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

export async function resendConfirmation(ctx: AppContext, input: { email: string }) {
  const email = normalizeEmail(input.email);
  await inTransaction(ctx.db, async (tx) => {
    const [user] = await tx.select().from(authUsers).where(eq(authUsers.email, email)).for('update');
    if (!user) throw notFound('Email address not found.');
    const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, user.id));
    if (user.emailVerified) {
      // Answered as a resend to an unconfirmed address; the owner is told by email (issue 30).
      await notifyAccountExists(ctx, tx, {
        email,
        name: profile?.full_name ?? user.name,
        role: profile?.role ?? 'user',
      });
      return;
    }
    const [recent] = await tx
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
    await issueConfirmation(ctx, tx, {
      userId: user.id,
      email,
      name: user.name,
      role: profile?.role ?? 'user',
    });
  });
}
