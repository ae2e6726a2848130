/**
 * Request schemas of payouts and the platform fee (issue 29, decision 0079): what the admin
 * sends to record a payout and to change the fee of new bookings.
 */
import { z } from 'zod';
import { MAX_PLATFORM_FEE_PERCENT } from '../earnings';
import { requiredLine } from './fields';
import { UUID_PATTERN } from '../ids';

/** POST /api/admin/payouts: pay a host their whole available balance. */
export const recordPayoutSchema = z.object({
  host_id: z
    .string({ error: 'Choose the host to pay.' })
    .trim()
    .regex(UUID_PATTERN, 'Choose the host to pay.')
    .transform((v) => v.toLowerCase()),
  bank_reference: requiredLine('Bank reference', 100, "Enter the bank transfer's reference."),
});
export type RecordPayoutInput = z.output<typeof recordPayoutSchema>;

export const PLATFORM_FEE_MESSAGE = `The platform fee must be a percentage from 0 to ${MAX_PLATFORM_FEE_PERCENT}, with at most two decimals.`;

/** PUT /api/admin/platform-fee: the fee of bookings requested from now on. */
export const platformFeeSchema = z.object({
  percent: z
    .number({ error: PLATFORM_FEE_MESSAGE })
    .min(0, PLATFORM_FEE_MESSAGE)
    .max(MAX_PLATFORM_FEE_PERCENT, PLATFORM_FEE_MESSAGE)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, PLATFORM_FEE_MESSAGE),
});
export type PlatformFeeInput = z.output<typeof platformFeeSchema>;
