import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router';
import { Plus } from 'lucide-react';
import { useAuth } from '@/web/features/auth';
import { UnreadBadge, useUnreadCounts } from '@/web/features/messages';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { Container } from '@/web/components/Container';
import { cn } from '@/web/lib/utils';
import { useHydrated } from '@/web/lib/useHydrated';
import { useHostPendingCount } from '@/web/lib/hostInbox';
import { PendingBadge } from '@/web/components/PendingBadge';
import { Brand } from './Brand';
import { MobileMenu } from './MobileMenu';
import { hasConversations, navItemsFor } from './navItems';

/** Where the account menu will be, while the session or the menu's module loads. */
const avatarPlaceholder = <Skeleton className="size-9 rounded-full" />;

// Signed-in visitors only: its dropdown (Radix) stays off the pages of everyone else.
const UserMenu = lazy(() => import('./UserMenu'));

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative rounded-lg px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'text-foreground' : 'text-muted-foreground hover:text-foreground',
    isActive &&
      'after:absolute after:inset-x-3 after:-bottom-[1px] after:h-0.5 after:rounded-full after:bg-accent-gradient',
  );

export function Navbar() {
  const auth = useAuth();
  const { user, role, loading } = auth;
  const unread = useUnreadCounts(hasConversations(auth));
  const pending = useHostPendingCount(Boolean(auth.user) && auth.role === 'host');
  const items = navItemsFor(auth, unread.data?.total ?? 0, pending.data ?? 0);
  const hydrated = useHydrated();

  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/80 backdrop-blur-xl supports-[backdrop-filter]:bg-background/65">
      <Container className="flex h-18 items-center justify-between gap-4">
        <Brand />

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {items.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.end} className={linkClass}>
                  {item.label}
                  {item.unread ? (
                    <UnreadBadge
                      count={item.unread}
                      className="ml-1.5"
                      label={`, ${item.unread} unread messages`}
                      data-testid="nav-unread"
                    />
                  ) : null}
                  {item.pending ? (
                    <PendingBadge count={item.pending} className="ml-1.5" data-testid="nav-pending" />
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          <div className="hidden items-center gap-3 md:flex">
            {loading ? (
              avatarPlaceholder
            ) : user ? (
              <>
                {role === 'host' && (
                  <Button asChild size="sm">
                    <Link to="/upload-venue">
                      <Plus aria-hidden="true" />
                      Add Venue
                    </Link>
                  </Button>
                )}
                {/* Drawn once hydrated: a menu the server drew could be clicked before its
                    module had loaded, and the click would be lost (decision 92). */}
                {hydrated ? (
                  <Suspense fallback={avatarPlaceholder}>
                    <UserMenu />
                  </Suspense>
                ) : (
                  avatarPlaceholder
                )}
              </>
            ) : (
              <Button asChild size="sm" className="px-5">
                <Link to="/user-auth">Sign In</Link>
              </Button>
            )}
          </div>
          <MobileMenu />
        </div>
      </Container>
    </header>
  );
}
