import { useCallback, useMemo, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthContext, type AuthContextValue } from './context';
import { queryKeys } from '@/web/lib/queryKeys';
import { accountsApi } from './data';
import type { Session } from '@/domain/contract';

/** The session is read once per tab and refreshed after sign-in, confirmation or role changes. */
const SESSION_QUERY_KEY = queryKeys.session;

const SIGNED_OUT: Session = { user: null, profile: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }) => {
      try {
        const session = await accountsApi.session(signal);
        return { user: session?.user ?? null, profile: session?.profile ?? null };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        // An unreachable or failing API degrades to the signed-out state.
        console.error('Failed to load session', error);
        return SIGNED_OUT;
      }
    },
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

  const refresh = useCallback(async () => {
    await queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    try {
      await accountsApi.signOut();
    } catch (error) {
      console.error('Sign-out failed', error);
    }
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch (error) {
      console.error('Could not clear browser storage', error);
    }
    queryClient.clear();
    window.location.assign('/');
  }, [queryClient]);

  const value = useMemo<AuthContextValue>(() => {
    const session = data ?? SIGNED_OUT;
    const user = session.user;
    const profile = user ? session.profile : null;
    const role = profile?.role ?? null;
    return { loading: isPending, user, profile, role, isAdmin: role === 'admin', refresh, signOut };
  }, [data, isPending, refresh, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
