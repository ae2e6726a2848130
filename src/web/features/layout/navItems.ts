import type { AuthContextValue } from '@/web/features/auth';

export interface NavItem {
  to: string;
  label: string;
  /** Match the path exactly (for '/'). */
  end?: boolean;
  /** Unread messages, shown as a count beside the label (the dashboard link). */
  unread?: number;
  /** Booking requests awaiting the host's answer, shown as a badge (the host's dashboard link). */
  pending?: number;
}

/** Text links of the navigation bar, per SPEC §2 "Navigation bar". */
export function navItemsFor(
  { user, role }: Pick<AuthContextValue, 'user' | 'role'>,
  unread = 0,
  pending = 0,
): NavItem[] {
  const items: NavItem[] = [
    { to: '/', label: 'Browse Venues', end: true },
    { to: '/how-it-works', label: 'How It Works' },
  ];
  if (!user) {
    items.push({ to: '/list-venue', label: 'List Your Venue' });
  } else if (role === 'admin') {
    items.push({ to: '/admin-dashboard', label: 'Admin Dashboard' });
  } else if (role === 'host') {
    items.push({ to: '/host-dashboard', label: 'Manage Venues', unread, pending });
  } else if (role === 'user') {
    items.push({ to: '/user-dashboard', label: 'Manage Bookings', unread });
  }
  return items;
}

/** Whether the signed-in person takes part in conversations (guests and hosts; the admin only reads). */
export const hasConversations = ({ user, role }: Pick<AuthContextValue, 'user' | 'role'>) =>
  Boolean(user) && (role === 'user' || role === 'host');

export function initialsOf(name: string | null | undefined, email: string | null | undefined): string {
  const source = (name ?? '').trim();
  if (source) {
    const parts = source.split(/\s+/).filter(Boolean);
    const first = parts[0]?.[0] ?? '';
    const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
    return (first + last).toUpperCase();
  }
  return (email?.[0] ?? 'U').toUpperCase();
}
