import { lazy, Suspense, useRef, useState } from 'react';
import { Menu } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

// The sheet (Radix Dialog and the menu's contents) loads when first opened, not with every page.
const MobileMenuSheet = lazy(() => import('./MobileMenuSheet'));

/** Slide-in navigation for small screens: the menu button, and the sheet it opens. */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  return (
    <>
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? 'mobile-menu' : undefined}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu className="size-6!" aria-hidden="true" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} trigger={button} />
        </Suspense>
      )}
    </>
  );
}
