/** Account use cases: sign-up, confirm (and resend), sign-in (with throttling and host conversion). */
export { confirmEmail, resendConfirmation } from './confirm';
export {
  CONFIRMATION_TTL_HOURS,
  RESENDS_PER_HOUR,
  SIGN_IN_MAX_FAILURES,
  SIGN_IN_WINDOW_MINUTES,
  normalizeEmail,
} from './shared';
export { signIn } from './sign-in';
export { signInTwoFactor } from './sign-in-two-factor';
export { signUp } from './sign-up';
export {
  PASSWORD_RESET_TTL_MINUTES,
  RESET_LINK_MESSAGES,
  requestPasswordReset,
  resetPassword,
} from './password-reset';
export { signOut } from './sign-out';
