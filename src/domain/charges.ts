/** Post-event additional charges on minimum-spend bookings (SPEC §3, §4 Payment, §5). */
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

/**
 * 'Report Additional Charge' is offered for a confirmed minimum-spend booking with a card
 * on file whose date has passed (`today` in the venue's zone).
 */
export function canReportAdditionalCharge(
  booking: { status: string; date: string; payment_intent_id?: string | null },
  pricingType: PricingType,
  today: string,
): boolean {
  return (
    pricingType === 'minimum_spend' &&
    booking.status === 'confirmed' &&
    Boolean(booking.payment_intent_id) &&
    booking.date < today
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
