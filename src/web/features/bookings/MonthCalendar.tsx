/*
 * A Sunday-first month calendar (SPEC §9) whose days are coloured by their state:
 * past (not clickable), available (green), unavailable (red), custom override (purple dot).
 * Keyboard: the WAI-ARIA date picker grid (see MonthCalendar).
 *
 * Longer than 300 lines: the grid's keyboard model (roving focus, arrows, paging) is one piece.
 */
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DAY_STATE_LABELS, type DayState } from '@/domain/availability';
import { CALENDAR_WEEK_DAYS, addDaysToDate, dayLabel, formatLongDate, weekDayOf } from '@/domain/calendar';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { addMonths, datesOfMonth, daysInMonth, formatMonth, monthOf } from './month';

export interface MonthCalendarProps {
  /** 'yyyy-MM' */
  month: string;
  onMonthChange: (month: string) => void;
  minMonth?: string;
  maxMonth?: string;
  today: string;
  stateOf: (date: string) => DayState;
  /** Whether a date with this state can be picked (default: anything but past). */
  canSelect?: (date: string, state: DayState) => boolean;
  /** A purple dot: the date has its own availability. Defaults to the 'override' state. */
  hasOverride?: (date: string) => boolean;
  selected?: string | null;
  onSelect: (date: string, state: DayState) => void;
  /** Extra words for a day's accessible name ('2 bookings'). */
  describe?: (date: string) => string | undefined;
  /** A small count in the day's corner (e.g. waitlisted guests); its meaning goes in `describe`. */
  badge?: (date: string) => number | undefined;
  loading?: boolean;
  /** Accessible name of the grid, e.g. 'Availability calendar'. */
  label: string;
  footer?: ReactNode;
}

const STATE_CLASSES: Record<DayState, string> = {
  past: 'border-transparent text-muted-foreground/45',
  available:
    'border-emerald-400/30 bg-emerald-400/10 text-emerald-100 hover:border-emerald-300/60 hover:bg-emerald-400/20',
  unavailable: 'border-red-400/30 bg-red-500/10 text-red-200',
  override:
    'border-emerald-400/30 bg-emerald-400/10 text-emerald-100 hover:border-emerald-300/60 hover:bg-emerald-400/20',
};

