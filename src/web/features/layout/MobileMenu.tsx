import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { useAuth } from '@/web/features/auth';
import { UnreadBadge, useUnreadCounts } from '@/web/features/messages';
import { Button } from '@/web/components/ui/button';
import { useHostPendingCount } from '@/web/lib/hostInbox';
import { PendingBadge } from '@/web/components/PendingBadge';
import { hasConversations } from './navItems';

// The sheet (Radix Dialog and the menu's contents) loads when first opened, not with every page.
const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

/** Slide-in navigation for small screens: the menu button, and the sheet it opens. */
export function MobileMenu() {
  const auth = useAuth();
  const unread = useUnreadCounts(hasConversations(auth));
  const total = unread.data?.total ?? 0;
  const pending = useHostPendingCount(Boolean(auth.user) && auth.role === 'host').data ?? 0;
  const announced = [
    total > 0 ? `${total} unread messages` : '',
    pending > 0 ? `${pending} ${pending === 1 ? 'request' : 'requests'} awaiting your answer` : '',
  ].filter(Boolean);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="relative md:hidden"
        aria-label={announced.length ? `Open menu, ${announced.join(', ')}` : 'Open menu'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6!" aria-hidden="true" />
        {total > 0 ? (
          <UnreadBadge count={total} className="absolute right-0.5 top-0.5" />
        ) : (
          <PendingBadge count={pending} className="absolute right-0.5 top-0.5" aria-hidden="true" />
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            trigger={button}
            unreadTotal={total}
            pendingTotal={pending}
          />
        </Suspense>
      )}
    </>
  );
}
