/**
 * Request schemas of the payment endpoints (decision record 13), shared by the API and the
 * browser. The SPEC's payloads keep their camelCase names; what the server decides (the
 * amount of a booking payment, whose card, which venue) is never taken from them.
 */
import { z } from 'zod';
import {
  CHARGE_REASONS,
  DISPUTE_REASON_MAX,
  DISPUTE_REASON_MIN,
  MIN_ADDITIONAL_CHARGE,
  chargeDescription,
} from '../charges';
import { isWholeCents } from '../pricing';
import { toCents } from '../payments';
import { CHARGE_AMOUNT_INVALID, CHARGE_CUSTOM_REASON_MISSING, CHARGE_FIELDS_MISSING } from './charges';
import { isoDate, noControlChars, optionalLine } from './fields';
import { UUID_PATTERN } from '../ids';

const BODY = { error: 'Invalid request body.' };
const uuid = (label: string) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .regex(UUID_PATTERN, `Invalid ${label.toLowerCase()}.`)
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
      custom_reason: optionalLine('Custom reason', 200),
      description: optionalText('Description', 500),
      bookingId: uuid('Booking id'),
      venueId: z.string().max(100).nullish(),
      userId: z.string().max(100).nullish(),
    },
    BODY,
  )
  // SPEC §5: a custom reason is required when the reason is other. SPEC's payload carries it as
  // the description; Velvet's dialog sends it as custom_reason too.
  .superRefine((v, ctx) => {
    if (v.reason === 'other' && !v.custom_reason && !v.description) {
      ctx.addIssue({ code: 'custom', path: ['custom_reason'], message: CHARGE_CUSTOM_REASON_MISSING });
    }
  })
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

/**
 * A provider's intent id as Velvet stores it in payments.provider_id (pi_…, seti_…: letters,
 * digits and underscores).
 */
export const INTENT_ID_PATTERN = /^(pi|seti)_[A-Za-z0-9_]{1,200}$/;

/**
 * GET /api/payments/result?booking_id=…|payment_intent=… (SPEC §2, §4): the booking is looked
 * up by booking_id, or else by payment_intent. Both are read as text and, like a path id, a
 * value not of their form names no booking (404 'Booking not found', never a 400): booking_id
 * must be a UUID (checked by the route), and a payment_intent not of the intent form reads as
 * absent here — it is ignored when booking_id is given, and names nothing when it is not.
 */
export const paymentResultQuerySchema = z.object({
  booking_id: z
    .string()
    .optional()
    .describe('The booking paid for. Wins over payment_intent when both are given.'),
  payment_intent: z
    .string()
    .optional()
    .transform((v) => (v !== undefined && INTENT_ID_PATTERN.test(v) ? v : undefined))
    .describe(
      "The provider's intent id (pi_…, seti_…) that paid for the booking; finds it when booking_id is absent.",
    ),
});
export type PaymentResultQuery = z.output<typeof paymentResultQuerySchema>;

/** GET /api/host/earnings(.csv)?from&to: events from and to these dates (both optional, inclusive). */
export const earningsQuerySchema = z
  .object({
    from: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Choose a start date.').optional()),
    to: z.preprocess((v) => (v === '' ? undefined : v), isoDate('Choose an end date.').optional()),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must be on or before the end date.',
    path: ['to'],
  });
export type EarningsQuery = z.output<typeof earningsQuerySchema>;

/** POST /api/charges/{id}/dispute (decision 82). */
export const disputeChargeSchema = z.object(
  {
    reason: z
      .string({ error: (iss) => (iss.input == null ? 'Reason is required.' : 'Reason must be text.') })
      .trim()
      .min(1, 'Reason is required.')
      .min(DISPUTE_REASON_MIN, `Reason must be at least ${DISPUTE_REASON_MIN} characters.`)
      .max(DISPUTE_REASON_MAX, `Reason must be at most ${DISPUTE_REASON_MAX} characters.`)
      .refine(...noControlChars('Reason')),
  },
  BODY,
);
export type DisputeChargeInput = z.output<typeof disputeChargeSchema>;

/** POST /api/admin/disputes/{id}/decide (decision 82). */
export const decideDisputeSchema = z.object(
  {
    decision: z.enum(['uphold', 'refund'], { error: 'Decision must be uphold or refund.' }),
    note: optionalText('Note', 1000),
  },
  BODY,
);
export type DecideDisputeInput = z.output<typeof decideDisputeSchema>;
