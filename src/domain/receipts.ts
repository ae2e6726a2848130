/**
 * Receipts (issue 31): what a paid booking's receipt says — the reference, the venue, the date
 * and times, a line per payment, additional charge and refund, the totals and the card. Built
 * here once from the booking's rows; the server sends it as JSON (the receipt page) and draws
 * the same lines into the PDF.
 */
import { formatLongDate } from './calendar';
import { CANCELLATION_POLICY_LABELS, formatCents, type CancellationPolicy } from './payments';
import { formatTimeRange, timeToMinutes } from './time';

/** A booking's reference as receipts and the success page show it: 'VLV-3F6C2A10'. */
export const bookingReference = (bookingId: string) => `VLV-${bookingId.slice(0, 8).toUpperCase()}`;

/** '9:00 PM - 1:00 AM (next day)' when the night ends after midnight. */
export function receiptTimeRange(start: string, end: string): string {
  const range = formatTimeRange(start, end);
  return timeToMinutes(end) <= timeToMinutes(start) ? `${range} (next day)` : range;
}

export interface ReceiptSource {
  booking: {
    id: string;
    date: string;
    start_time: string;
    end_time: string;
    guest_count: number;
    status: string;
  };
  venue: {
    name: string;
    address: string;
    city: string;
    time_zone: string;
    cancellation_policy: CancellationPolicy;
  };
  guest: { full_name: string | null };
  payments: {
    id: string;
    kind: 'payment' | 'setup' | 'additional_charge';
    status: string;
    amount_cents: number;
    description: string | null;
    card_brand: string | null;
    card_last4: string | null;
    created_at: Date;
  }[];
  refunds: { id: string; status: string; amount_cents: number; reason: string | null; created_at: Date }[];
}

export interface ReceiptLine {
  kind: 'payment' | 'additional_charge' | 'refund';
  label: string;
  /** Positive for money received, negative for money returned. */
  amount_cents: number;
  at: string;
}

export interface Receipt {
  reference: string;
  booking_id: string;
  venue: { name: string; address: string; city: string };
  guest_name: string | null;
  date: string;
  date_label: string;
  time_label: string;
  time_zone: string;
  guest_count: number;
  status: string;
  cancellation_policy: string;
  lines: ReceiptLine[];
  paid_cents: number;
  refunded_cents: number;
  net_cents: number;
  card: { brand: string; last4: string } | null;
  issued_at: string;
}

/** The receipt of a booking, or null when nothing was ever paid for it. */
export function buildReceipt(src: ReceiptSource, issuedAt: Date): Receipt | null {
  const paid = src.payments.filter(
    (p) => p.status === 'succeeded' && p.kind !== 'setup' && p.amount_cents > 0,
  );
  if (paid.length === 0) return null;
  const refunded = src.refunds.filter((r) => r.status === 'succeeded');
  const lines: ReceiptLine[] = [
    ...paid.map((p) => ({
      kind: p.kind as 'payment' | 'additional_charge',
      label:
        p.kind === 'payment'
          ? 'Booking payment'
          : `Additional charge${p.description ? `: ${p.description}` : ''}`,
      amount_cents: p.amount_cents,
      at: p.created_at.toISOString(),
    })),
    ...refunded.map((r) => ({
      kind: 'refund' as const,
      label: `Refund${r.reason ? `: ${r.reason}` : ''}`,
      amount_cents: -r.amount_cents,
      at: r.created_at.toISOString(),
    })),
  ].sort((a, b) => a.at.localeCompare(b.at));
  const paidCents = paid.reduce((n, p) => n + p.amount_cents, 0);
  const refundedCents = refunded.reduce((n, r) => n + r.amount_cents, 0);
  const carded = [...paid].reverse().find((p) => p.card_last4);
  const { booking: b, venue: v } = src;
  return {
    reference: bookingReference(b.id),
    booking_id: b.id,
    venue: { name: v.name, address: v.address, city: v.city },
    guest_name: src.guest.full_name,
    date: b.date,
    date_label: formatLongDate(b.date),
    time_label: receiptTimeRange(b.start_time, b.end_time),
    time_zone: v.time_zone,
    guest_count: b.guest_count,
    status: b.status,
    cancellation_policy: CANCELLATION_POLICY_LABELS[v.cancellation_policy],
    lines,
    paid_cents: paidCents,
    refunded_cents: refundedCents,
    net_cents: paidCents - refundedCents,
    card: carded ? { brand: carded.card_brand ?? 'Card', last4: carded.card_last4! } : null,
    issued_at: issuedAt.toISOString(),
  };
}

/** 'Visa ending in 4242'. */
export const cardLabel = (card: { brand: string; last4: string }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}`;

/** The receipt as label/value rows, in the order the page and the PDF show them. */
export function receiptRows(r: Receipt): {
  details: [string, string][];
  lines: [string, string][];
  totals: [string, string][];
} {
  return {
    details: [
      ['Reference', r.reference],
      ['Venue', r.venue.name],
      ['Address', `${r.venue.address}, ${r.venue.city}`],
      ['Date', r.date_label],
      ['Time', `${r.time_label} (${r.time_zone})`],
      ['Guests', String(r.guest_count)],
      ['Cancellation policy', r.cancellation_policy],
      ['Card', r.card ? cardLabel(r.card) : 'None'],
    ],
    lines: r.lines.map((l) => [l.label, formatCents(l.amount_cents)]),
    totals: [
      ['Total paid', formatCents(r.paid_cents)],
      ['Refunded', formatCents(r.refunded_cents)],
      ['Net paid', formatCents(r.net_cents)],
    ],
  };
}
