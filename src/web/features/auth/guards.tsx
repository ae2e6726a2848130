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

/** For the sign-in pages: a signed-in visitor goes straight to their dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { loading, user, role } = useAuth();
  if (loading) return <FullPageLoading />;
  if (user) return <Navigate to={dashboardPathFor(role)} replace />;
  return <>{children}</>;
}
