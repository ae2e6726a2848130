import { describe, expect, it } from 'vitest';
import { defaultHours, type WeeklyHours } from './hours';
import {
  PRICE_SUFFIX,
  PRICING_TYPES,
  PRICING_TYPE_CARD_LABELS,
  PRICING_TYPE_FILTER_LABELS,
  PRICING_TYPE_LABELS,
  bookingTotal,
  findOverride,
  formatPriceWithUnit,
  formatUsd,
  formatUsdCompact,
  isPricingType,
  isWholeCents,
  pricingTypeLabel,
  quoteBooking,
  rateForDate,
  roundCents,
  toCents,
  type DateOverride,
  type PricedVenue,
} from './pricing';

const SATURDAY = '2025-03-15';
const MONDAY = '2025-03-17';

function venue(patch: Partial<PricedVenue> = {}, hours: (h: WeeklyHours) => void = () => {}): PricedVenue {
  const h = defaultHours();
  hours(h);
  return { base_price: 100, pricing_type: 'hourly_rate', hours: h, ...patch };
}

const override = (patch: Partial<DateOverride> = {}): DateOverride => ({
  date: SATURDAY,
  price: 300,
  is_available: true,
  pricing_type: null,
  ...patch,
});

describe('pricing types and labels', () => {
  it('has the two types with their labels', () => {
    expect(PRICING_TYPES).toEqual(['hourly_rate', 'minimum_spend']);
    expect(PRICING_TYPE_LABELS).toEqual({ hourly_rate: 'Hourly Rate', minimum_spend: 'Minimum Spend' });
    expect(PRICING_TYPE_CARD_LABELS).toEqual({ hourly_rate: 'Hourly Rate', minimum_spend: 'Min. Spend' });
    expect(PRICING_TYPE_FILTER_LABELS).toEqual({ hourly_rate: 'Hourly Rate', minimum_spend: 'Bar Minimum' });
    expect(PRICE_SUFFIX).toEqual({ hourly_rate: '/hour', minimum_spend: ' min.' });
    expect(pricingTypeLabel('minimum_spend')).toBe('Minimum Spend');
  });
  it('recognizes pricing types', () => {
    expect(isPricingType('hourly_rate')).toBe(true);
    expect(isPricingType('minimum_spend')).toBe(true);
    expect(isPricingType('all')).toBe(false);
    expect(isPricingType(undefined)).toBe(false);
  });
});

describe('rateForDate', () => {
  it('uses the base price and venue type when the day has no price (default hours)', () => {
    expect(rateForDate(venue(), SATURDAY)).toEqual({
      price: 100,
      pricing_type: 'hourly_rate',
      source: 'base',
    });
  });

  it('keeps a minimum-spend venue minimum-spend when the day only carries the default type', () => {
    expect(rateForDate(venue({ base_price: 500, pricing_type: 'minimum_spend' }), SATURDAY)).toEqual({
      price: 500,
      pricing_type: 'minimum_spend',
      source: 'base',
    });
  });

  it('uses the weekday price and type when the day has a price', () => {
    const v = venue({}, (h) => {
      h.saturday.price = 1500;
      h.saturday.pricing_type = 'minimum_spend';
    });
    expect(rateForDate(v, SATURDAY)).toEqual({
      price: 1500,
      pricing_type: 'minimum_spend',
      source: 'weekly',
    });
    expect(rateForDate(v, MONDAY)).toEqual({ price: 100, pricing_type: 'hourly_rate', source: 'base' });
  });

  it('lets an override beat the weekly rule', () => {
    const v = venue({}, (h) => {
      h.saturday.price = 150;
    });
    expect(rateForDate(v, SATURDAY, override({ price: 300 }))).toEqual({
      price: 300,
      pricing_type: 'hourly_rate',
      source: 'override',
    });
  });

  it('takes the override’s pricing type over the day’s and the venue’s', () => {
    const v = venue({}, (h) => {
      h.saturday.price = 150;
    });
    expect(rateForDate(v, SATURDAY, override({ price: 2000, pricing_type: 'minimum_spend' }))).toEqual({
      price: 2000,
      pricing_type: 'minimum_spend',
      source: 'override',
    });
  });

  it('takes the day’s type when an override names none and the day is priced', () => {
    const v = venue({ pricing_type: 'hourly_rate' }, (h) => {
      h.saturday.price = 900;
      h.saturday.pricing_type = 'minimum_spend';
    });
    expect(rateForDate(v, SATURDAY, override({ price: 1200, pricing_type: null })).pricing_type).toBe(
      'minimum_spend',
    );
  });

  it('takes the venue’s type when neither the override nor a priced day names one', () => {
    const v = venue({ pricing_type: 'minimum_spend', base_price: 800 });
    expect(rateForDate(v, SATURDAY, override({ price: 1200, pricing_type: null }))).toEqual({
      price: 1200,
      pricing_type: 'minimum_spend',
      source: 'override',
    });
  });

  it('falls back from an override price of 0 to the weekly price, then the base price', () => {
    const priced = venue({}, (h) => {
      h.saturday.price = 150;
    });
    expect(rateForDate(priced, SATURDAY, override({ price: 0 }))).toEqual({
      price: 150,
      pricing_type: 'hourly_rate',
      source: 'weekly',
    });
    expect(rateForDate(venue(), SATURDAY, override({ price: 0 }))).toEqual({
      price: 100,
      pricing_type: 'hourly_rate',
      source: 'base',
    });
  });

  it('keeps an override’s pricing type even when its price falls back', () => {
    expect(rateForDate(venue(), SATURDAY, override({ price: 0, pricing_type: 'minimum_spend' }))).toEqual({
      price: 100,
      pricing_type: 'minimum_spend',
      source: 'base',
    });
  });

  it('ignores an override for another date', () => {
    expect(rateForDate(venue(), MONDAY, override({ date: SATURDAY, price: 999 }))).toEqual({
      price: 100,
      pricing_type: 'hourly_rate',
      source: 'base',
    });
  });

  it('accepts a null override', () => {
    expect(rateForDate(venue(), SATURDAY, null).source).toBe('base');
  });

  it('still prices an unavailable override date (availability is decided elsewhere)', () => {
    expect(rateForDate(venue(), SATURDAY, override({ is_available: false, price: 50 })).price).toBe(50);
  });
});

