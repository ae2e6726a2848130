/**
 * What the two-factor use cases share (decision 76): whether an account has two-factor sign-in
 * on, and the translation of Better Auth's two-factor plugin errors into Velvet's AppErrors.
 */
import { eq } from 'drizzle-orm';
import { APIError } from 'better-auth/api';
import { AppError, conflict, invalid } from '@/domain/errors';
import { TWO_FACTOR_MESSAGES as M } from '@/domain/two-factor';
import type { DbOrTx } from '../../db/client';
import { authUsers } from '../../db/schema';

export async function twoFactorEnabled(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ on: authUsers.twoFactorEnabled })
    .from(authUsers)
    .where(eq(authUsers.id, userId));
  return row?.on ?? false;
}

/** Runs a call of the plugin; its refusals become the words the person reads. */
export async function pluginCall<T>(call: () => Promise<T>, codeField = 'code'): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof APIError)) throw err;
    const code = (err.body as { code?: string } | undefined)?.code;
    switch (code) {
      case 'INVALID_CODE':
        throw invalid(M.wrongCode, codeField, 'INVALID_CODE');
      case 'INVALID_BACKUP_CODE':
        throw invalid(M.wrongRecoveryCode, codeField, 'INVALID_RECOVERY_CODE');
      case 'INVALID_TWO_FACTOR_COOKIE':
        throw new AppError('unauthenticated', M.challengeExpired, { reason: 'TWO_FACTOR_EXPIRED' });
      case 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE':
        throw new AppError('unauthenticated', M.tooManyAttempts, { reason: 'TWO_FACTOR_EXPIRED' });
      case 'ACCOUNT_TEMPORARILY_LOCKED':
        throw new AppError('rate_limited', M.locked, { reason: 'TWO_FACTOR_LOCKED', retryAfter: 15 * 60 });
      case 'TOTP_ALREADY_ENABLED':
        throw conflict(M.alreadyOn, 'TWO_FACTOR_ON');
      case 'TOTP_NOT_ENABLED':
      case 'BACKUP_CODES_NOT_ENABLED':
        throw conflict(M.notStarted, 'TWO_FACTOR_NOT_STARTED');
      case 'TWO_FACTOR_NOT_ENABLED':
        throw conflict(M.notOn, 'TWO_FACTOR_OFF');
      default:
        throw err;
    }
  }
}
