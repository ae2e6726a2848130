import { api } from '@/web/lib/api';
import type { Profile, Role, Session, SignInInput, SignUpInput } from './types';

/** Account endpoints (see the accounts API contract). */
export const accountsApi = {
  session: (signal?: AbortSignal) => api.get<Session>('/api/session', { signal }),
  signUp: (input: SignUpInput) => api.post<{ email: string; role: Role }>('/api/accounts/sign-up', input),
  signIn: (input: SignInInput) =>
    api.post<{ profile: Profile; role_updated: boolean }>('/api/accounts/sign-in', input),
  signOut: () => api.post<unknown>('/api/accounts/sign-out'),
  confirm: (input: { token: string; email: string }) =>
    api.post<{ role: Role }>('/api/accounts/confirm', input),
  resendConfirmation: (email: string) => api.post<unknown>('/api/accounts/resend-confirmation', { email }),
};
