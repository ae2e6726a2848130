/*
 * Manage Venue, calendar tab (SPEC §3 Venue availability, §5 Date override): a Sunday-first
 * month of the venue's dates; a future date opens its override (available yes/no, price parsed
 * as a number with default 0, pricing type); past dates cannot be selected. Below, the upcoming
 * overrides.
 */
import { useState } from 'react';
import { CalendarX2, Hourglass, Pencil, Trash2 } from 'lucide-react';
import { dayState } from '@/domain/availability';
import { formatLongDate } from '@/domain/calendar';
import type { WeeklyHours } from '@/domain/hours';
import { formatUsd, pricingTypeLabel } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { CalendarLegend, MonthCalendar } from '../MonthCalendar';
import { LoadError } from '@/web/components/LoadError';
import { addMonths, monthOf, safeToday } from '../month';
import { useVenueOverrides } from '../data';
import { OverrideDialog, useRemoveOverride } from './OverrideDialog';
import type { StoredOverride, Venue } from '@/domain/contract';
import { useWaitlistDemand } from '@/web/features/waitlist';

export function DateOverridesTab({ venue, hours }: { venue: Venue; hours: WeeklyHours }) {
  const [today] = useState(() => safeToday(venue.time_zone));
  const [month, setMonth] = useState(() => monthOf(today));
  const [editing, setEditing] = useState<string | null>(null);
  const overrides = useVenueOverrides(venue.id);
  const list = overrides.data ?? [];
  const byDate = new Map(list.map((o) => [o.date, o]));
  const upcoming = list.filter((o) => o.date >= today).sort((a, b) => a.date.localeCompare(b.date));
  const demand = useWaitlistDemand(venue.id).data ?? {};
  const waiting = (date: string) => demand[date];

  if (overrides.isError) {
    return (
      <LoadError message="Failed to load venue availability." onRetry={() => void overrides.refetch()} />
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader>
          <CardTitle>Date availability</CardTitle>
          <CardDescription>
            Choose a date to open or close it, or to give it its own price. A date&apos;s own settings win
            over the weekly hours.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <MonthCalendar
            label="Date overrides calendar"
            month={month}
            onMonthChange={setMonth}
            minMonth={monthOf(today)}
            maxMonth={addMonths(monthOf(today), 24)}
            today={today}
            stateOf={(date) => dayState({ date, today, hours, override: byDate.get(date) ?? null })}
            hasOverride={(date) => byDate.has(date)}
            selected={editing}
            onSelect={(date) => setEditing(date)}
            loading={overrides.isPending}
            badge={waiting}
            describe={(date) => {
              const n = waiting(date);
              return n ? `${n} ${n === 1 ? 'guest' : 'guests'} on the waitlist` : undefined;
            }}
          />
          <CalendarLegend />
          <WaitlistDemandList demand={demand} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Upcoming date overrides</CardTitle>
          <CardDescription>Dates with their own availability or price, from today on.</CardDescription>
        </CardHeader>
        <CardContent>
          {overrides.isPending ? (
            <div className="flex flex-col gap-3" aria-hidden="true">
              <Skeleton className="h-16" />
              <Skeleton className="h-16" />
            </div>
          ) : upcoming.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-border px-4 py-10 text-center text-sm text-muted-foreground">
              <CalendarX2 className="size-6 text-accent-soft" aria-hidden="true" />
              No upcoming overrides. Every date follows the weekly hours.
            </div>
          ) : (
            <ul className="flex flex-col gap-3" aria-label="Upcoming date overrides">
              {upcoming.map((o) => (
                <OverrideRow key={o.id} venue={venue} override={o} onEdit={() => setEditing(o.date)} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {editing && (
        <OverrideDialog
          key={editing}
          venue={venue}
          hours={hours}
          date={editing}
          existing={byDate.get(editing) ?? null}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/** The dates guests are waiting for (the amber counts on the calendar), soonest first. */
function WaitlistDemandList({ demand }: { demand: Record<string, number> }) {
  const dates = Object.keys(demand).sort();
  if (dates.length === 0) return null;
  return (
    <div
      className="rounded-2xl border border-amber-400/30 bg-amber-400/10 p-4 text-sm"
      data-testid="waitlist-demand"
    >
      <p className="flex items-center gap-2 font-semibold text-amber-200">
        <Hourglass className="size-4" aria-hidden="true" />
        Waitlist demand
      </p>
      <p className="mt-1 text-muted-foreground">
        Guests waiting for a taken time. They are emailed at once if it comes free.
      </p>
      <ul className="mt-2 flex flex-col gap-1" aria-label="Waitlisted guests per date">
        {dates.map((date) => (
          <li key={date} className="flex justify-between gap-3" data-demand-date={date}>
            <span className="min-w-0 truncate">{formatLongDate(date)}</span>
            <span className="shrink-0 font-semibold tabular-nums">
              {demand[date]} {demand[date] === 1 ? 'guest' : 'guests'}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function overridePriceText(o: StoredOverride, venue: Venue) {
  if (!o.is_available) return 'Closed for bookings';
  const type = o.pricing_type ?? venue.pricing_type;
  return o.price > 0
    ? `${formatUsd(o.price)}${type === 'hourly_rate' ? '/hour' : ' min.'} · ${pricingTypeLabel(type)}`
    : `Weekly price · ${pricingTypeLabel(type)}`;
}

function OverrideRow({
  venue,
  override,
  onEdit,
}: {
  venue: Venue;
  override: StoredOverride;
  onEdit: () => void;
}) {
  const remove = useRemoveOverride(venue.id);
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-border bg-surface-raised/40 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-override-date={override.date}
    >
      <div className="min-w-0">
        <p className="font-medium">{formatLongDate(override.date)}</p>
        <div className="mt-1.5 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <Badge tone={override.is_available ? 'success' : 'danger'}>
            {override.is_available ? 'Available' : 'Unavailable'}
          </Badge>
          <span>{overridePriceText(override, venue)}</span>
        </div>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          className="text-danger hover:text-danger"
          onClick={() => remove.mutate(override.id)}
          disabled={remove.isPending}
          aria-label={`Remove override for ${formatLongDate(override.date)}`}
        >
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      </div>
    </li>
  );
}
