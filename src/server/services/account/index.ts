/** The signed-in person's own account (issue 31, decision 67): settings, email, password, data, deletion. */
export { accountSettings, WRONG_PASSWORD } from './shared';
export { updateProfile } from './update-profile';
export { setEmailPreferences } from './email-preferences';
export { changePassword, SAME_PASSWORD } from './change-password';
export {
  ADMIN_EMAIL_FIXED,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_CHANGE_TTL_HOURS,
  SAME_EMAIL,
  confirmEmailChange,
  requestEmailChange,
} from './change-email';
export { exportAccount } from './export';
export { DELETE_MESSAGES, DELETED_NAME, deleteAccount, deletedAddress } from './delete';
export { enableTwoFactor } from './two-factor-enable';
export { confirmTwoFactor } from './two-factor-confirm';
export { disableTwoFactor } from './two-factor-disable';
export { regenerateRecoveryCodes } from './two-factor-recovery-codes';
export { requireTwoFactor } from './require-two-factor';
