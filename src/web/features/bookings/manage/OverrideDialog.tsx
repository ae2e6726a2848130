/*
 * Manage Venue, calendar tab: the dialog that sets one date's availability, price and pricing
 * type (SPEC §5 Date override), and removing a date's override.
 */
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import type { StoredOverride, Venue } from '@/domain/contract';
import { formatLongDate } from '@/domain/calendar';
import { formatDayHours, hoursForDate, type WeeklyHours } from '@/domain/hours';
import type { PricingType } from '@/domain/pricing';
import { Button } from '@/web/components/ui/button';
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
import { PricingTypeSelect } from '@/web/components/PricingTypeSelect';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { bookingsApi, invalidateCalendar } from '../data';

export const OVERRIDE_SAVED = 'Date availability updated.';
export const OVERRIDE_SAVE_FAILED = 'Failed to update date availability.';
export const OVERRIDE_REMOVED = 'Date override removed.';
export const OVERRIDE_REMOVE_FAILED = 'Failed to remove date override.';

/** "price parsed as a number, default 0" (SPEC §5). */
export function parsePrice(text: string): number {
  const n = Number.parseFloat(text);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : 0;
}

export function useRemoveOverride(venueId: string, onDone?: () => void) {
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

export function OverrideDialog({
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
              <PricingTypeSelect
                id="override-type"
                value={pricingType}
                onChange={setPricingType}
                disabled={!available}
              />
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
