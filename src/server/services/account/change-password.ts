/**
 * POST /api/account/password (issue 31): a new password while signed in. The current password
 * is required; the new one meets sign-up's rules (src/domain/password.ts, which the form shows
 * live); every other session of the account ends, this one stays; a notice goes to the address.
 */
import { and, eq, ne } from 'drizzle-orm';
import { invalid, unauthenticated } from '@/domain/errors';
import { passwordProblems } from '@/domain/password';
import type { ChangePasswordInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { authAccounts, authSessions } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { passwordChangedEmail } from '../../mail/templates';
import { checkCurrentPassword } from './shared';

export const SAME_PASSWORD = 'Your new password must be different from your current one.';

export async function changePassword(
  ctx: AppContext,
  viewer: Viewer,
  input: ChangePasswordInput,
  request: { headers: Headers },
) {
  const { profile } = viewer;
  await checkCurrentPassword(ctx, viewer.userId, input.current_password);
  const problems = passwordProblems(input.new_password, { email: profile.email, name: profile.full_name });
  if (problems.length) {
    throw invalid(`Password is too weak: ${problems.join(' ')}`, 'new_password', 'WEAK_PASSWORD');
  }
  if (input.new_password === input.current_password)
    throw invalid(SAME_PASSWORD, 'new_password', 'SAME_PASSWORD');
  const session = await ctx.auth.api.getSession({ headers: request.headers });
  if (!session) throw unauthenticated();
  const hash = await (await ctx.auth.$context).password.hash(input.new_password);
  const ended = await inTransaction(ctx.db, async (tx) => {
    await tx
      .update(authAccounts)
      .set({ password: hash, updatedAt: ctx.now() })
      .where(and(eq(authAccounts.userId, viewer.userId), eq(authAccounts.providerId, 'credential')));
    const gone = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, viewer.userId), ne(authSessions.id, session.session.id)))
      .returning({ id: authSessions.id });
    await enqueueEmail(
      tx,
      'password_changed',
      profile.email,
      passwordChangedEmail({
        name: profile.full_name ?? '',
        url: new URL('/forgot-password', ctx.config.PUBLIC_URL).toString(),
        fromSettings: true,
      }),
    );
    return gone.length;
  });
  return { ok: true as const, ended_other_sessions: ended };
}
