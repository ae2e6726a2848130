/**
 * POST /api/account/two-factor/confirm (decision 76): the first code from the authenticator app
 * proves it holds the secret; Better Auth's plugin then turns two-factor on and gives this
 * device a new session cookie (the route forwards it). The audit trail records it (decision 60).
 */
import { conflict } from '@/domain/errors';
import type { TwoFactorConfirmInput } from '@/domain/schemas';
import { TWO_FACTOR_MESSAGES } from '@/domain/two-factor';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { inTransaction } from '../../db/transaction';
import { recordAudit } from '../audit/record';
import { pluginCall, twoFactorEnabled } from './two-factor-shared';

export async function confirmTwoFactor(
  ctx: AppContext,
  viewer: Viewer,
  input: TwoFactorConfirmInput,
  request: { headers: Headers },
) {
  if (await twoFactorEnabled(ctx.db, viewer.userId))
    throw conflict(TWO_FACTOR_MESSAGES.alreadyOn, 'TWO_FACTOR_ON');
  const { headers } = await pluginCall(() =>
    ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers: request.headers, returnHeaders: true }),
  );
  // The plugin's writes are its own; the entry follows them, after the switch is on.
  await inTransaction(ctx.db, async (tx) => {
    if (!(await twoFactorEnabled(tx, viewer.userId))) throw conflict(TWO_FACTOR_MESSAGES.notStarted);
    await recordAudit(tx, viewer, {
      action: 'two_factor.enabled',
      subject: { type: 'account', id: viewer.profile.id },
      summary: `${viewer.profile.email} turned on two-factor sign-in`,
      before: { two_factor_enabled: false },
      after: { two_factor_enabled: true },
    });
  });
  return { answer: { two_factor_enabled: true }, headers };
}
