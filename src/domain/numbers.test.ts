import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDollars, formatNumber, formatWholeDollars } from './numbers';

const intl = {
  usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  whole: new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
  }),
  number: new Intl.NumberFormat('en-US'),
};

// Every kind of number: whole cents (what prices are), halves at each rounding place, tiny and
// huge magnitudes, negative zero, and any double at all.
const numbers = fc.oneof(
  fc.integer({ min: -100_000_000_00, max: 100_000_000_00 }).map((c) => c / 100),
  fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 2),
  fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 200),
  fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 2000),
  fc.integer({ min: -2_000_000, max: 2_000_000 }).map((n) => n / 1000 + 0.0005),
  fc.double(),
  fc.double({ min: -1e-3, max: 1e-3 }),
  fc.double({ min: -1e22, max: 1e22 }),
  fc.constantFrom(
    0,
    -0,
    0.005,
    0.015,
    1.005,
    2.5,
    -2.5,
    0.125,
    999.995,
    999_999.995,
    1e21,
    -1e21,
    1e21 - 65_536,
  ),
);

describe('numbers without Intl', () => {
  it.each([
    [0, '$0.00', '$0', '0'],
    [-0, '-$0.00', '-$0', '-0'],
    [1250, '$1,250.00', '$1,250', '1,250'],
    [1234567.891, '$1,234,567.89', '$1,234,568', '1,234,567.891'],
    [-0.5, '-$0.50', '-$1', '-0.5'],
    [12.3456, '$12.35', '$12', '12.346'],
    [999.999, '$1,000.00', '$1,000', '999.999'],
    [Number.NaN, intl.usd.format(Number.NaN), intl.whole.format(Number.NaN), 'NaN'],
    [Number.POSITIVE_INFINITY, '$∞', '$∞', '∞'],
    [1e21, intl.usd.format(1e21), intl.whole.format(1e21), intl.number.format(1e21)],
  ])('%d → %s, %s, %s', (n, dollars, whole, plain) => {
    expect(formatDollars(n)).toBe(dollars);
    expect(formatWholeDollars(n)).toBe(whole);
    expect(formatNumber(n)).toBe(plain);
  });

  it('write exactly what Intl.NumberFormat("en-US") writes, for any number', () => {
    fc.assert(
      fc.property(numbers, (n) => {
        expect(formatDollars(n)).toBe(intl.usd.format(n));
        expect(formatWholeDollars(n)).toBe(intl.whole.format(n));
        expect(formatNumber(n)).toBe(intl.number.format(n));
      }),
      { numRuns: 20_000 },
    );
  });
});
