/** Sign-up, sign-in and email confirmation requests (SPEC §2 /auth, /confirm-email). */
import { z } from 'zod';
import type { Role } from '../access';
import { safeReturnPath } from '../return-path';
import { BODY, emailField, missing, optionalLine, optionalPhone, requiredLine } from './fields';

/** The roles sign-up may ask for; admin is granted by the server (ADMIN_EMAIL). */
export const SIGN_UP_ROLES = ['user', 'host'] as const satisfies readonly Role[];

/**
 * Sign-up request. Password strength is not judged here: the server answers weak_password
 * with every reason from passwordProblems (forms show them live the same way).
 */
export const signUpSchema = z
  .object(
    {
      email: emailField(),
      password: z
        .string({ error: (iss) => (missing(iss.input) ? 'Password is required.' : 'Password must be text.') })
        .min(1, 'Password is required.'),
      full_name: requiredLine('Full name', 100),
      role: z.enum(SIGN_UP_ROLES, { error: 'Role must be user or host.' }).default('user'),
      business_name: optionalLine('Business name', 200).transform((v) => v ?? undefined),
      phone: optionalPhone,
      /**
       * The page to come back to after confirming and signing in (issue 12); carried in the
       * confirmation link. Anything but a safe path on this site is dropped, not refused.
       */
      redirect: z
        .unknown()
        .transform((v) => safeReturnPath(v) ?? undefined)
        .optional(),
    },
    BODY,
  )
  .superRefine((v, ctx) => {
    if (v.role === 'host') {
      if (!v.business_name)
        ctx.addIssue({ code: 'custom', path: ['business_name'], message: 'Business name is required.' });
      if (!v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'Phone number is required.' });
    }
  });
export type SignUpInput = z.output<typeof signUpSchema>;

/**
 * POST /accounts/sign-up: only 'user' and 'host' may be asked for; anything else (including
 * 'admin') signs up a guest.
 */
export const signUpRequestSchema = z.preprocess(
  (body) =>
    body !== null && typeof body === 'object'
      ? { ...body, role: (body as { role?: unknown }).role === 'host' ? 'host' : 'user' }
      : body,
  signUpSchema,
);

export const signInSchema = z.object(
  {
    email: emailField(),
    password: z
      .string({ error: (iss) => (missing(iss.input) ? 'Password is required.' : 'Password must be text.') })
      .min(1, 'Password is required.'),
    portal: z.enum(SIGN_UP_ROLES, { error: 'Portal must be user or host.' }).optional(),
  },
  BODY,
);
export type SignInInput = z.output<typeof signInSchema>;

export const INVALID_CONFIRMATION_LINK = 'Invalid confirmation link';

export const confirmEmailSchema = z.object(
  {
    token: requiredLine('Token', 500, INVALID_CONFIRMATION_LINK),
    email: emailField(INVALID_CONFIRMATION_LINK, INVALID_CONFIRMATION_LINK),
    // Anything but a sign-up role is dropped, not refused.
    role: z.preprocess(
      (v) => ((SIGN_UP_ROLES as readonly unknown[]).includes(v) ? v : undefined),
      z.enum(SIGN_UP_ROLES).optional(),
    ),
  },
  { error: INVALID_CONFIRMATION_LINK },
);
export type ConfirmEmailInput = z.output<typeof confirmEmailSchema>;

export const resendSchema = z.object({ email: emailField() }, BODY);
export type ResendInput = z.output<typeof resendSchema>;

/** SPEC §8 sign-out scopes: this device, every other device, or all of them. */
export const SIGN_OUT_SCOPES = ['local', 'others', 'global'] as const;
export type SignOutScope = (typeof SIGN_OUT_SCOPES)[number];

export const signOutSchema = z.object(
  {
    scope: z.enum(SIGN_OUT_SCOPES, { error: 'Scope must be local, others or global.' }).default('local'),
  },
  BODY,
);

/** POST /api/accounts/forgot-password. */
export const forgotPasswordSchema = z.object({ email: emailField() }, BODY);
export type ForgotPasswordInput = z.output<typeof forgotPasswordSchema>;

export const INVALID_RESET_LINK = 'This password reset link is not valid. Request a new one.';

/** POST /api/accounts/reset-password: the link's token and email, and the new password. */
export const resetPasswordSchema = z.object(
  {
    token: requiredLine('Token', 500, INVALID_RESET_LINK),
    email: emailField(INVALID_RESET_LINK, INVALID_RESET_LINK),
    password: z
      .string({ error: (iss) => (missing(iss.input) ? 'Password is required.' : 'Password must be text.') })
      .min(1, 'Password is required.'),
  },
  BODY,
);
export type ResetPasswordInput = z.output<typeof resetPasswordSchema>;