/** Where a key moves the focused day (WAI-ARIA date picker grid), or null for other keys. */
export function dayForKey(date: string, key: string, shiftKey = false): string | null {
  const weekday = CALENDAR_WEEK_DAYS.indexOf(weekDayOf(date));
  switch (key) {
    case 'ArrowLeft':
      return addDaysToDate(date, -1);
    case 'ArrowRight':
      return addDaysToDate(date, 1);
    case 'ArrowUp':
      return addDaysToDate(date, -7);
    case 'ArrowDown':
      return addDaysToDate(date, 7);
    case 'Home':
      return addDaysToDate(date, -weekday);
    case 'End':
      return addDaysToDate(date, 6 - weekday);
    case 'PageUp':
      return sameDayIn(date, shiftKey ? -12 : -1);
    case 'PageDown':
      return sameDayIn(date, shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/** The same day of the month `n` months away, or that month's last day when it is shorter. */
function sameDayIn(date: string, n: number): string {
  const month = addMonths(monthOf(date), n);
  const day = Math.min(Number(date.slice(8)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, '0')}`;
}

/** The day that takes the grid's one tab stop: the selected day, else today, else the first day. */
function defaultFocus(month: string, selected: string | null | undefined, today: string): string {
  if (selected && monthOf(selected) === month) return selected;
  if (monthOf(today) === month) return today;
  return `${month}-01`;
}

/**
 * The month grid follows the WAI-ARIA date picker pattern: one tab stop (roving tabindex), arrow
 * keys move by day and week, Home/End to the week's edges, PageUp/PageDown by month (with Shift
 * by year), Enter or Space picks. Days that cannot be picked stay focusable, marked aria-disabled,
 * so the keyboard can pass over them.
 */
export function MonthCalendar({
  month,
  onMonthChange,
  minMonth,
  maxMonth,
  today,
  stateOf,
  canSelect = (_date, state) => state !== 'past',
  hasOverride,
  selected,
  onSelect,
  describe,
  badge,
  loading = false,
  label,
  footer,
}: MonthCalendarProps) {
  const dates = datesOfMonth(month);
  const leading = CALENDAR_WEEK_DAYS.indexOf(weekDayOf(dates[0]!));
  const canGoBack = !minMonth || month > minMonth;
  const canGoForward = !maxMonth || month < maxMonth;
  const title = formatMonth(month);
  const gridRef = useRef<HTMLTableElement>(null);

  const [focusedDate, setFocusedDate] = useState(() => defaultFocus(month, selected, today));
  // The tab stop always lies in the month shown (the buttons above change the month too).
  const active = monthOf(focusedDate) === month ? focusedDate : defaultFocus(month, selected, today);
  // Set by a key that moved the focus: after the render, that day's button takes the focus —
  // in a layout effect, before the browser paints the render.
  const moveFocus = useRef(false);

  useLayoutEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${active}"]`)?.focus();
  }, [active, month]);

  function onKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const target = dayForKey(active, event.key, event.shiftKey);
    if (!target) return;
    event.preventDefault();
    const targetMonth = monthOf(target);
    if ((minMonth && targetMonth < minMonth) || (maxMonth && targetMonth > maxMonth)) return;
    moveFocus.current = true;
    setFocusedDate(target);
    if (targetMonth !== month) onMonthChange(targetMonth);
  }

  const weeks: (string | null)[][] = [];
  const cells: (string | null)[] = [...Array.from({ length: leading }, () => null), ...dates];
  while (cells.length % 7 !== 0) cells.push(null);
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <Button
          variant="outline"
          size="icon-sm"
          onClick={() => onMonthChange(addMonths(month, -1))}
          disabled={!canGoBack}
          aria-label="Previous month"
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <p className="text-base font-semibold" aria-live="polite" data-testid="calendar-month">
          {title}
        </p>
        <Button
          variant="outline"
          size="icon-sm"
          onClick={() => onMonthChange(addMonths(month, 1))}
          disabled={!canGoForward}
          aria-label="Next month"
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>

      <table
        ref={gridRef}
        role="grid"
        aria-label={`${label}, ${title}`}
        onKeyDown={onKeyDown}
        className="w-full table-fixed border-separate border-spacing-1 sm:border-spacing-1.5"
      >
        <thead>
          <tr>
            {CALENDAR_WEEK_DAYS.map((day) => (
              <th
                key={day}
                scope="col"
                abbr={dayLabel(day)}
                className="pb-1 text-center text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                {dayLabel(day).slice(0, 3)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, i) => {
                if (!date) return <td key={`blank-${i}`} />;
                if (loading) {
                  return (
                    <td key={date} role="gridcell">
                      <Skeleton className="h-11 sm:h-12" />
                    </td>
                  );
                }
                const state = stateOf(date);
                const selectable = canSelect(date, state);
                const isSelected = selected === date;
                const isToday = date === today;
                const dot = hasOverride ? hasOverride(date) : state === 'override';
                const extra = describe?.(date);
                const count = badge?.(date);
                const name = [
                  formatLongDate(date),
                  isToday ? 'today' : undefined,
                  DAY_STATE_LABELS[state],
                  dot && state !== 'override' ? 'custom date settings' : undefined,
                  extra,
                ]
                  .filter(Boolean)
                  .join(', ');
                return (
                  <td key={date} role="gridcell" aria-selected={isSelected}>
                    <button
                      type="button"
                      tabIndex={date === active ? 0 : -1}
                      aria-disabled={selectable ? undefined : true}
                      aria-label={name}
                      aria-current={isToday ? 'date' : undefined}
                      title={DAY_STATE_LABELS[state]}
                      data-date={date}
                      data-state={state}
                      onFocus={() => setFocusedDate(date)}
                      onClick={() => {
                        setFocusedDate(date);
                        if (selectable) onSelect(date, state);
                      }}
                      className={cn(
                        'relative flex h-11 w-full flex-col items-center justify-center rounded-xl border text-sm font-medium tabular-nums transition-colors sm:h-12',
                        STATE_CLASSES[state],
                        !selectable && 'cursor-not-allowed',
                        isToday && 'font-bold underline decoration-2 underline-offset-4',
                        isSelected &&
                          'border-transparent bg-accent-gradient text-white shadow-lg shadow-fuchsia-950/50 hover:bg-accent-gradient',
                      )}
                    >
                      {Number(date.slice(8))}
                      {count ? (
                        <span
                          aria-hidden="true"
                          data-testid="day-badge"
                          className="absolute -right-1 -top-1 flex h-4 min-w-4 items-center justify-center rounded-full bg-amber-400 px-1 text-[10px] font-bold leading-none text-black"
                        >
                          {count}
                        </span>
                      ) : null}
                      {dot && (
                        <span
                          aria-hidden="true"
                          className={cn(
                            'absolute bottom-1 size-1.5 rounded-full',
                            isSelected ? 'bg-white' : 'bg-fuchsia-400',
                          )}
                        />
                      )}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {footer}
    </div>
  );
}

/** The legend under a calendar. */
export function CalendarLegend({ className }: { className?: string }) {
  const items: { state: DayState; swatch: ReactNode }[] = [
    {
      state: 'available',
      swatch: <span className="size-3.5 rounded-md border border-emerald-400/50 bg-emerald-400/25" />,
    },
    {
      state: 'unavailable',
      swatch: <span className="size-3.5 rounded-md border border-red-400/50 bg-red-500/25" />,
    },
    {
      state: 'override',
      swatch: (
        <span className="flex size-3.5 items-center justify-center">
          <span className="size-2 rounded-full bg-fuchsia-400" />
        </span>
      ),
    },
    {
      state: 'past',
      swatch: <span className="size-3.5 rounded-md border border-border bg-transparent" />,
    },
  ];
  return (
    <ul className={cn('flex flex-wrap gap-x-4 gap-y-2 text-xs text-muted-foreground', className)}>
      {items.map(({ state, swatch }) => (
        <li key={state} className="flex items-center gap-1.5">
          <span aria-hidden="true" className="flex">
            {swatch}
          </span>
          {DAY_STATE_LABELS[state]}
        </li>
      ))}
    </ul>
  );
}
