import type { Role } from '@/domain/access';

/** Where a signed-in person's dashboard lives. */
export function dashboardPathFor(role: Role | null | undefined): string {
  if (role === 'admin') return '/admin-dashboard';
  if (role === 'host') return '/host-dashboard';
  return '/user-dashboard';
}
