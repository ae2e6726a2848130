/** The account feature's data: GET/PATCH /api/account and its actions (issue 31). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AccountSettings,
  EmailChangeConfirmed,
  EmailChangeRequested,
  Ok,
  PasswordChanged,
  RecoveryCodes,
  TwoFactorEnrolment,
  TwoFactorStatus,
} from '@/domain/contract';
import type { EmailPreferenceKind } from '@/domain/email-preferences';
import { ApiError, HTTP_ERROR, NETWORK_ERROR, api } from '@/web/lib/api';

/** An API error that names the field it is about (the server's `error.field`), to show at the field. */
export class FieldError extends ApiError {
  constructor(
    status: number,
    code: string,
    message: string,
    readonly field: string | undefined,
  ) {
    super(status, code, message);
  }
}

/** A JSON write whose error keeps its field (lib/api's ApiError carries code and message only). */
async function write<T>(method: 'POST' | 'PUT' | 'PATCH', path: string, body: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, 'Could not reach the server. Please check your connection.');
  }
  const parsed = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; field?: string };
  } | null;
  if (!res.ok) {
    const e = parsed?.error;
    if (e?.message) throw new FieldError(res.status, e.code ?? 'ERROR', e.message, e.field);
    throw new ApiError(res.status, HTTP_ERROR, `HTTP ${res.status}`);
  }
  return parsed as T;
}

export const accountKey = ['account'] as const;

export const accountApi = {
  get: () => api.get<AccountSettings>('/api/account'),
  update: (body: { full_name: string; phone: string; business_name?: string }) =>
    write<AccountSettings>('PATCH', '/api/account', body),
  changeEmail: (body: { email: string; current_password: string }) =>
    write<EmailChangeRequested>('POST', '/api/account/email', body),
  confirmEmail: (token: string) =>
    write<EmailChangeConfirmed>('POST', '/api/account/email/confirm', { token }),
  changePassword: (body: { current_password: string; new_password: string }) =>
    write<PasswordChanged>('POST', '/api/account/password', body),
  preferences: (body: Partial<Record<EmailPreferenceKind, boolean>>) =>
    write<AccountSettings>('PUT', '/api/account/email-preferences', body),
  remove: (current_password: string) => write<Ok>('POST', '/api/account/delete', { current_password }),
  /** Two-factor sign-in (decision 76). */
  startTwoFactor: (current_password: string) =>
    write<TwoFactorEnrolment>('POST', '/api/account/two-factor/enable', { current_password }),
  confirmTwoFactor: (code: string) =>
    write<TwoFactorStatus>('POST', '/api/account/two-factor/confirm', { code }),
  disableTwoFactor: (current_password: string) =>
    write<TwoFactorStatus>('POST', '/api/account/two-factor/disable', { current_password }),
  newRecoveryCodes: (current_password: string) =>
    write<RecoveryCodes>('POST', '/api/account/two-factor/recovery-codes', { current_password }),
};

export const useAccount = () => useQuery({ queryKey: accountKey, queryFn: accountApi.get });

/** A write that answers the account: the cached account becomes the answer. */
export function useAccountWrite<B>(write: (body: B) => Promise<AccountSettings>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (account) => client.setQueryData(accountKey, account),
  });
}
