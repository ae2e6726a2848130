import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from './useAuth';
import { dashboardPathFor } from './roles';
import type { Role } from '@/domain/access';
import { RETURN_PARAM, safeReturnPath, signInUrlFor } from '@/domain/return-path';
import { FullPageLoading } from '@/web/components/FullPageLoading';

interface RequireAuthProps {
  children: ReactNode;
  /** Roles allowed in. Omit to allow any signed-in person. */
  roles?: readonly Role[];
  /** Where signed-in people who may not enter are sent (SPEC §2: '/'). */
  redirectTo?: string;
}

/**
 * Route guard: 'Loading...' while the session loads, then the page or a redirect. A signed-out
 * visitor goes to the page's sign-in portal with `?redirect=<this page>` (issue 12), so that
 * signing in brings them back; a signed-in person without the role goes to '/'.
 */
export function RequireAuth({ children, roles, redirectTo = '/' }: RequireAuthProps) {
  const { loading, user, role } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  if (!user)
    return <Navigate to={signInUrlFor(location.pathname + location.search + location.hash)} replace />;
  if (roles && (!role || !roles.includes(role))) return <Navigate to={redirectTo} replace />;
  return <>{children}</>;
}

/**
 * The page to go back to after signing in: the `redirect` query parameter of the sign-in page,
 * when it is a path on this site (src/domain/return-path.ts); null otherwise.
 */
export function returnPathFrom(search: string): string | null {
  return safeReturnPath(new URLSearchParams(search).get(RETURN_PARAM));
}

/**
 * For the sign-in pages: a signed-in visitor goes straight back to the page that asked them to
 * sign in (e.g. /review/{bookingId}), or else to their dashboard.
 */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { loading, user, role } = useAuth();
  const location = useLocation();
  if (loading) return <FullPageLoading />;
  if (user) return <Navigate to={returnPathFrom(location.search) ?? dashboardPathFor(role)} replace />;
  return <>{children}</>;
}
