/*
 * A Sunday-first month calendar (SPEC §9) whose days are coloured by their state:
 * past (not clickable), available (green), unavailable (red), custom override (purple dot).
 */
import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { DAY_STATE_LABELS, type DayState } from '@/domain/availability';
import { CALENDAR_WEEK_DAYS, dayLabel, formatLongDate, weekDayOf } from '@/domain/calendar';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { addMonths, datesOfMonth, formatMonth } from './month';

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

      <div role="group" aria-label={`${label}, ${title}`} className="grid grid-cols-7 gap-1 sm:gap-1.5">
        {CALENDAR_WEEK_DAYS.map((day) => (
          <div
            key={day}
            aria-hidden="true"
            className="pb-1 text-center text-xs font-semibold uppercase tracking-wide text-muted-foreground"
          >
            {dayLabel(day).slice(0, 3)}
          </div>
        ))}
        {Array.from({ length: leading }, (_, i) => (
          <div key={`blank-${i}`} aria-hidden="true" />
        ))}
        {dates.map((date) => {
          if (loading) return <Skeleton key={date} className="h-11 sm:h-12" />;
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
            <button
              key={date}
              type="button"
              disabled={!selectable}
              aria-pressed={isSelected}
              aria-label={name}
              title={DAY_STATE_LABELS[state]}
              data-date={date}
              data-state={state}
              onClick={() => onSelect(date, state)}
              className={cn(
                'relative flex h-11 flex-col items-center justify-center rounded-xl border text-sm font-medium tabular-nums transition-colors sm:h-12',
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
          );
        })}
      </div>
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
