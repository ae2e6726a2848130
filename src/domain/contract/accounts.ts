/** Accounts and the session (docs/api.md "Accounts and session"). Requests: `@/domain/schemas`. */
import type { Role } from '../access';
import type { SIGN_UP_ROLES } from '../schemas';
import type { Timestamp } from './wire';

/** The portal a person signs up or in at: guests ('user') or hosts. */
export type Portal = (typeof SIGN_UP_ROLES)[number];

/** A profile (SPEC §3 profiles) as its owner reads it. */
export interface Profile {
  id: string;
  user_id: string;
  full_name: string | null;
  email: string;
  phone: string | null;
  role: Role;
  business_name: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionUser {
  id: string;
  email: string;
  name: string | null;
}

/** GET /api/session: both null when signed out. */
export interface Session {
  user: SessionUser | null;
  profile: Profile | null;
}

/** POST /api/accounts/sign-up (201). */
export interface SignUpResult {
  email: string;
  role: Role;
}

/**
 * POST /api/accounts/sign-in and /api/accounts/sign-in/two-factor. `role_updated`: a guest who
 * signed in at the host portal became a host. `two_factor_required`: the password was right but
 * the account has two-factor sign-in, so no session yet (`profile` null) — send the code to
 * /api/accounts/sign-in/two-factor within 10 minutes.
 */
export interface SignInResult {
  profile: Profile | null;
  role_updated: boolean;
  two_factor_required: boolean;
}

/** POST /api/accounts/confirm. */
export interface ConfirmResult {
  role: Role;
}

/** POST /api/accounts/sign-out. `ended_other_sessions`: other devices signed out (scopes others, global). */
export interface SignOutResult {
  ok: true;
  scope: 'local' | 'others' | 'global';
  ended_other_sessions: number;
}

/** POST /api/accounts/reset-password: the account's role, to send the person to the right sign-in page. */
export interface ResetPasswordResult {
  role: Role;
}
