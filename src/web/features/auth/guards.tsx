import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './useAuth';
import { dashboardPathFor } from './roles';
import type { Role } from '@/domain/access';
import { FullPageLoading } from '@/web/components/FullPageLoading';

interface RequireAuthProps {
  children: ReactNode;
  /** Roles allowed in. Omit to allow any signed-in person. */
  roles?: readonly Role[];
  /** Where people who may not enter are sent (SPEC §2: '/'). */
  redirectTo?: string;
  /** Where signed-out visitors are sent; defaults to redirectTo. */
  signedOutRedirectTo?: string;
}

/** Route guard: 'Loading...' while the session loads, then the page or a redirect. */
export function RequireAuth({ children, roles, redirectTo = '/', signedOutRedirectTo }: RequireAuthProps) {
  const { loading, user, role } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  if (!user) return <Navigate to={signedOutRedirectTo ?? redirectTo} replace state={{ from: location }} />;
  if (roles && (!role || !roles.includes(role))) return <Navigate to={redirectTo} replace />;
  return <>{children}</>;
}

/**
 * The page a guarded route sent a signed-out visitor away from (RequireAuth puts it in the
 * navigation state), to go back to after signing in; only a path of this app, never a URL.
 */
export function returnPath(state: unknown): string | null {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (
    !from ||
    typeof from.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//')
  ) {
    return null;
  }
  return from.pathname + (typeof from.search === 'string' ? from.search : '');
}

/**
 * For the sign-in pages: a signed-in visitor goes straight to their dashboard, or back to the
 * page that asked them to sign in (e.g. /review/{bookingId}).
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { loading, user, role } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  if (user) return <Navigate to={returnPath(location.state) ?? dashboardPathFor(role)} replace />;
  return <>{children}</>;
}
