/**
 * POST /api/account/two-factor/enable (decision 76): the password again, then Better Auth's
 * two-factor plugin makes a TOTP secret (stored encrypted with AUTH_SECRET) and ten recovery
 * codes. Nothing is on yet: the first code from the app confirms it (two-factor-confirm.ts).
 */
import type { TwoFactorEnrolment } from '@/domain/contract';
import { conflict } from '@/domain/errors';
import type { TwoFactorPasswordInput } from '@/domain/schemas';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { checkCurrentPassword } from './shared';
import { pluginCall, twoFactorEnabled } from './two-factor-shared';

export async function enableTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorPasswordInput,
  request: { headers: Headers },
): Promise<TwoFactorEnrolment> {
  await checkCurrentPassword(ctx, viewer.userId, input.current_password);
  if (await twoFactorEnabled(ctx.db, viewer.userId))
    throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'TWO_FACTOR_ON');
  const answer = await pluginCall(() =>
    ctx.auth.api.enableTwoFactor({
      body: { password: input.current_password, method: 'totp' },
      headers: request.headers,
    }),
  );
  if (answer.method !== 'totp') throw new Error('the two-factor plugin did not answer a TOTP enrolment');
  const secret = new URL(answer.totpURI).searchParams.get('secret') ?? '';
  return { totp_uri: answer.totpURI, secret, recovery_codes: answer.backupCodes };
}
