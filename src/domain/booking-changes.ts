/**
 * What a venue's modification changed (issue 12 item 7): the terms before (stored with the
 * modification) against the terms now, as old → new pairs for the date, the times, the guests
 * and the price. The booking card and the edit email both show this list.
 */
import { formatLongDate } from './calendar';
import { formatUsd, type PricingType } from './pricing';
import { formatTimeRange } from './time';

/** The terms a guest agrees to. */
export interface BookingTerms {
  date: string;
  start_time: string;
  end_time: string;
  guest_count: number;
  total_price: number;
}

export type TermField = 'date' | 'time' | 'guests' | 'price';

export interface TermChange {
  field: TermField;
  label: string;
  from: string;
  to: string;
}

const guests = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/** The terms of a booking row (to store before a modification). */
export const termsOf = (b: BookingTerms): BookingTerms => ({
  date: b.date,
  start_time: b.start_time,
  end_time: b.end_time,
  guest_count: b.guest_count,
  total_price: Number(b.total_price),
});

/** The changed terms, in a fixed order (date, time, guests, price); empty when nothing changed. */
export function termChanges(
  previous: BookingTerms | null | undefined,
  current: BookingTerms,
  pricingType: PricingType = 'hourly_rate',
): TermChange[] {
  if (!previous) return [];
  const changes: TermChange[] = [];
  if (previous.date !== current.date) {
    changes.push({
      field: 'date',
      label: 'Date',
      from: formatLongDate(previous.date),
      to: formatLongDate(current.date),
    });
  }
  if (previous.start_time !== current.start_time || previous.end_time !== current.end_time) {
    changes.push({
      field: 'time',
      label: 'Time',
      from: formatTimeRange(previous.start_time, previous.end_time),
      to: formatTimeRange(current.start_time, current.end_time),
    });
  }
  if (previous.guest_count !== current.guest_count) {
    changes.push({
      field: 'guests',
      label: 'Guests',
      from: guests(previous.guest_count),
      to: guests(current.guest_count),
    });
  }
  if (Math.round(Number(previous.total_price) * 100) !== Math.round(Number(current.total_price) * 100)) {
    changes.push({
      field: 'price',
      label: pricingType === 'minimum_spend' ? 'Minimum spend' : 'Total',
      from: formatUsd(Number(previous.total_price)),
      to: formatUsd(Number(current.total_price)),
    });
  }
  return changes;
}
