/** The auth feature's data: the account endpoints (docs/api.md "Accounts and session"). */
import type {
  ConfirmResult,
  Ok,
  ResetPasswordResult,
  Session,
  SignInResult,
  SignOutResult,
  SignUpResult,
} from '@/domain/contract';
import type { z } from 'zod';
import type {
  ResetPasswordInput,
  SignInInput,
  SignInTwoFactorInput,
  SignOutScope,
  signUpSchema,
} from '@/domain/schemas';
import { api } from '@/web/lib/api';

export const accountsApi = {
  session: (signal?: AbortSignal) => api.get<Session>('/api/session', { signal }),
  /** The sign-up request as the form sends it (before the schema's defaults and trimming). */
  signUp: (input: z.input<typeof signUpSchema>) => api.post<SignUpResult>('/api/accounts/sign-up', input),
  signIn: (input: SignInInput) => api.post<SignInResult>('/api/accounts/sign-in', input),
  /** The second step when the account has two-factor sign-in on (decision 76). */
  signInTwoFactor: (input: SignInTwoFactorInput) =>
    api.post<SignInResult>('/api/accounts/sign-in/two-factor', input),
  /** SPEC §8 scopes: this device (default), every other device, or all. */
  signOut: (scope: SignOutScope = 'local') => api.post<SignOutResult>('/api/accounts/sign-out', { scope }),
  forgotPassword: (email: string) => api.post<Ok>('/api/accounts/forgot-password', { email }),
  resetPassword: (input: ResetPasswordInput) =>
    api.post<ResetPasswordResult>('/api/accounts/reset-password', input),
  confirm: (input: { token: string; email: string }) =>
    api.post<ConfirmResult>('/api/accounts/confirm', input),
  resendConfirmation: (email: string) => api.post<Ok>('/api/accounts/resend-confirmation', { email }),
};
