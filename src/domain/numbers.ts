/**
 * en-US numbers and dollars, formatted without Intl. The first Intl formatter a page builds
 * loads ICU's data: ~10 ms of the main thread on a laptop, ~40 ms on a phone, spent while the
 * page hydrates. Home page cards only need "$1,250" and "1,234", so these write them out; the
 * output is Intl's exactly (a property test compares them on every kind of number), and what
 * these do not handle (NaN, infinities, 1e21 and beyond) still goes to Intl.
 */

/** Commas between thousands of a string of digits: '1234567' → '1,234,567'. */
function grouped(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** A number String() writes without an exponent above 1 (finite, below 1e21). */
function plain(n: number): boolean {
  return Number.isFinite(n) && Math.abs(n) < 1e21;
}

function negative(n: number): boolean {
  return n < 0 || Object.is(n, -0);
}

/**
 * `abs` rounded to `places` decimals, half away from zero, as [whole digits, decimals]. Like
 * Intl (ICU), this rounds the shortest decimal that reads back as the number (what String()
 * writes: 1.005 → "1.01"), not its exact binary value (toFixed: 1.005 → "1.00").
 */
function rounded(abs: number, places: number): [string, string] {
  let text = String(abs);
  if (text.includes('e')) {
    // Below 1e-6 String() writes an exponent (plain() keeps numbers ≥ 1e21 out).
    const [mantissa = '', exponent = '0'] = text.split('e');
    const [lead = '', rest = ''] = mantissa.split('.');
    text = `0.${'0'.repeat(-Number(exponent) - 1)}${lead}${rest}`;
  }
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= places) return [whole, fraction.padEnd(places, '0')];
  const kept = BigInt(whole + fraction.slice(0, places)) + ((fraction[places] ?? '0') >= '5' ? 1n : 0n);
  const digits = kept.toString().padStart(places + 1, '0');
  return [digits.slice(0, digits.length - places), digits.slice(digits.length - places)];
}

/** Grouped digits of `abs` with `places` decimals; zeros at the end dropped when `trim`. */
function digitsOf(abs: number, places: number, trim: boolean): string {
  const [whole, decimals] = rounded(abs, places);
  const fraction = trim ? decimals.replace(/0+$/, '') : decimals;
  return fraction ? `${grouped(whole)}.${fraction}` : grouped(whole);
}

let intl: { usd: Intl.NumberFormat; usdWhole: Intl.NumberFormat; number: Intl.NumberFormat } | undefined;
function fallback() {
  intl ??= {
    usd: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
    usdWhole: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }),
    number: new Intl.NumberFormat('en-US'),
  };
  return intl;
}

/** '$1,250.00', '-$0.50' — `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })`. */
export function formatDollars(amount: number): string {
  if (!plain(amount)) return fallback().usd.format(amount);
  return `${negative(amount) ? '-' : ''}$${digitsOf(Math.abs(amount), 2, false)}`;
}

/** '$1,250' — the same with no cents (rounded half away from zero, as Intl does). */
export function formatWholeDollars(amount: number): string {
  if (!plain(amount)) return fallback().usdWhole.format(amount);
  return `${negative(amount) ? '-' : ''}$${digitsOf(Math.abs(amount), 0, false)}`;
}

/** '1,234', '1,234.568' — `Intl.NumberFormat('en-US')` (at most three decimals). */
export function formatNumber(n: number): string {
  if (!plain(n)) return fallback().number.format(n);
  return `${negative(n) ? '-' : ''}${digitsOf(Math.abs(n), 3, true)}`;
}
