/**
 * Request schemas of the payment endpoints (decision record 13), shared by the API and the
 * browser. The SPEC's payloads keep their camelCase names; what the server decides (the
 * amount of a booking payment, whose card, which venue) is never taken from them.
 */
import { z } from 'zod';
import { CHARGE_REASONS, MIN_ADDITIONAL_CHARGE, chargeDescription } from './charges';
import { CHARGE_AMOUNT_INVALID, CHARGE_FIELDS_MISSING } from './schemas';
import { isWholeCents } from './pricing';
import { toCents } from './payments';

const BODY = { error: 'Invalid request body.' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(UUID, `Invalid ${label.toLowerCase()}.`)
    .transform((v) => v.toLowerCase());
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** POST /api/create-payment (SPEC §7): only metadata.booking_id matters; the amount is the server's. */
export const createPaymentSchema = z.object(
  {
    amount: z.unknown().optional(),
    currency: z.literal('usd', { error: 'Currency must be usd.' }).optional(),
    isMinimumSpend: z.boolean({ error: 'isMinimumSpend must be true or false.' }).optional(),
    metadata: z.object(
      { booking_id: uuid('Booking id') },
      { error: 'Metadata with a booking_id is required.' },
    ),
  },
  BODY,
);
export type CreatePaymentInput = z.output<typeof createPaymentSchema>;

/** The card fields of the built-in processor's form (never stored: brand and last 4 only). */
export const localCardSchema = z.object(
  {
    name: z
      .string({ error: 'Cardholder name is required.' })
      .trim()
      .min(1, 'Cardholder name is required.')
      .max(200),
    number: z.string({ error: 'Card number is required.' }).trim().max(30, 'Your card number is invalid.'),
    exp_month: z.coerce.number({ error: "Your card's expiration date is invalid." }),
    exp_year: z.coerce.number({ error: "Your card's expiration date is invalid." }),
    cvc: z
      .string({ error: "Your card's security code is invalid." })
      .trim()
      .max(4, "Your card's security code is invalid."),
  },
  { error: 'Card details are required.' },
);

export const localConfirmSchema = z.object(
  { client_secret: z.string({ error: 'Client secret is required.' }).min(1).max(200), card: localCardSchema },
  BODY,
);
export type LocalConfirmInput = z.output<typeof localConfirmSchema>;

export const localAuthenticateSchema = z.object(
  {
    client_secret: z.string({ error: 'Client secret is required.' }).min(1).max(200),
    outcome: z.enum(['complete', 'fail'], { error: 'Outcome must be complete or fail.' }),
  },
  BODY,
);
export type LocalAuthenticateInput = z.output<typeof localAuthenticateSchema>;

function textToNumber(v: unknown): unknown {
  if (typeof v === 'string') {
    const t = v.trim();
    return t === '' ? undefined : Number(t);
  }
  return v === null ? undefined : v;
}

/** POST /api/charge-additional (SPEC §3 Additional charge request). */
export const chargeAdditionalSchema = z
  .object(
    {
      paymentIntentId: z.string().max(200).nullish(),
      amount: z.preprocess(
        textToNumber,
        z
          .number({
            error: (iss) => (iss.input === undefined ? CHARGE_FIELDS_MISSING : CHARGE_AMOUNT_INVALID),
          })
          .min(MIN_ADDITIONAL_CHARGE, CHARGE_AMOUNT_INVALID)
          .max(1_000_000, CHARGE_AMOUNT_INVALID)
          .refine(isWholeCents, 'Amount can have at most 2 decimal places.'),
      ),
      reason: z.enum(CHARGE_REASONS, { error: CHARGE_FIELDS_MISSING }),
      custom_reason: optionalText('Custom reason', 200),
      description: optionalText('Description', 500),
      bookingId: uuid('Booking id'),
      venueId: z.string().max(100).nullish(),
      userId: z.string().max(100).nullish(),
    },
    BODY,
  )
  .transform((v) => ({
    ...v,
    amountCents: toCents(v.amount),
    description: chargeDescription(v.reason, v.custom_reason, v.description),
  }));
export type ChargeAdditionalInput = z.output<typeof chargeAdditionalSchema>;

export const cancelBookingSchema = z.object({ reason: optionalText('Reason', 2000) }, BODY);

export const TRANSACTION_KINDS = ['payment', 'setup', 'additional_charge', 'refund'] as const;

/** GET /api/admin/transactions */
export const transactionsQuerySchema = z.object({
  kind: z
    .enum(TRANSACTION_KINDS, { error: 'Kind must be payment, setup, additional_charge or refund.' })
    .optional(),
  status: z
    .enum(
      [
        'requires_payment_method',
        'requires_action',
        'processing',
        'succeeded',
        'failed',
        'canceled',
        'pending',
      ],
      {
        error: 'Unknown status.',
      },
    )
    .optional(),
  q: z.string().trim().max(200).optional(),
  from: z.iso.date({ error: 'From must be a date (yyyy-MM-dd).' }).optional(),
  to: z.iso.date({ error: 'To must be a date (yyyy-MM-dd).' }).optional(),
  cursor: z.string().max(300).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'Limit must be 1 to 100.')
    .max(100, 'Limit must be 1 to 100.')
    .default(25),
});
export type TransactionsQuery = z.output<typeof transactionsQuerySchema>;

export const bankDetailsQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(300).optional(),
});
