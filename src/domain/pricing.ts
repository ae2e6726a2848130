/**
 * Pricing: the two pricing types, how a date's rate is resolved from the venue, its weekly
 * hours and a date override, and how a booking total is computed. The server prices every
 * booking with these functions and the browser shows the same figures with them.
 */
import { weekDayOf } from './calendar';
import { formatDollars, formatWholeDollars } from './numbers';
import type { WeeklyHours } from './hours';
import { bookingHours } from './time';

import { PRICING_TYPES, isPricingType, isWholeCents, type PricingType } from './pricing-types';

export { PRICING_TYPES, isPricingType, isWholeCents, type PricingType };

/** 'Hourly Rate' / 'Minimum Spend' (forms, detail page badge). */
export const PRICING_TYPE_LABELS: Record<PricingType, string> = {
  hourly_rate: 'Hourly Rate',
  minimum_spend: 'Minimum Spend',
};

/** 'Hourly Rate' / 'Min. Spend' (venue cards). */
export const PRICING_TYPE_CARD_LABELS: Record<PricingType, string> = {
  hourly_rate: 'Hourly Rate',
  minimum_spend: 'Min. Spend',
};

/** 'Hourly Rate' / 'Bar Minimum' (pricing type filter). */
export const PRICING_TYPE_FILTER_LABELS: Record<PricingType, string> = {
  hourly_rate: 'Hourly Rate',
  minimum_spend: 'Bar Minimum',
};

/** Price suffix on cards: '$150/hour', '$500 min.'. */
export const PRICE_SUFFIX: Record<PricingType, string> = {
  hourly_rate: '/hour',
  minimum_spend: ' min.',
};

export function pricingTypeLabel(type: PricingType): string {
  return PRICING_TYPE_LABELS[type];
}

/** A per-date override (table venue_availability). */
export type DateOverride = {
  date: string;
  price: number;
  is_available: boolean;
  pricing_type: PricingType | null;
};

export type PricedVenue = {
  base_price: number;
  pricing_type: PricingType;
  hours: WeeklyHours;
};

export type Rate = { price: number; pricing_type: PricingType };
export type ResolvedRate = Rate & { source: 'override' | 'weekly' | 'base' };

/**
 * The rate that applies on `date`.
 *
 * Price: an override's price when above 0, else the weekday's price when above 0, else the
 * venue's base_price. A price of 0 means "not set" (the default for new hours and new
 * overrides), so it never makes a date free.
 * Pricing type: the override's when it names one, else the weekday's when that day has its
 * own price, else the venue's. (Default hours carry pricing_type 'hourly_rate' with price
 * 0; taking that type with the base price would bill a minimum-spend venue by the hour.)
 * An override for another date is ignored.
 */
export function rateForDate(venue: PricedVenue, date: string, override?: DateOverride | null): ResolvedRate {
  const activeOverride = override && override.date === date ? override : null;
  const day = venue.hours[weekDayOf(date)];
  const dayHasPrice = day.price > 0;
  const pricing_type = activeOverride?.pricing_type ?? (dayHasPrice ? day.pricing_type : venue.pricing_type);

  if (activeOverride && activeOverride.price > 0) {
    return { price: activeOverride.price, pricing_type, source: 'override' };
  }
  if (dayHasPrice) return { price: day.price, pricing_type, source: 'weekly' };
  return { price: venue.base_price, pricing_type, source: 'base' };
}

/** The override for `date` out of a venue's list, if any. */
export function findOverride<T extends { date: string }>(
  overrides: readonly T[],
  date: string,
): T | undefined {
  return overrides.find((o) => o.date === date);
}

/** Rounds to whole cents (1.005 → 1.01). */
export function roundCents(amount: number): number {
  return Math.round((amount + Number.EPSILON * Math.sign(amount)) * 100) / 100;
}

/** Amount in integer cents, for payment providers. */
export function toCents(amount: number): number {
  return Math.round(roundCents(amount) * 100);
}

/**
 * Booking total: hourly_rate → rate × hours (rounded up, at least 1, midnight rollover);
 * minimum_spend → the minimum itself. Rounded to cents.
 */
export function bookingTotal(rate: Rate, start: string, end: string): number {
  return roundCents(rate.pricing_type === 'hourly_rate' ? rate.price * bookingHours(start, end) : rate.price);
}

export type BookingQuote = ResolvedRate & { hours: number; total: number };

/** Everything the booking dialog shows and the server stores: the date's rate, billable hours and total. */
export function quoteBooking(
  venue: PricedVenue,
  booking: { date: string; start_time: string; end_time: string },
  override?: DateOverride | null,
): BookingQuote {
  const rate = rateForDate(venue, booking.date, override);
  return {
    ...rate,
    hours: bookingHours(booking.start_time, booking.end_time),
    total: bookingTotal(rate, booking.start_time, booking.end_time),
  };
}

/** '$1,250.00'. */
export function formatUsd(amount: number): string {
  return formatDollars(amount);
}

/** '$150' when whole, '$150.50' otherwise (venue cards). */
export function formatUsdCompact(amount: number): string {
  return isWholeCents(amount) && Math.round(amount * 100) % 100 === 0
    ? formatWholeDollars(amount)
    : formatDollars(amount);
}

/** Card price: '$150/hour' or '$500 min.'. */
export function formatPriceWithUnit(price: number, type: PricingType): string {
  return `${formatUsdCompact(price)}${PRICE_SUFFIX[type]}`;
}
