/**
 * Two-factor sign-in (issue 30, decision 76): TOTP from an authenticator app, with single-use
 * recovery codes. The server requires it where money moves; these are the words it says so with,
 * which the web shows as they are.
 */

/** A code from an authenticator app: six digits (spaces the person typed are dropped). */
export const TOTP_CODE = /^\d{6}$/;

export const TWO_FACTOR_MESSAGES = {
  revealBankDetails: 'Turn on two-factor sign-in in your account settings before revealing bank details.',
  recordPayouts: 'Turn on two-factor sign-in in your account settings before recording payouts.',
  firstAdditionalCharge:
    'Turn on two-factor sign-in in your account settings before making your first additional charge.',
  wrongCode: 'That code is not correct. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not correct or has already been used.',
  challengeExpired: 'Your sign-in has expired. Please enter your email and password again.',
  tooManyAttempts: 'Too many wrong codes. Please enter your email and password again.',
  locked: 'Too many wrong codes for this account. Please wait 15 minutes and try again.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  notStarted: 'Start again: enter your password to get a new secret.',
} as const;

/** The reason code of the 403 that asks a person to enrol (the web links to the account page). */
export const TWO_FACTOR_REQUIRED = 'TWO_FACTOR_REQUIRED';

/** What a person types as a code, without spaces or dashes an app shows between the groups. */
export const normalizeTotp = (code: string) => code.replace(/[\s-]/g, '');
