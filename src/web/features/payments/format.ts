/** Display helpers for payments: cents as dollars, deadlines in the venue's time zone. */
import type { CancellationPolicy } from './types';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** 12345 → "$123.45" (money travels as integer cents). */
export function formatCents(cents: number): string {
  return usd.format(cents / 100);
}

/** Dollars typed in a form ("12.5") → integer cents, or null when it is not a positive amount. */
export function dollarsToCents(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return Number.isFinite(cents) ? cents : null;
}

/**
 * A deadline as the cards show it ("Fri 9:00 PM"), in the venue's zone — the zone every other
 * booking time is shown in. Adds the date ("Fri, Nov 27, 9:00 PM") when it is over 6 days away.
 */
export function formatDeadline(iso: string, timeZone: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const far = Math.abs(at.getTime() - now.getTime()) > 6 * 24 * 3600 * 1000;
  const options: Intl.DateTimeFormatOptions = far
    ? { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
    : { weekday: 'short', hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(at);
  }
}

/** A date-time for lists (admin transactions): "Nov 23, 2026, 9:05 AM". */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export const CANCELLATION_POLICIES: CancellationPolicy[] = ['flexible', 'moderate', 'strict'];

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** The one-line explanation shown to hosts choosing a policy and guests before booking. */
export const CANCELLATION_POLICY_SUMMARIES: Record<CancellationPolicy, string> = {
  flexible: 'Full refund until 24 hours before the event; no refund after that.',
  moderate: 'Full refund until 72 hours before the event; 50% refund after that.',
  strict: '50% refund until 7 days before the event; no refund after that.',
};

export function policyOf(value: string | null | undefined): CancellationPolicy {
  return value === 'moderate' || value === 'strict' ? value : 'flexible';
}

/** "Visa •••• 4242" */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} •••• ${card.last4}`;
}
