import type { RefObject } from 'react';
import { Link, NavLink } from 'react-router';
import { LayoutDashboard, LogOut, MonitorX, Plus, Settings } from 'lucide-react';
import { dashboardPathFor, useAuth, useSignOutOtherDevices } from '@/web/features/auth';
import { UnreadBadge } from '@/web/features/messages';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogDescription, DialogTitle, SheetContent } from '@/web/components/ui/dialog';
import { Avatar, AvatarFallback } from '@/web/components/ui/avatar';
import { cn } from '@/web/lib/utils';
import { PendingBadge } from '@/web/components/PendingBadge';
import { Brand } from './Brand';
import { initialsOf, navItemsFor } from './navItems';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center rounded-xl px-3 py-3 text-base font-medium transition-colors',
    isActive
      ? 'bg-accent/15 text-foreground'
      : 'text-muted-foreground hover:bg-surface-raised hover:text-foreground',
  );

/**
 * The slide-in navigation (Radix Dialog as a sheet), loaded when the menu is first opened
 * (MobileMenu.tsx). Closing it returns focus to the menu button.
 */
export default function MobileMenuSheet({
  open,
  onOpenChange,
  trigger,
  unreadTotal,
  pendingTotal = 0,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  /** Unread conversation messages, shown beside the dashboard link. */
  unreadTotal: number;
  /** Booking requests awaiting the host's answer. */
  pendingTotal?: number;
}) {
  const auth = useAuth();
  const signOutOthers = useSignOutOtherDevices();
  const close = () => onOpenChange(false);
  const items = navItemsFor(auth, unreadTotal, pendingTotal);
  const { user, profile, role, loading } = auth;
  const fullName = profile?.full_name?.trim() || 'User';
  const email = profile?.email ?? user?.email ?? '';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-menu"
        aria-describedby="mobile-menu-description"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
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
                  {item.pending ? <PendingBadge count={item.pending} className="ml-2" /> : null}
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
                    {role === 'host' && <PendingBadge count={pendingTotal} className="ml-2" />}
                  </Link>
                </li>
                <li>
                  <Link to="/account" className={linkClass({ isActive: false })} onClick={close}>
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
                <p className="truncate text-sm font-semibold">{fullName}</p>
                <p className="truncate text-xs text-muted-foreground">{email}</p>
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
