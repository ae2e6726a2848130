import type { Context } from 'hono';
import {
  confirmEmailSchema,
  forgotPasswordSchema,
  resendSchema,
  resetPasswordSchema,
  signInSchema,
  signInTwoFactorSchema,
  signOutSchema,
  signUpRequestSchema,
} from '@/domain/schemas';
import type {
  ConfirmResult,
  Encoded,
  Ok,
  ResetPasswordResult,
  Session,
  SignInResult,
  SignOutResult,
  SignUpResult,
} from '@/domain/contract';
import { clientAddress } from '../http/client-address';
import { endpoint, json } from '../http/endpoint';
import { ACCOUNT_ANSWER_MS, LIMITS } from '../http/rate-limits';
import { getViewer } from '../http/viewer';
import * as accounts from '../services/accounts';

function copySetCookies(from: Headers, c: Context) {
  for (const cookie of from.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

/** Confirmation emails to one address: one a minute, three an hour, by sign-up and resend together. */
const CONFIRMATIONS = [
  [LIMITS.confirmationPerEmailBurst, 'email'],
  [LIMITS.confirmationPerEmail, 'email'],
] as const;

/** Accounts (SPEC §8): sign-up and confirmation, sign-in and out, password reset, the session. */
export const ACCOUNT_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: '/accounts/sign-up',
    tag: 'Accounts',
    summary: 'Sign up as a guest or a host',
    access: 'anyone',
    body: signUpRequestSchema,
    ok: json('SignUpResult', 201),
    rateLimit: {
      count: [[LIMITS.signUpPerAddress, 'address'], ...CONFIRMATIONS],
      notCountedWhen: [400],
      message: (wait) => `Too many sign-ups. Please wait ${wait} and try again.`,
      answerNoSoonerThanMs: ACCOUNT_ANSWER_MS,
    },
    handler: async ({ ctx, body }) => (await accounts.signUp(ctx, body)) satisfies Encoded<SignUpResult>,
  }),

  endpoint({
    method: 'post',
    path: '/accounts/sign-in',
    tag: 'Accounts',
    summary: 'Sign in (sets the session cookie)',
    access: 'anyone',
    body: signInSchema,
    ok: json('SignInResult'),
    rateLimit: {
      // Per account there is no block (anyone could lock its owner out): the sign-in service
      // limits each account and address pair, and slows an account guessed from everywhere.
      count: [[LIMITS.signInPerAddress, 'address']],
      failuresAre: 401,
      message: (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
      reason: 'TOO_MANY_ATTEMPTS',
    },
    handler: async ({ ctx, c, body }) => {
      const { profile, roleUpdated, twoFactorRequired, headers } = await accounts.signIn(ctx, body, {
        headers: c.req.raw.headers,
        clientAddress: clientAddress(ctx, c),
      });
      copySetCookies(headers, c);
      return {
        profile,
        role_updated: roleUpdated,
        two_factor_required: twoFactorRequired,
      } satisfies Encoded<SignInResult>;
    },
  }),

  // Decision 76: the second step when the account has two-factor sign-in on.
  endpoint({
    method: 'post',
    path: '/accounts/sign-in/two-factor',
    tag: 'Accounts',
    summary:
      'Finish a sign-in with a code from the authenticator app or a recovery code (sets the session cookie)',
    access: 'anyone',
    body: signInTwoFactorSchema,
    ok: json('SignInResult'),
    rateLimit: {
      count: [[LIMITS.signInPerAddress, 'address']],
      failuresAre: 400,
      message: (wait) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`,
      reason: 'TOO_MANY_ATTEMPTS',
    },
    handler: async ({ ctx, c, body }) => {
      const { profile, roleUpdated, headers } = await accounts.signInTwoFactor(ctx, body, {
        headers: c.req.raw.headers,
      });
      copySetCookies(headers, c);
      return {
        profile,
        role_updated: roleUpdated,
        two_factor_required: false,
      } satisfies Encoded<SignInResult>;
    },
  }),

  // SPEC §8 scopes: local (this device, the default), others, global. See decision 20.
  endpoint({
    method: 'post',
    path: '/accounts/sign-out',
    tag: 'Accounts',
    summary: 'Sign out this device (default), every other device, or everywhere',
    access: 'anyone',
    body: signOutSchema,
    bodyOptional: true,
    ok: json('SignOutResult'),
    handler: async ({ ctx, c, body: { scope } }) => {
      const { headers, endedOther } = await accounts.signOut(ctx, scope, { headers: c.req.raw.headers });
      if (headers) copySetCookies(headers, c);
      return { ok: true, scope, ended_other_sessions: endedOther } satisfies Encoded<SignOutResult>;
    },
  }),

  endpoint({
    method: 'post',
    path: '/accounts/forgot-password',
    tag: 'Accounts',
    summary: 'Email a one-time password reset link (the same answer whether the account exists or not)',
    access: 'anyone',
    body: forgotPasswordSchema,
    ok: json('Ok'),
    rateLimit: {
      count: [
        [LIMITS.passwordResetPerAddress, 'address'],
        [LIMITS.passwordResetPerEmail, 'email'],
      ],
      message: (wait) => `Too many password reset requests. Please wait ${wait} and try again.`,
      answerNoSoonerThanMs: ACCOUNT_ANSWER_MS,
    },
    handler: async ({ ctx, body }) => {
      await accounts.requestPasswordReset(ctx, body);
      return { ok: true } satisfies Ok;
    },
  }),

  endpoint({
    method: 'post',
    path: '/accounts/reset-password',
    tag: 'Accounts',
    summary: 'Set a new password with a reset link; ends every session of the account',
    access: 'anyone',
    body: resetPasswordSchema,
    ok: json('ResetPasswordResult'),
    rateLimit: {
      count: [[LIMITS.passwordResetSubmitPerAddress, 'address']],
      message: (wait) => `Too many password reset attempts. Please wait ${wait} and try again.`,
    },
    handler: async ({ ctx, body }) =>
      (await accounts.resetPassword(ctx, body)) satisfies Encoded<ResetPasswordResult>,
  }),

  endpoint({
    method: 'post',
    path: '/accounts/confirm',
    tag: 'Accounts',
    summary: 'Confirm an email address',
    access: 'anyone',
    body: confirmEmailSchema,
    ok: json('ConfirmResult'),
    handler: async ({ ctx, body }) =>
      (await accounts.confirmEmail(ctx, body)) satisfies Encoded<ConfirmResult>,
  }),

  endpoint({
    method: 'post',
    path: '/accounts/resend-confirmation',
    tag: 'Accounts',
    summary: 'Send the confirmation email again',
    access: 'anyone',
    body: resendSchema,
    ok: json('Ok'),
    rateLimit: {
      count: [[LIMITS.resendPerAddress, 'address'], ...CONFIRMATIONS],
      notCountedWhen: [400],
      message: (wait) => `Too many confirmation emails requested. Please wait ${wait} and try again.`,
      answerNoSoonerThanMs: ACCOUNT_ANSWER_MS,
    },
    handler: async ({ ctx, body }) => {
      await accounts.resendConfirmation(ctx, body);
      return { ok: true } satisfies Ok;
    },
  }),

  endpoint({
    method: 'get',
    path: '/session',
    tag: 'Accounts',
    summary: 'The signed-in user and profile (both null when signed out)',
    access: 'anyone',
    ok: json('Session'),
    cache: 'no-store',
    handler: async ({ ctx, c }) => {
      const viewer = await getViewer(ctx, c);
      if (!viewer) return { user: null, profile: null } satisfies Session;
      const { profile } = viewer;
      return {
        user: { id: viewer.userId, email: profile.email, name: profile.full_name },
        profile,
      } satisfies Encoded<Session>;
    },
  }),
];
