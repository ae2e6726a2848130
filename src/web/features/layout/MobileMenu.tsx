import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { useAuth } from '@/web/features/auth';
import { UnreadBadge, useUnreadCounts } from '@/web/features/messages';
import { Button } from '@/web/components/ui/button';
import { hasConversations } from './navItems';

// The sheet (Radix Dialog and the menu's contents) loads when first opened, not with every page.
const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

/** Slide-in navigation for small screens: the menu button, and the sheet it opens. */
export function MobileMenu() {
  const auth = useAuth();
  const unread = useUnreadCounts(hasConversations(auth));
  const total = unread.data?.total ?? 0;
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
        aria-label={total > 0 ? `Open menu, ${total} unread messages` : 'Open menu'}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6!" aria-hidden="true" />
        {total > 0 && <UnreadBadge count={total} className="absolute right-0.5 top-0.5" />}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} trigger={button} unreadTotal={total} />
        </Suspense>
      )}
    </>
  );
}
