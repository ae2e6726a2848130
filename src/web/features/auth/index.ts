/** The auth feature's public face: pages and other features import only from here. */
export { AuthPortal, type AuthPortalConfig } from './AuthPortal';
export { AuthProvider } from './AuthProvider';
export { EmailStatusCard } from './EmailStatusCard';
export type { AuthContextValue } from './context';
export { accountsApi } from './data';
export { RedirectIfSignedIn, RequireAuth } from './guards';
export { dashboardPathFor } from './roles';
export { useAuth } from './useAuth';
export { useResendConfirmation } from './useResendConfirmation';
export { ForgotPasswordForm, ResetPasswordForm } from './PasswordReset';
export { useSignOutOtherDevices } from './useSignOutOtherDevices';
