/**
 * The guard of the actions that move money (issue 30, decision 76): revealing a host's bank
 * details, recording payouts, a host's first additional charge. Without two-factor sign-in the
 * answer is 403 with `message` (which tells the person to turn it on) and the reason
 * TWO_FACTOR_REQUIRED, which the web turns into a link to the account page.
 */
import { forbidden } from '@/domain/errors';
import { TWO_FACTOR_REQUIRED } from '@/domain/two-factor';
import type { Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { twoFactorEnabled } from './two-factor-shared';

export async function requireTwoFactor(db: DbOrTx, viewer: Viewer, message: string): Promise<void> {
  if (!(await twoFactorEnabled(db, viewer.userId))) throw forbidden(message, TWO_FACTOR_REQUIRED);
}
