/**
 * Sign-out with the SPEC's scopes (§8: global, local, others): `local` ends this device's
 * session, `others` every other session of the account (this device stays signed in), `global`
 * all of them. Sessions are rows of Better Auth's session table (no cookie cache), so a deleted
 * row is a signed-out device at its next request.
 */
import { and, eq, ne } from 'drizzle-orm';
import { unauthenticated } from '@/domain/errors';
import type { SignOutScope } from '@/domain/schemas';
import type { AppContext } from '../../context';
import { authSessions, profiles } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/record';

export interface SignOutOutcome {
  /** Set-Cookie headers that clear this device's session cookie (local and global). */
  headers: Headers | null;
  /** How many other devices' sessions ended. */
  endedOther: number;
}

export async function signOut(
  ctx: AppContext,
  scope: SignOutScope,
  request: { headers: Headers },
): Promise<SignOutOutcome> {
  const current = request.headers.get('cookie')
    ? await ctx.auth.api.getSession({ headers: request.headers })
    : null;
  if (scope === 'local') {
    // Signed out already: nothing to end, and still 'ok' (SPEC: sign-out errors never stop it).
    if (!current) return { headers: null, endedOther: 0 };
    try {
      const res = await ctx.auth.api.signOut({ headers: request.headers, returnHeaders: true });
      return { headers: res.headers, endedOther: 0 };
    } catch (err) {
      ctx.log.debug({ err }, 'sign-out without a session');
      return { headers: null, endedOther: 0 };
    }
  }
  if (!current) throw unauthenticated();
  const others = await inTransaction(ctx.db, async (tx) => {
    const ended = await tx
      .delete(authSessions)
      .where(and(eq(authSessions.userId, current.user.id), ne(authSessions.id, current.session.id)))
      .returning({ id: authSessions.id });
    const [profile] = await tx.select().from(profiles).where(eq(profiles.user_id, current.user.id));
    if (profile && ended.length > 0) {
      await recordAudit(
        tx,
        { userId: current.user.id, profile },
        {
          action: 'sessions.signed_out_others',
          subject: { type: 'account', id: profile.id },
          summary: `Signed out ${ended.length} other device(s)${scope === 'global' ? ' and this one' : ''}`,
        },
      );
    }
    return ended;
  });
  if (scope === 'others') return { headers: null, endedOther: others.length };
  const res = await ctx.auth.api.signOut({ headers: request.headers, returnHeaders: true });
  return { headers: res.headers, endedOther: others.length };
}
