/**
 * What the signed-in person's own account use cases share (issue 31, decision 67): the view of
 * the account they read, and the current-password check that guards email change, password
 * change and deletion (Better Auth's own scrypt hasher verifies it).
 */
import { and, eq } from 'drizzle-orm';
import { invalid } from '@/domain/errors';
import { preferencesFrom } from '@/domain/email-preferences';
import type { AccountSettings } from '@/domain/contract';
import type { AppContext } from '../../context';
import { authAccounts, authUsers, emailChanges, type Profile } from '../../db/schema';
import { desc, gt, isNull } from 'drizzle-orm';

export const WRONG_PASSWORD = 'Your current password is not correct.';

/** Throws 400 (field current_password) unless `password` is the account's password. */
export async function checkCurrentPassword(ctx: AppContext, userId: string, password: string) {
  const [account] = await ctx.db
    .select({ hash: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')));
  const ok = account?.hash
    ? await (await ctx.auth.$context).password.verify({ hash: account.hash, password })
    : false;
  if (!ok) throw invalid(WRONG_PASSWORD, 'current_password', 'WRONG_PASSWORD');
}

/** GET /api/account: the profile, the email preferences and an email change waiting for its link. */
export async function accountSettings(ctx: AppContext, profile: Profile): Promise<AccountSettings> {
  const [pending] = await ctx.db
    .select({ new_email: emailChanges.new_email, expires_at: emailChanges.expires_at })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.user_id, profile.user_id),
        isNull(emailChanges.used_at),
        gt(emailChanges.expires_at, ctx.now()),
      ),
    )
    .orderBy(desc(emailChanges.created_at))
    .limit(1);
  const [user] = await ctx.db
    .select({ twoFactor: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, profile.user_id));
  return {
    id: profile.id,
    full_name: profile.full_name,
    email: profile.email,
    phone: profile.phone,
    role: profile.role,
    business_name: profile.business_name,
    email_preferences: preferencesFrom(profile.email_opt_out),
    pending_email: pending
      ? { email: pending.new_email, expires_at: pending.expires_at.toISOString() }
      : null,
    two_factor_enabled: user?.twoFactor ?? false,
    created_at: profile.created_at.toISOString(),
  };
}
