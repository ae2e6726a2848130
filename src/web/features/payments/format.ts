/** Display helpers for payments: cents as dollars, deadlines in the venue's time zone. */
import {
  CANCELLATION_POLICIES,
  CANCELLATION_POLICY_DESCRIPTIONS,
  CANCELLATION_POLICY_LABELS,
  formatCents,
  type CancellationPolicy,
} from '@/domain/payments';

/** Cents as dollars ('$1,234.50'): the domain's one formatter. */
export { formatCents };

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

export { CANCELLATION_POLICIES, CANCELLATION_POLICY_LABELS };

/** The one-line explanation shown to hosts choosing a policy and to guests before booking. */
export const CANCELLATION_POLICY_SUMMARIES = CANCELLATION_POLICY_DESCRIPTIONS;

export function policyOf(value: string | null | undefined): CancellationPolicy {
  return value === 'moderate' || value === 'strict' ? value : 'flexible';
}

/** "Visa •••• 4242" */
export function cardLabel(card: { brand: string; last4: string }): string {
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} •••• ${card.last4}`;
}
