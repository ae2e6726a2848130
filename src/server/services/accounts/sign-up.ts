/** Sign-up (SPEC §2 /auth): a new account, or a fresh start for one whose email was never confirmed. */
import { and, eq, isNull } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { conflict, invalid } from '@/domain/errors';
import { passwordProblems } from '@/domain/password';
import type { SignUpInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import {
  authAccounts,
  authSessions,
  authUsers,
  emailConfirmations,
  profiles,
  type Profile,
} from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { issueConfirmation, normalizeEmail, notifyAccountExists } from './shared';

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
    // The same work as the other paths (a password hash), so that even on a loaded server the
    // answer's timing does not tell a taken address from a new one (issue 15).
    await (await ctx.auth.$context).password.hash(input.password);
    // The same answer as for a new address, so the page does not tell a stranger who has an
    // account; the owner is told by email what happened (issue 30).
    await inTransaction(ctx.db, async (tx) => {
      const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, existing.id));
      await notifyAccountExists(ctx, tx, {
        email,
        name: profile?.full_name ?? existing.name,
        role: profile?.role ?? 'user',
      });
    });
    return { email, role };
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
    await inTransaction(ctx.db, async (tx) => {
      await tx.insert(profiles).values({
        user_id: userId,
        email,
        full_name: input.full_name.trim(),
        role,
        phone: input.phone?.trim() || null,
        business_name: input.business_name?.trim() || null,
      });
      await issueConfirmation(ctx, tx, {
        userId,
        email,
        name: input.full_name.trim(),
        role,
        redirect: input.redirect,
      });
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
  await inTransaction(ctx.db, async (tx) => {
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
    await issueConfirmation(ctx, tx, { userId, email, name, role, redirect: input.redirect });
  });
  return { email, role };
}
