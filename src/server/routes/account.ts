import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailChangeSchema,
  deleteAccountSchema,
  emailPreferencesSchema,
  twoFactorConfirmSchema,
  twoFactorPasswordSchema,
  updateProfileSchema,
} from '@/domain/schemas';
import type {
  AccountExport,
  AccountSettings,
  EmailChangeConfirmed,
  EmailChangeRequested,
  Encoded,
  Ok,
  PasswordChanged,
  RecoveryCodes,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@/domain/contract';
import type { Context } from 'hono';
import { endpoint, json } from '../http/endpoint';
import { LIMITS } from '../http/rate-limits';
import * as account from '../services/account';

function copySetCookies(from: Headers, c: Context) {
  for (const cookie of from.getSetCookie()) c.header('set-cookie', cookie, { append: true });
}

/** Wrong current passwords count against one limit, whichever form they come from. */
const PASSWORD_CHECKS = {
  count: [[LIMITS.accountPasswordChecksPerUser, 'user']],
  failuresAre: 400,
  signedInOnly: true,
  message: (wait: string) => `Too many attempts. Please wait ${wait} and try again.`,
} as const;

/** The signed-in person's own account (issue 31, decision 67): every role has one. */
export const OWN_ACCOUNT_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/account',
    tag: 'Account',
    summary: 'My account: profile, email preferences, an email change waiting for its link',
    access: 'signed in',
    ok: json('AccountSettings'),
    cache: 'no-store',
    handler: async ({ ctx, viewer }) =>
      (await account.accountSettings(ctx, viewer.profile)) satisfies Encoded<AccountSettings>,
  }),

  endpoint({
    method: 'patch',
    path: '/account',
    tag: 'Account',
    summary: 'Change my name and phone (a host also their business name)',
    access: 'signed in',
    body: updateProfileSchema,
    ok: json('AccountSettings'),
    handler: async ({ ctx, viewer, body }) =>
      (await account.updateProfile(ctx, viewer, body)) satisfies Encoded<AccountSettings>,
  }),

  endpoint({
    method: 'post',
    path: '/account/email',
    tag: 'Account',
    summary: 'Change my email: a single-use link goes to the new address (current password required)',
    access: 'signed in',
    body: changeEmailSchema,
    ok: json('EmailChangeRequested'),
    rateLimit: {
      count: [
        [LIMITS.accountPasswordChecksPerUser, 'user'],
        [LIMITS.emailChangesPerUser, 'user'],
      ],
      signedInOnly: true,
      message: (wait) => `Too many email change requests. Please wait ${wait} and try again.`,
    },
    handler: async ({ ctx, viewer, body }) =>
      (await account.requestEmailChange(ctx, viewer, body)) satisfies EmailChangeRequested,
  }),

  endpoint({
    method: 'post',
    path: '/account/email/confirm',
    tag: 'Account',
    summary: 'Open the email change link: the account moves to the new address',
    access: 'secret URL',
    body: confirmEmailChangeSchema,
    ok: json('EmailChangeConfirmed'),
    handler: async ({ ctx, body }) =>
      (await account.confirmEmailChange(ctx, body)) satisfies EmailChangeConfirmed,
  }),

  endpoint({
    method: 'post',
    path: '/account/password',
    tag: 'Account',
    summary: 'Change my password (current password required); every other device is signed out',
    access: 'signed in',
    body: changePasswordSchema,
    ok: json('PasswordChanged'),
    rateLimit: PASSWORD_CHECKS,
    handler: async ({ ctx, c, viewer, body }) =>
      (await account.changePassword(ctx, viewer, body, {
        headers: c.req.raw.headers,
      })) satisfies PasswordChanged,
  }),

  endpoint({
    method: 'put',
    path: '/account/email-preferences',
    tag: 'Account',
    summary: 'Choose which optional emails I get (transactional ones always go)',
    access: 'signed in',
    body: emailPreferencesSchema,
    ok: json('AccountSettings'),
    handler: async ({ ctx, viewer, body }) =>
      (await account.setEmailPreferences(ctx, viewer, body)) satisfies Encoded<AccountSettings>,
  }),

  endpoint({
    method: 'get',
    path: '/account/export',
    tag: 'Account',
    summary: 'Download my data (JSON): account, bookings, payments, reviews, messages, saved venues',
    access: 'signed in',
    ok: json('AccountExport'),
    cache: 'no-store',
    handler: async ({ ctx, c, viewer }) => {
      c.header('content-disposition', 'attachment; filename="velvet-my-data.json"');
      return (await account.exportAccount(ctx, viewer)) satisfies AccountExport;
    },
  }),

  endpoint({
    method: 'post',
    path: '/account/delete',
    tag: 'Account',
    summary: 'Delete my account (password required; refused while a booking is upcoming)',
    access: 'signed in',
    body: deleteAccountSchema,
    ok: json('Ok'),
    rateLimit: PASSWORD_CHECKS,
    handler: async ({ ctx, viewer, body }) => (await account.deleteAccount(ctx, viewer, body)) satisfies Ok,
  }),

  /* ---------- two-factor sign-in (decision 76) ---------- */
  endpoint({
    method: 'post',
    path: '/account/two-factor/enable',
    tag: 'Account',
    summary: 'Start two-factor sign-in (password required): the authenticator secret and recovery codes',
    access: 'signed in',
    body: twoFactorPasswordSchema,
    ok: json('TwoFactorEnrolment'),
    rateLimit: PASSWORD_CHECKS,
    cache: 'no-store',
    handler: async ({ ctx, c, viewer, body }) =>
      (await account.enableTwoFactor(ctx, viewer, body, {
        headers: c.req.raw.headers,
      })) satisfies TwoFactorEnrolment,
  }),

  endpoint({
    method: 'post',
    path: '/account/two-factor/confirm',
    tag: 'Account',
    summary: 'Turn two-factor sign-in on with the first code from the authenticator app',
    access: 'signed in',
    body: twoFactorConfirmSchema,
    ok: json('TwoFactorStatus'),
    rateLimit: PASSWORD_CHECKS,
    handler: async ({ ctx, c, viewer, body }) => {
      const { answer, headers } = await account.confirmTwoFactor(ctx, viewer, body, {
        headers: c.req.raw.headers,
      });
      copySetCookies(headers, c);
      return answer satisfies TwoFactorStatus;
    },
  }),

  endpoint({
    method: 'post',
    path: '/account/two-factor/disable',
    tag: 'Account',
    summary: 'Turn two-factor sign-in off (password required)',
    access: 'signed in',
    body: twoFactorPasswordSchema,
    ok: json('TwoFactorStatus'),
    rateLimit: PASSWORD_CHECKS,
    handler: async ({ ctx, c, viewer, body }) => {
      const { answer, headers } = await account.disableTwoFactor(ctx, viewer, body, {
        headers: c.req.raw.headers,
      });
      copySetCookies(headers, c);
      return answer satisfies TwoFactorStatus;
    },
  }),

  endpoint({
    method: 'post',
    path: '/account/two-factor/recovery-codes',
    tag: 'Account',
    summary: 'New recovery codes (password required); the old ones stop working',
    access: 'signed in',
    body: twoFactorPasswordSchema,
    ok: json('RecoveryCodes'),
    rateLimit: PASSWORD_CHECKS,
    cache: 'no-store',
    handler: async ({ ctx, c, viewer, body }) =>
      (await account.regenerateRecoveryCodes(ctx, viewer, body, {
        headers: c.req.raw.headers,
      })) satisfies RecoveryCodes,
  }),
];
