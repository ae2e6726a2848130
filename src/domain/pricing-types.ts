/**
 * The pricing primitives hours and pricing both read: the two pricing types and the cents rule.
 * Their own module so src/domain/hours.ts (reading a day's price) and src/domain/pricing.ts
 * (which reads weekly hours) do not import each other. pricing.ts re-exports them.
 */
export const PRICING_TYPES = ['hourly_rate', 'minimum_spend'] as const;
export type PricingType = (typeof PRICING_TYPES)[number];

export function isPricingType(value: unknown): value is PricingType {
  return typeof value === 'string' && (PRICING_TYPES as readonly string[]).includes(value);
}

/** True when an amount has at most two decimals (a valid price step of 0.01). */
export function isWholeCents(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;
}
