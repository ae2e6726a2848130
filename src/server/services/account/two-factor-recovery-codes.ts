/**
 * POST /api/account/two-factor/recovery-codes (decision 76): the password again; ten new
 * recovery codes, shown once. The old ones stop working.
 */
import type { RecoveryCodes } from '@/domain/contract';
import { conflict } from '@/domain/errors';
import type { TwoFactorPasswordInput } from '@/domain/schemas';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { checkCurrentPassword } from './shared';
import { pluginCall, twoFactorEnabled } from './two-factor-shared';

export async function regenerateRecoveryCodes(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorPasswordInput,
  request: { headers: Headers },
): Promise<RecoveryCodes> {
  await checkCurrentPassword(ctx, viewer.userId, input.current_password);
  if (!(await twoFactorEnabled(ctx.db, viewer.userId)))
    throw conflict(TWO_FACTOR_MESSAGES.notOn, 'TWO_FACTOR_OFF');
  const answer = await pluginCall(() =>
    ctx.auth.api.generateBackupCodes({
      body: { password: input.current_password },
      headers: request.headers,
    }),
  );
  return { recovery_codes: answer.backupCodes };
}
