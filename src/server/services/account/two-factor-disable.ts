/**
 * POST /api/account/two-factor/disable (decision 76): the password again; Better Auth's plugin
 * deletes the secret and the recovery codes and gives this device a new session cookie. The
 * audit trail records it (decision 60). An admin or host may turn it off; what needs it is then
 * refused until they turn it on again (require-two-factor.ts).
 */
import { conflict } from '@/domain/errors';
import type { TwoFactorPasswordInput } from '@/domain/schemas';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/record';
import { checkCurrentPassword } from './shared';
import { pluginCall, twoFactorEnabled } from './two-factor-shared';

export async function disableTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorPasswordInput,
  request: { headers: Headers },
) {
  await checkCurrentPassword(ctx, viewer.userId, input.current_password);
  if (!(await twoFactorEnabled(ctx.db, viewer.userId)))
    throw conflict(TWO_FACTOR_MESSAGES.notOn, 'TWO_FACTOR_OFF');
  const { headers } = await pluginCall(() =>
    ctx.auth.api.disableTwoFactor({
      body: { password: input.current_password },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
  await inTransaction(ctx.db, async (tx) => {
    await recordAudit(tx, viewer, {
      action: 'two_factor.disabled',
      subject: { type: 'account', id: viewer.profile.id },
      summary: `${viewer.profile.email} turned off two-factor sign-in`,
      before: { two_factor_enabled: true },
      after: { two_factor_enabled: false },
    });
  });
  return { answer: { two_factor_enabled: false }, headers };
}
