/*
 * Manage Venue, calendar tab (SPEC §3 Venue availability, §5 Date override): a Sunday-first
 * month of the venue's dates; a future date opens its override (available yes/no, price parsed
 * as a number with default 0, pricing type); past dates cannot be selected. Below, the upcoming
 * overrides.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarX2, Pencil, Trash2 } from 'lucide-react';
import { dayState, todayInZone } from '@/domain/availability';
import { formatLongDate } from '@/domain/calendar';
import { formatDayHours, hoursForDate, type WeeklyHours } from '@/domain/hours';
import { PRICING_TYPES, formatUsd, pricingTypeLabel, type PricingType } from '@/domain/pricing';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/web/components/ui/dialog';
import { FormField } from '@/web/components/ui/form-field';
import { Input } from '@/web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/web/components/ui/select';
import { Skeleton } from '@/web/components/ui/skeleton';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { CalendarLegend, MonthCalendar } from '../MonthCalendar';
import { LoadError } from '@/web/components/LoadError';
import { addMonths, monthOf } from '../month';
import { bookingsApi, invalidateCalendar, useVenueOverrides } from '../data';
import type { StoredOverride } from '@/domain/contract';
import type { Venue } from '@/domain/contract';

export const OVERRIDE_SAVED = 'Date availability updated.';
export const OVERRIDE_SAVE_FAILED = 'Failed to update date availability.';
export const OVERRIDE_REMOVED = 'Date override removed.';
export const OVERRIDE_REMOVE_FAILED = 'Failed to remove date override.';

function safeToday(timeZone: string) {
  try {
    return todayInZone(timeZone);
  } catch {
    return todayInZone('UTC');
  }
}

/** "price parsed as a number, default 0" (SPEC §5). */
export function parsePrice(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : 0;
}

export function DateOverridesTab({ venue, hours }: { venue: Venue; hours: WeeklyHours }) {
  const [today] = useState(() => safeToday(venue.time_zone));
  const [month, setMonth] = useState(() => monthOf(today));
  const [editing, setEditing] = useState<string | null>(null);
  const overrides = useVenueOverrides(venue.id);
  const list = overrides.data ?? [];
  const byDate = new Map(list.map((o) => [o.date, o]));
  const upcoming = list.filter((o) => o.date >= today).sort((a, b) => a.date.localeCompare(b.date));

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
          />
          <CalendarLegend />
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

function overridePriceText(o: StoredOverride, venue: Venue) {
  if (!o.is_available) return 'Closed for bookings';
  const type = o.pricing_type ?? venue.pricing_type;
  return o.price > 0
    ? `${formatUsd(o.price)}${type === 'hourly_rate' ? '/hour' : ' min.'} · ${pricingTypeLabel(type)}`
    : `Weekly price · ${pricingTypeLabel(type)}`;
}

function useRemoveOverride(venueId: string, onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (overrideId: string) => bookingsApi.removeOverride(venueId, overrideId),
    onSuccess: () => {
      toast.success(OVERRIDE_REMOVED);
      onDone?.();
    },
    onError: (error) => toast.error(OVERRIDE_REMOVE_FAILED, errorMessage(error, '') || undefined),
    onSettled: () => invalidateCalendar(queryClient, venueId),
  });
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

function OverrideDialog({
  venue,
  hours,
  date,
  existing,
  onClose,
}: {
  venue: Venue;
  hours: WeeklyHours;
  date: string;
  existing: StoredOverride | null;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [available, setAvailable] = useState(existing ? existing.is_available : true);
  const [price, setPrice] = useState(existing && existing.price > 0 ? String(existing.price) : '');
  const [pricingType, setPricingType] = useState<PricingType>(existing?.pricing_type ?? venue.pricing_type);
  const day = hoursForDate(hours, date);

  const save = useMutation({
    mutationFn: () =>
      bookingsApi.saveOverride(venue.id, {
        date,
        is_available: available,
        price: parsePrice(price),
        pricing_type: pricingType,
      }),
    onSuccess: () => {
      toast.success(OVERRIDE_SAVED);
      onClose();
    },
    onError: (error) => toast.error(OVERRIDE_SAVE_FAILED, errorMessage(error, '') || undefined),
    onSettled: () => invalidateCalendar(queryClient, venue.id),
  });
  const remove = useRemoveOverride(venue.id, onClose);
  const busy = save.isPending || remove.isPending;

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>{formatLongDate(date)}</DialogTitle>
          <DialogDescription>
            Weekly hours for this day: {formatDayHours(day)}.{' '}
            {existing ? 'This date has its own settings.' : 'This date follows the weekly hours.'}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-5"
          aria-label="Date availability"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <FormField id="override-available" label="Available for bookings">
            <Select value={available ? 'yes' : 'no'} onValueChange={(v) => setAvailable(v === 'yes')}>
              <SelectTrigger id="override-available">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="yes">Yes, guests can book this date</SelectItem>
                <SelectItem value="no">No, closed for bookings</SelectItem>
              </SelectContent>
            </Select>
          </FormField>
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <FormField id="override-price" label="Price ($)" hint="Empty or 0 keeps the weekly price.">
              <Input
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                placeholder="0"
                value={price}
                disabled={!available}
                onChange={(e) => setPrice(e.target.value)}
              />
            </FormField>
            <FormField id="override-type" label="Pricing Type">
              <Select
                value={pricingType}
                onValueChange={(v) => setPricingType(v as PricingType)}
                disabled={!available}
              >
                <SelectTrigger id="override-type">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PRICING_TYPES.map((type) => (
                    <SelectItem key={type} value={type}>
                      {pricingTypeLabel(type)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </FormField>
          </div>
          <DialogFooter className="sm:justify-between">
            {existing ? (
              <Button
                variant="ghost"
                className="text-danger hover:text-danger"
                onClick={() => remove.mutate(existing.id)}
                disabled={busy}
              >
                <Trash2 aria-hidden="true" />
                Remove Override
              </Button>
            ) : (
              <span />
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={busy}>
                {save.isPending ? 'Saving...' : 'Save Date'}
              </Button>
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
