import { CalendarDays } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/**
 * The venue page's bar at the bottom of a phone or tablet screen (hidden from lg up, where the
 * booking column stays in view): the price and 'Check availability', which scrolls the booking
 * column into view and puts the focus on the calendar's day (or on the column while it loads).
 *
 * Sticky, not fixed: placed last in the page's content, it stays at the bottom of the screen
 * while that content scrolls under it and settles above the footer at the end, so it never
 * hides anything and the page needs no padding for it. The bottom safe-area inset pads it.
 */
export function VenueBookingBar({
  label,
  price,
  targetId,
}: {
  /** The pricing type's label ('Hourly Rate', 'Min. Spend'). */
  label: string;
  price: string;
  /** The id of the booking column; its calendar's focusable day takes the focus. */
  targetId: string;
}) {
  const checkAvailability = () => {
    const target = document.getElementById(targetId);
    if (!target) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    const day = target.querySelector<HTMLElement>('[role="grid"] button[tabindex="0"]');
    (day ?? target).focus({ preventScroll: true });
  };

  return (
    <div
      data-testid="venue-booking-bar"
      className="sticky bottom-0 z-30 mt-4 border-t border-border bg-background/95 pb-[max(0.75rem,env(safe-area-inset-bottom))] pt-3 backdrop-blur-xl supports-[backdrop-filter]:bg-background/80 lg:hidden"
    >
      <div className="mx-auto flex w-full max-w-7xl items-center justify-between gap-4 pl-[max(1rem,env(safe-area-inset-left))] pr-[max(1rem,env(safe-area-inset-right))] sm:px-6">
        <p className="min-w-0">
          <span className="block text-xs font-medium uppercase tracking-wide text-muted-foreground">
            {label}
          </span>
          <span className="block truncate text-lg font-semibold tabular-nums">{price}</span>
        </p>
        <Button type="button" onClick={checkAvailability} className="shrink-0">
          <CalendarDays aria-hidden="true" />
          Check availability
        </Button>
      </div>
    </div>
  );
}
