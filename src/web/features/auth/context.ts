import { createContext } from 'react';
import type { Role } from '@/domain/access';
import type { Profile, SessionUser } from '@/domain/contract';

export interface AuthContextValue {
  /** True until the first session read has finished. */
  loading: boolean;
  user: SessionUser | null;
  profile: Profile | null;
  role: Role | null;
  isAdmin: boolean;
  /** Re-read the session from the server (after sign-in, confirmation, role changes). */
  refresh: () => Promise<void>;
  /** Revoke the server session, clear browser storage and reload at '/'. */
  signOut: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | undefined>(undefined);
