import { formatDollars, formatNumber, formatWholeDollars } from '@/domain/numbers';

/** Dollars with cents: $1,234.50 */
export function formatCurrency(dollars: number): string {
  return formatDollars(dollars);
}

/** Dollars, dropping cents when they are zero: $1,200 or $1,234.50 */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? formatWholeDollars(dollars) : formatDollars(dollars);
}

export function formatCount(n: number): string {
  return formatNumber(n);
}

/** Ids are shown as their first 8 characters (SPEC §9). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
