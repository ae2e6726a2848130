import { CalendarDays } from 'lucide-react';
import { Button } from '@/web/components/ui/button';

/** The calendar's day that takes the focus (its roving tabindex). */
const FOCUSABLE_DAY = '[role="grid"] button[tabindex="0"]';
/** How long the focus follows a calendar that is still being drawn. */
const FOLLOW_MS = 5_000;

/**
 * The venue page's bar at the bottom of a phone or tablet screen (hidden from lg up, where the
 * booking column stays in view): the price and 'Check availability', which scrolls the booking
 * column into view and puts the focus on the calendar's day (on the column while the calendar
 * loads, then on its day).
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
    const dayOf = () => target.querySelector<HTMLElement>(FOCUSABLE_DAY);
    let focused = dayOf() ?? target;
    focused.focus({ preventScroll: true });
    // On a slow phone the calendar may still be loading, or be drawn anew when its month's
    // availability arrives: for a few seconds the focus follows it to the day, unless the
    // visitor has put the focus somewhere else meanwhile.
    const follow = new MutationObserver(() => {
      const active = document.activeElement;
      if (active !== focused && active !== target && active !== document.body && active !== null) {
        follow.disconnect();
        return;
      }
      const day = dayOf();
      if (day && day !== active) {
        day.focus({ preventScroll: true });
        focused = day;
      }
    });
    follow.observe(target, { childList: true, subtree: true });
    window.setTimeout(() => follow.disconnect(), FOLLOW_MS);
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
