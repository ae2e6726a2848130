/**
 * POST /api/accounts/sign-in/two-factor (decision 76): the second step of a sign-in with
 * two-factor on. The password step left a signed cookie naming the account (10 minutes); a code
 * from the authenticator app, or one of the recovery codes (each works once), completes it
 * through Better Auth's plugin, which sets the session cookie. The plugin allows 5 wrong codes
 * per sign-in and locks the account's codes for 15 minutes after 10 in a row.
 */
import { conflict } from '@/domain/errors';
import type { SignInTwoFactorInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import { pluginCall } from '../account/two-factor-shared';
import { finishSignIn } from './sign-in';

export const ALREADY_SIGNED_IN = 'You are already signed in. Sign out first to sign in again.';

export async function signInTwoFactor(
  ctx: AppContext,
  input: SignInTwoFactorInput,
  request: { headers: Headers },
) {
  // With a session the plugin would verify for that session (and could finish an enrolment
  // without its audit entry): this step is only for a sign-in in progress.
  if (request.headers.get('cookie') && (await ctx.auth.api.getSession({ headers: request.headers }))) {
    throw conflict(ALREADY_SIGNED_IN, 'ALREADY_SIGNED_IN');
  }
  const { response, headers } = await pluginCall(() =>
    input.method === 'totp'
      ? ctx.auth.api.verifyTOTP({ body: { code: input.code }, headers: request.headers, returnHeaders: true })
      : ctx.auth.api.verifyBackupCode({
          body: { code: input.code },
          headers: request.headers,
          returnHeaders: true,
        }),
  );
  const { profile, roleUpdated } = await finishSignIn(
    ctx,
    response.user.id,
    response.user.email,
    input.portal,
  );
  return { profile, roleUpdated, headers };
}
