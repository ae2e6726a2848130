import { useNavigate } from 'react-router';
import { LayoutDashboard, LogOut, MonitorX, Settings } from 'lucide-react';
import { dashboardPathFor, useAuth, useSignOutOtherDevices } from '@/web/features/auth';
import { Avatar, AvatarFallback } from '@/web/components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/web/components/ui/dropdown-menu';
import { useHostPendingCount } from '@/web/lib/hostInbox';
import { PendingBadge } from '@/web/components/PendingBadge';
import { initialsOf } from './navItems';

/** Avatar menu for signed-in people (desktop). */
export default function UserMenu() {
  const { user, profile, role, signOut } = useAuth();
  const navigate = useNavigate();
  const signOutOthers = useSignOutOtherDevices();
  const pending = useHostPendingCount(Boolean(user) && role === 'host');
  if (!user) return null;
  const fullName = profile?.full_name?.trim() || 'User';
  const email = profile?.email ?? user.email;

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full ring-offset-background transition-shadow hover:ring-2 hover:ring-accent/50"
        aria-label={`Account menu for ${fullName}`}
      >
        <Avatar>
          <AvatarFallback>{initialsOf(profile?.full_name, email)}</AvatarFallback>
        </Avatar>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <p className="truncate font-semibold" title={fullName}>
            {fullName}
          </p>
          <p className="truncate text-xs text-muted-foreground" title={email}>
            {email}
          </p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate(dashboardPathFor(role))}>
          <LayoutDashboard aria-hidden="true" />
          Dashboard
          {role === 'host' && (
            <PendingBadge count={pending.data ?? 0} className="ml-auto" data-testid="menu-pending" />
          )}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate('/account')}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOutOthers.isPending} onSelect={() => signOutOthers.mutate()}>
          <MonitorX aria-hidden="true" />
          Sign out other devices
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