describe('findOverride', () => {
  it('finds the override of a date', () => {
    const list = [override({ date: '2025-03-14' }), override({ date: SATURDAY, price: 7 })];
    expect(findOverride(list, SATURDAY)?.price).toBe(7);
    expect(findOverride(list, MONDAY)).toBeUndefined();
  });
});

describe('bookingTotal', () => {
  it.each([
    [{ price: 100, pricing_type: 'hourly_rate' as const }, '22:00', '02:00', 400],
    [{ price: 100, pricing_type: 'hourly_rate' as const }, '20:00', '21:15', 200],
    [{ price: 100, pricing_type: 'hourly_rate' as const }, '20:00', '20:30', 100],
    [{ price: 100, pricing_type: 'hourly_rate' as const }, '23:45', '00:00', 100],
    [{ price: 19.99, pricing_type: 'hourly_rate' as const }, '20:00', '23:00', 59.97],
    [{ price: 0.1, pricing_type: 'hourly_rate' as const }, '20:00', '23:00', 0.3],
    [{ price: 33.33, pricing_type: 'hourly_rate' as const }, '18:00', '00:00', 199.98],
    [{ price: 500, pricing_type: 'minimum_spend' as const }, '22:00', '02:00', 500],
    [{ price: 500, pricing_type: 'minimum_spend' as const }, '20:00', '20:15', 500],
    [{ price: 1250.5, pricing_type: 'minimum_spend' as const }, '20:00', '04:00', 1250.5],
  ])('%j %s–%s → %d', (rate, start, end, total) => {
    expect(bookingTotal(rate, start, end)).toBe(total);
  });
  it('works with a resolved rate', () => {
    const v = venue({}, (h) => {
      h.saturday.price = 75;
    });
    expect(bookingTotal(rateForDate(v, SATURDAY), '21:00', '01:00')).toBe(300);
  });
});

describe('cents', () => {
  it('rounds to cents', () => {
    expect(roundCents(1.005)).toBe(1.01);
    expect(roundCents(0.1 + 0.2)).toBe(0.3);
    expect(roundCents(2.345)).toBe(2.35);
    expect(roundCents(10)).toBe(10);
    expect(roundCents(-1.005)).toBe(-1.01);
  });
  it('detects whole cents', () => {
    expect(isWholeCents(10)).toBe(true);
    expect(isWholeCents(10.5)).toBe(true);
    expect(isWholeCents(10.25)).toBe(true);
    expect(isWholeCents(0.1 + 0.2)).toBe(true);
    expect(isWholeCents(19.99 * 3)).toBe(true);
    expect(isWholeCents(10.001)).toBe(false);
    expect(isWholeCents(Number.NaN)).toBe(false);
    expect(isWholeCents(Number.POSITIVE_INFINITY)).toBe(false);
  });
  it('converts to integer cents', () => {
    expect(toCents(59.97)).toBe(5997);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1250)).toBe(125000);
  });
});

describe('formatting', () => {
  it('formats dollars with cents', () => {
    expect(formatUsd(1250)).toBe('$1,250.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(59.97)).toBe('$59.97');
    expect(formatUsd(1234567.5)).toBe('$1,234,567.50');
  });
  it('formats compactly without cents when whole', () => {
    expect(formatUsdCompact(150)).toBe('$150');
    expect(formatUsdCompact(2500)).toBe('$2,500');
    expect(formatUsdCompact(150.5)).toBe('$150.50');
    expect(formatUsdCompact(0)).toBe('$0');
  });
  it('formats a card price with its unit', () => {
    expect(formatPriceWithUnit(150, 'hourly_rate')).toBe('$150/hour');
    expect(formatPriceWithUnit(500, 'minimum_spend')).toBe('$500 min.');
    expect(formatPriceWithUnit(99.5, 'hourly_rate')).toBe('$99.50/hour');
  });
});

describe('quoteBooking', () => {
  it('combines the date’s rate, billable hours and total', () => {
    const v = venue({}, (h) => {
      h.saturday.price = 120;
    });
    expect(quoteBooking(v, { date: SATURDAY, start_time: '22:00', end_time: '01:15' })).toEqual({
      price: 120,
      pricing_type: 'hourly_rate',
      source: 'weekly',
      hours: 4,
      total: 480,
    });
  });
  it('charges the minimum for a minimum-spend override whatever the length', () => {
    expect(
      quoteBooking(
        venue(),
        { date: SATURDAY, start_time: '20:00', end_time: '04:00' },
        override({ price: 2000, pricing_type: 'minimum_spend' }),
      ),
    ).toMatchObject({ source: 'override', pricing_type: 'minimum_spend', hours: 8, total: 2000 });
  });
});
