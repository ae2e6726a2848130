/**
 * Payment rules shared by the server and the browser (decision record 13): money in integer
 * cents, the refund policy of a cancellation, the booking deadlines and the payment state a
 * booking shows. Pure: the current time is always passed in.
 */
import { formatNumber } from './numbers';
import { toCents as dollarsToCents } from './pricing';

/* ---------- money ---------- */

/** The existing dollar columns (total_price, base_price) in integer cents: 12.345 → 1235. */
export const toCents = (dollars: number): number => dollarsToCents(dollars);

/** Integer cents back to dollars, for the dollar columns and the SPEC's `amount` fields. */
export const centsToDollars = (cents: number): number => cents / 100;

/** '$1,234.50' */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = formatNumber(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

export const CURRENCY = 'usd';

/* ---------- cancellation policy ---------- */

export const CANCELLATION_POLICIES = ['flexible', 'moderate', 'strict'] as const;
export type CancellationPolicy = (typeof CANCELLATION_POLICIES)[number];

export const CANCELLATION_POLICY_LABELS: Record<CancellationPolicy, string> = {
  flexible: 'Flexible',
  moderate: 'Moderate',
  strict: 'Strict',
};

/** One line per policy, shown before booking and before cancelling. */
export const CANCELLATION_POLICY_DESCRIPTIONS: Record<CancellationPolicy, string> = {
  flexible: 'Full refund until 24 hours before the start; no refund after.',
  moderate: 'Full refund until 72 hours before the start; 50% refund after.',
  strict: '50% refund until 7 days before the start; no refund after.',
};

export const CANCELLERS = ['guest', 'host', 'admin', 'system'] as const;
export type Canceller = (typeof CANCELLERS)[number];

const HOUR = 3_600_000;

interface PolicyRule {
  /** Hours before the start until which (inclusive) `before` applies; `after` applies later. */
  hours: number;
  before: number;
  after: number;
}

const POLICY_RULES: Record<CancellationPolicy, PolicyRule> = {
  flexible: { hours: 24, before: 1, after: 0 },
  moderate: { hours: 72, before: 1, after: 0.5 },
  strict: { hours: 7 * 24, before: 0.5, after: 0 },
};

/**
 * The refund of a cancellation, in cents. A guest cancellation follows the venue's policy;
 * exactly at the boundary (24 h / 72 h / 7 days before the start) still counts as "until".
 * The venue (host), the admin and the system (an expired or released booking) always refund
 * in full. Half of an odd number of cents rounds down (the guest is never refunded more than
 * the policy says).
 */
export function refundFor(
  policy: CancellationPolicy,
  paidCents: number,
  startsAt: Date,
  now: Date,
  cancelledBy: Canceller,
): number {
  if (paidCents <= 0) return 0;
  if (cancelledBy !== 'guest') return paidCents;
  const rule = POLICY_RULES[policy];
  const share = startsAt.getTime() - now.getTime() >= rule.hours * HOUR ? rule.before : rule.after;
  return Math.floor(paidCents * share);
}

/** A sentence saying what a cancellation now refunds (the cancel dialog's message). */
export function refundMessage(
  policy: CancellationPolicy,
  paidCents: number,
  refundCents: number,
  cancelledBy: Canceller,
): string {
  if (paidCents <= 0) return 'Nothing has been paid for this booking, so there is nothing to refund.';
  if (cancelledBy !== 'guest') {
    return `The guest is refunded in full: ${formatCents(refundCents)}.`;
  }
  const rule = `${CANCELLATION_POLICY_LABELS[policy]} policy: ${CANCELLATION_POLICY_DESCRIPTIONS[policy]}`;
  if (refundCents === 0)
    return `${rule} Cancelling now refunds nothing of the ${formatCents(paidCents)} paid.`;
  if (refundCents === paidCents) return `${rule} Cancelling now refunds the full ${formatCents(paidCents)}.`;
  return `${rule} Cancelling now refunds ${formatCents(refundCents)} of the ${formatCents(paidCents)} paid.`;
}

/* ---------- deadlines ---------- */

/** A pending request the venue has not answered expires 72 hours after it was made, or at its start if sooner. */
export function expiresAtFor(createdAt: Date, startsAt: Date): Date {
  return new Date(Math.min(createdAt.getTime() + 72 * HOUR, startsAt.getTime()));
}

/** A confirmed hourly booking left unpaid is released 24 hours after confirmation, or 2 hours before its start if sooner. */
export function paymentDueAtFor(confirmedAt: Date, startsAt: Date): Date {
  return new Date(Math.min(confirmedAt.getTime() + 24 * HOUR, startsAt.getTime() - 2 * HOUR));
}

/** Why the system cancelled a booking (bookings.cancellation_reason). */
export const SYSTEM_CANCELLATION_REASONS = {
  expired: 'expired',
  paymentNotReceived: 'payment_not_received',
} as const;

/* ---------- payment state ---------- */

export const PAYMENT_STATES = [
  'unpaid',
  'processing',
  'paid',
  'card_on_file',
  'refunded',
  'partially_refunded',
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentFacts {
  pricing_type: 'hourly_rate' | 'minimum_spend';
  /** Set only when the server decided the booking is paid or its card is on file. */
  payment_intent_id: string | null;
  /** Money received: succeeded payments and additional charges. */
  paid_cents: number;
  refunded_cents: number;
  /** An open payment or setup the provider is still working on. */
  processing: boolean;
}

/** The payment state a booking shows. */
export function paymentStateOf(f: PaymentFacts): PaymentState {
  if (f.refunded_cents > 0) return f.refunded_cents >= f.paid_cents ? 'refunded' : 'partially_refunded';
  if (f.payment_intent_id) return f.pricing_type === 'minimum_spend' ? 'card_on_file' : 'paid';
  if (f.paid_cents > 0) return 'paid';
  return f.processing ? 'processing' : 'unpaid';
}

/* ---------- test cards (the local processor) ---------- */

/** The Luhn check of a card number (digits only). */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card brand by its number's prefix. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}
