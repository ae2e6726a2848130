import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutDashboard, LogOut, Menu, MonitorX, Plus, Settings } from 'lucide-react';
import { dashboardPathFor, useAuth, useSignOutOtherDevices } from '@/web/features/auth';
import { UnreadBadge, useUnreadCounts } from '@/web/features/messages';
import { Button } from '@/web/components/ui/button';
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from '@/web/components/ui/dialog';
import { Avatar, AvatarFallback } from '@/web/components/ui/avatar';
import { cn } from '@/web/lib/utils';
import { Brand } from './Brand';
import { hasConversations, initialsOf, navItemsFor } from './navItems';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center rounded-xl px-3 py-3 text-base font-medium transition-colors',
    isActive
      ? 'bg-accent/15 text-foreground'
      : 'text-muted-foreground hover:bg-surface-raised hover:text-foreground',
  );

/** Slide-in navigation for small screens (Radix Dialog as a sheet). */
export function MobileMenu() {
  const auth = useAuth();
  const signOutOthers = useSignOutOtherDevices();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const unread = useUnreadCounts(hasConversations(auth));
  const total = unread.data?.total ?? 0;
  const items = navItemsFor(auth, total);
  const { user, profile, role, loading } = auth;
  const fullName = profile?.full_name?.trim() || 'User';
  const email = profile?.email ?? user?.email ?? '';

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="relative md:hidden"
          aria-label={total > 0 ? `Open menu, ${total} unread messages` : 'Open menu'}
        >
          <Menu className="size-6!" aria-hidden="true" />
          {total > 0 && <UnreadBadge count={total} className="absolute right-0.5 top-0.5" />}
        </Button>
      </DialogTrigger>
      <SheetContent aria-describedby="mobile-menu-description">
        <div className="border-b border-border p-5 pr-16">
          <DialogTitle className="sr-only">Menu</DialogTitle>
          <DialogDescription id="mobile-menu-description" className="sr-only">
            Site navigation and account actions
          </DialogDescription>
          <Brand onNavigate={close} />
        </div>

        <nav aria-label="Mobile" className="flex-1 overflow-y-auto p-4">
          <ul className="grid gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass} onClick={close}>
                  {item.label}
                  {item.unread ? (
                    <UnreadBadge
                      count={item.unread}
                      className="ml-2"
                      label={`, ${item.unread} unread messages`}
                    />
                  ) : null}
                </NavLink>
              </li>
            ))}
            {user && (
              <>
                <li>
                  <Link
                    to={dashboardPathFor(role)}
                    className={linkClass({ isActive: false })}
                    onClick={close}
                  >
                    <LayoutDashboard className="mr-3 size-4" aria-hidden="true" />
                    Dashboard
                  </Link>
                </li>
                <li>
                  <Link to="/how-it-works" className={linkClass({ isActive: false })} onClick={close}>
                    <Settings className="mr-3 size-4" aria-hidden="true" />
                    Settings
                  </Link>
                </li>
              </>
            )}
          </ul>

          <div className="mt-6 grid gap-3">
            {!loading && !user && (
              <Button asChild size="lg">
                <Link to="/user-auth" onClick={close}>
                  Sign In
                </Link>
              </Button>
            )}
            {role === 'host' && (
              <Button asChild size="lg">
                <Link to="/upload-venue" onClick={close}>
                  <Plus aria-hidden="true" />
                  Add Venue
                </Link>
              </Button>
            )}
          </div>
        </nav>

        {user && (
          <div className="border-t border-border p-4">
            <div className="mb-3 flex items-center gap-3 px-1">
              <Avatar>
                <AvatarFallback>{initialsOf(profile?.full_name, email)}</AvatarFallback>
              </Avatar>
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold" title={fullName}>
                  {fullName}
                </p>
                <p className="truncate text-xs text-muted-foreground" title={email}>
                  {email}
                </p>
              </div>
            </div>
            <Button
              variant="ghost"
              className="mb-2 w-full"
              disabled={signOutOthers.isPending}
              onClick={() => signOutOthers.mutate()}
            >
              <MonitorX aria-hidden="true" />
              Sign out other devices
            </Button>
            <Button variant="outline" className="w-full" onClick={() => void auth.signOut()}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </div>
        )}
      </SheetContent>
    </Dialog>
  );
}
