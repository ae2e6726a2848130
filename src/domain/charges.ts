/** Post-event additional charges on minimum-spend bookings (SPEC §3, §4 Payment, §5). */
import { formatCents } from './payments';
import type { PricingType } from './pricing';

export const CHARGE_REASONS = [
  'minimum_spend_not_met',
  'damages',
  'cleaning_fees',
  'overtime_fees',
  'security_incident',
  'other',
] as const;
export type ChargeReason = (typeof CHARGE_REASONS)[number];

export const CHARGE_REASON_LABELS: Record<ChargeReason, string> = {
  minimum_spend_not_met: 'Minimum Bar Spend Not Met',
  damages: 'Property Damages',
  cleaning_fees: 'Additional Cleaning Required',
  overtime_fees: 'Overtime/Extended Hours',
  security_incident: 'Security Incident Costs',
  other: 'Other Additional Costs',
};

export const MIN_ADDITIONAL_CHARGE = 0.01;

/** Days after the event a host may still charge (ADDITIONAL_CHARGE_DAYS), as Peerspace-style marketplaces do. */
export const DEFAULT_CHARGE_DAYS = 3;
/** All additional charges of a booking together, as a percent of its total (ADDITIONAL_CHARGE_MAX_PERCENT). */
export const DEFAULT_CHARGE_MAX_PERCENT = 100;

/** The last instant a booking may be charged: its end plus the window. */
export const chargeWindowEndsAt = (endsAt: Date, days: number): Date =>
  new Date(endsAt.getTime() + days * 86_400_000);

/** What all additional charges of a booking may add up to, in cents. */
export const chargeCapCents = (totalCents: number, percent: number): number =>
  Math.floor((totalCents * percent) / 100);

export const chargeWindowClosed = (days: number) =>
  `Additional charges can be made only within ${days} day${days === 1 ? '' : 's'} after the event; the window for this booking has closed.`;

export const chargeOverCap = (capCents: number, percent: number, leftCents: number) =>
  `Additional charges on a booking may add up to at most ${formatCents(capCents)} (${percent}% of its total); ${formatCents(leftCents)} is left.`;

/**
 * Why a new charge of `amountCents` is refused by the window or the cap (null: it is not). The
 * window runs from the event's end for `days` days; the cap counts every charge made before.
 */
export function additionalChargeProblem(p: {
  amountCents: number;
  chargedCents: number;
  totalCents: number;
  percent: number;
  days: number;
  endsAt: Date;
  now: Date;
}): { field: 'amount' | null; message: string } | null {
  if (p.now.getTime() > chargeWindowEndsAt(p.endsAt, p.days).getTime()) {
    return { field: null, message: chargeWindowClosed(p.days) };
  }
  const cap = chargeCapCents(p.totalCents, p.percent);
  const left = Math.max(0, cap - p.chargedCents);
  if (p.amountCents > left) return { field: 'amount', message: chargeOverCap(cap, p.percent, left) };
  return null;
}

/**
 * 'Report Additional Charge' is offered for a confirmed minimum-spend booking with a card on
 * file whose date has passed (`today` in the venue's zone), while its window is open (`until`,
 * from the server's booking view) and something is left under the cap.
 */
export function canReportAdditionalCharge(
  booking: {
    status: string;
    date: string;
    payment_intent_id?: string | null;
    additional_charge_until?: string | null;
    additional_charge_left_cents?: number;
  },
  pricingType: PricingType,
  today: string,
  now: Date = new Date(),
): boolean {
  return (
    pricingType === 'minimum_spend' &&
    booking.status === 'confirmed' &&
    Boolean(booking.payment_intent_id) &&
    booking.date < today &&
    (!booking.additional_charge_until || now.getTime() <= Date.parse(booking.additional_charge_until)) &&
    (booking.additional_charge_left_cents === undefined || booking.additional_charge_left_cents > 0)
  );
}

/** The charge description: the given one, else the custom reason, else 'Additional charge for {reason}'. */
export function chargeDescription(
  reason: ChargeReason,
  customReason?: string | null,
  description?: string | null,
): string {
  const given = description?.trim();
  if (given) return given;
  const custom = customReason?.trim();
  if (custom) return custom;
  return `Additional charge for ${CHARGE_REASON_LABELS[reason]}`;
}

/* ---------- disputes (issue 30 item 5, decision 82) ---------- */

/** Hours after an additional charge its guest may dispute it. */
export const DISPUTE_HOURS = 48;
export const DISPUTE_REASON_MIN = 10;
export const DISPUTE_REASON_MAX = 1000;

export const DISPUTE_MESSAGES = {
  windowPassed: 'The 48 hours to dispute this charge have passed.',
  alreadyDisputed: 'This charge is already disputed.',
  alreadyDecided: 'This dispute is already decided.',
  notDisputable: 'Only a succeeded additional charge can be disputed.',
  onlyGuest: 'Only the guest of this booking can dispute its charges.',
  chargeNotFound: 'Charge not found',
  disputeNotFound: 'Dispute not found',
} as const;

export type DisputeStatus = 'open' | 'upheld' | 'refunded';

/** The last instant a charge made at `createdAt` may be disputed. */
export const disputeUntil = (createdAt: Date): Date =>
  new Date(createdAt.getTime() + DISPUTE_HOURS * 3_600_000);

/**
 * Why this charge cannot be disputed now (null: it can). A succeeded additional charge, not yet
 * disputed, within 48 hours of when it was made (the 48th hour included).
 */
export function disputeProblem(
  charge: { kind: string; status: string; created_at: Date | string },
  dispute: { status: DisputeStatus } | null | undefined,
  now: Date,
): string | null {
  if (charge.kind !== 'additional_charge' || charge.status !== 'succeeded')
    return DISPUTE_MESSAGES.notDisputable;
  if (dispute) return DISPUTE_MESSAGES.alreadyDisputed;
  if (now.getTime() > disputeUntil(new Date(charge.created_at)).getTime())
    return DISPUTE_MESSAGES.windowPassed;
  return null;
}

/** 'Dispute this charge' is offered while `disputeProblem` finds nothing. */
export const canDispute = (
  charge: { kind: string; status: string; created_at: Date | string },
  dispute: { status: DisputeStatus } | null | undefined,
  now: Date,
): boolean => disputeProblem(charge, dispute, now) === null;
