/** A host's additional charge on a booking (SPEC §4). */
import { z } from 'zod';
import { CHARGE_REASONS, MIN_ADDITIONAL_CHARGE, chargeDescription } from '../charges';
import { isWholeCents } from '../pricing';
import { BODY, MAX_PRICE, missing, optionalLine, optionalText, textToNumber, uuidField } from './fields';

export const CHARGE_FIELDS_MISSING = 'Please fill in all required fields';
export const CHARGE_AMOUNT_INVALID = 'Please enter a valid amount greater than $0';

export const additionalChargeSchema = z
  .object(
    {
      booking_id: uuidField('Booking is required.', 'Invalid booking id.'),
      amount: z.preprocess(
        textToNumber,
        z
          .number({ error: (iss) => (missing(iss.input) ? CHARGE_FIELDS_MISSING : CHARGE_AMOUNT_INVALID) })
          .min(MIN_ADDITIONAL_CHARGE, CHARGE_AMOUNT_INVALID)
          .max(MAX_PRICE, CHARGE_AMOUNT_INVALID)
          .refine(isWholeCents, 'Amount can have at most 2 decimal places.'),
      ),
      reason: z.enum(CHARGE_REASONS, { error: CHARGE_FIELDS_MISSING }),
      custom_reason: optionalLine('Custom reason', 200),
      description: optionalText('Description', 500),
    },
    BODY,
  )
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.custom_reason) {
      ctx.addIssue({
        code: 'custom',
        path: ['custom_reason'],
        message: 'Please describe the reason for the charge.',
      });
    }
  })
  .transform((v) => ({ ...v, description: chargeDescription(v.reason, v.custom_reason, v.description) }));
export type AdditionalChargeInput = z.output<typeof additionalChargeSchema>;
