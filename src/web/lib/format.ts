const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});
const integer = new Intl.NumberFormat('en-US');

/** Dollars with cents: $1,234.50 */
export function formatCurrency(dollars: number): string {
  return usd.format(dollars);
}

/** Dollars, dropping cents when they are zero: $1,200 or $1,234.50 */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? usdWhole.format(dollars) : usd.format(dollars);
}

export function formatCount(n: number): string {
  return integer.format(n);
}

/** Ids are shown as their first 8 characters (SPEC §9). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
