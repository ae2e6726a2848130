/** The signed-in person's own account (issue 31): profile, email, password, preferences, deletion. */
import { z } from 'zod';
import { EMAIL_PREFERENCE_KINDS, type EmailPreferenceKind } from '../email-preferences';
import { BODY, emailField, missing, optionalLine, optionalPhone, requiredLine } from './fields';
import { TOTP_CODE, normalizeTotp } from '../two-factor';

const password = (label: string) =>
  z
    .string({ error: (iss) => (missing(iss.input) ? `${label} is required.` : `${label} must be text.`) })
    .min(1, `${label} is required.`);

/** PATCH /api/account: name and phone (hosts also their business name). */
export const updateProfileSchema = z.object(
  {
    full_name: requiredLine('Full name', 100),
    phone: optionalPhone,
    business_name: optionalLine('Business name', 200).transform((v) => v ?? undefined),
  },
  BODY,
);
export type UpdateProfileInput = z.output<typeof updateProfileSchema>;

/** POST /api/account/email: the new address gets a link; the password proves it is the owner. */
export const changeEmailSchema = z.object(
  { email: emailField(), current_password: password('Current password') },
  BODY,
);
export type ChangeEmailInput = z.output<typeof changeEmailSchema>;

export const INVALID_EMAIL_CHANGE_LINK =
  'This email change link is not valid. Ask for a new one from Settings.';

/** POST /api/account/email/confirm: the token of the link sent to the new address. */
export const confirmEmailChangeSchema = z.object(
  { token: requiredLine('Token', 500, INVALID_EMAIL_CHANGE_LINK) },
  { error: INVALID_EMAIL_CHANGE_LINK },
);
export type ConfirmEmailChangeInput = z.output<typeof confirmEmailChangeSchema>;

/** POST /api/account/password: strength is judged by passwordProblems, as at sign-up. */
export const changePasswordSchema = z.object(
  { current_password: password('Current password'), new_password: password('New password') },
  BODY,
);
export type ChangePasswordInput = z.output<typeof changePasswordSchema>;

/** PUT /api/account/email-preferences: each optional kind on or off (left out: unchanged). */
export const emailPreferencesSchema = z.object(
  Object.fromEntries(
    EMAIL_PREFERENCE_KINDS.map((k) => [k, z.boolean({ error: `${k} must be true or false.` }).optional()]),
  ) as Record<EmailPreferenceKind, z.ZodOptional<z.ZodBoolean>>,
  BODY,
);
export type EmailPreferencesInput = z.output<typeof emailPreferencesSchema>;

/** POST /api/account/delete: the password again. */
export const deleteAccountSchema = z.object({ current_password: password('Current password') }, BODY);
export type DeleteAccountInput = z.output<typeof deleteAccountSchema>;

/** POST /api/account/two-factor/enable, /disable, /recovery-codes: the password again. */
export const twoFactorPasswordSchema = z.object({ current_password: password('Current password') }, BODY);
export type TwoFactorPasswordInput = z.output<typeof twoFactorPasswordSchema>;

const totpCode = z
  .string({ error: (iss) => (missing(iss.input) ? 'Code is required.' : 'Code must be text.') })
  .transform(normalizeTotp)
  .refine((v) => TOTP_CODE.test(v), 'Enter the 6-digit code from your authenticator app.');

/** POST /api/account/two-factor/confirm: the first code from the app turns two-factor on. */
export const twoFactorConfirmSchema = z.object({ code: totpCode }, BODY);
export type TwoFactorConfirmInput = z.output<typeof twoFactorConfirmSchema>;

/**
 * POST /api/accounts/sign-in/two-factor: the second step of a sign-in — a code from the app
 * ('totp', six digits) or one of the recovery codes ('recovery').
 */
export const signInTwoFactorSchema = z
  .object(
    {
      method: z.enum(['totp', 'recovery'], { error: 'Method must be totp or recovery.' }).default('totp'),
      code: z
        .string({ error: (iss) => (missing(iss.input) ? 'Code is required.' : 'Code must be text.') })
        .trim()
        .min(1, 'Code is required.')
        .max(40, 'That code is not correct.'),
      portal: z.enum(['user', 'host'], { error: 'Portal must be user or host.' }).optional(),
    },
    BODY,
  )
  .transform((v) => (v.method === 'totp' ? { ...v, code: normalizeTotp(v.code) } : v))
  .superRefine((v, ctx) => {
    if (v.method === 'totp' && !TOTP_CODE.test(v.code))
      ctx.addIssue({
        code: 'custom',
        path: ['code'],
        message: 'Enter the 6-digit code from your authenticator app.',
      });
  });
export type SignInTwoFactorInput = z.output<typeof signInTwoFactorSchema>;
