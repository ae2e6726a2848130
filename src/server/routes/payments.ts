import {
  bankDetailsQuerySchema,
  cancelBookingSchema,
  chargeAdditionalSchema,
  createPaymentSchema,
  localAuthenticateSchema,
  localConfirmSchema,
  paymentResultQuerySchema,
  transactionsQuerySchema,
} from '@/domain/schemas';
import { notFound } from '@/domain/errors';
import { endpoint, json, jsonOf, pathId, pathText } from '../http/endpoint';
import { LIMITS, type RateLimit } from '../http/rate-limits';
import { listBankDetails, listTransactions, revealBankDetails } from '../services/payments/admin';
import { cancelBooking, cancellationQuote } from '../services/payments/cancel';
import { chargeAdditional } from '../services/payments/charge-additional';
import { authenticateLocal, confirmLocal } from '../services/payments/confirm-local';
import { createPayment } from '../services/payments/create-payment';
import { paymentResult, type PaymentResultTarget } from '../services/payments/result';
import { BOOKING_NOT_FOUND } from '../services/payments/shared';
import { handleProviderEvent } from '../services/payments/webhook';

/** Card attempts are what a card-testing attacker repeats; limited per user and per address. */
const PAYMENT_ATTEMPTS: RateLimit = {
  count: [
    [LIMITS.paymentsPerUser, 'user'],
    [LIMITS.paymentsPerAddress, 'address'],
  ],
  message: (wait) => `Too many payment attempts. Please wait ${wait} and try again.`,
};

const bookingId = { id: pathId(BOOKING_NOT_FOUND) };

/** Payments (decision record 13): paying, the built-in card processor, webhooks, charges, cancellations, admin. */
export const PAYMENT_ENDPOINTS = [
  // Money moves on the POSTs with `idempotent`: a retried request with its Idempotency-Key gets
  // the first answer, never a second payment, charge or refund.
  endpoint({
    method: 'post',
    path: '/create-payment',
    tag: 'Payments',
    summary: 'Start paying for a booking',
    description: "The booking's guest.",
    access: 'signed in',
    body: createPaymentSchema,
    ok: json('CreatePaymentResponse'),
    idempotent: true,
    rateLimit: PAYMENT_ATTEMPTS,
    handler: ({ ctx, viewer, body }) => createPayment(ctx, viewer, body),
  }),

  // The built-in processor's "hosted field": the client secret is the credential, as with a provider.
  endpoint({
    method: 'post',
    path: '/local-processor/confirm',
    tag: 'Payments',
    summary: "The built-in card processor's confirmation",
    access: 'client secret',
    body: localConfirmSchema,
    ok: json('LocalConfirmResponse'),
    rateLimit: PAYMENT_ATTEMPTS,
    handler: ({ ctx, body }) => confirmLocal(ctx, body),
  }),

  endpoint({
    method: 'post',
    path: '/local-processor/intents/{intent_id}/authenticate',
    tag: 'Payments',
    summary: "The built-in card processor's 3-D Secure step",
    access: 'client secret',
    params: { intent_id: pathText() },
    body: localAuthenticateSchema,
    ok: json('LocalConfirmResponse'),
    rateLimit: PAYMENT_ATTEMPTS,
    handler: ({ ctx, params, body }) => authenticateLocal(ctx, params.intent_id, body),
  }),

  // Authenticated by its signature over the raw body (no session, no JSON parsing before it).
  endpoint({
    method: 'post',
    path: '/webhooks/stripe',
    tag: 'Payments',
    summary: "Stripe's events (with PAYMENT_PROVIDER=stripe)",
    access: 'Stripe signature',
    ok: jsonOf(
      {
        type: 'object',
        properties: { received: { const: true }, type: { type: 'string' } },
        required: ['received', 'type'],
      },
      'OK',
    ),
    handler: async ({ ctx, c }) => {
      if (ctx.payments.name !== 'stripe') throw notFound('Stripe webhooks are not enabled.');
      const raw = await c.req.text();
      return handleProviderEvent(ctx, raw, c.req.raw.headers);
    },
  }),

  endpoint({
    method: 'get',
    path: '/payments/result',
    tag: 'Payments',
    summary: 'The outcome of a payment',
    description:
      "The booking's guest. The booking is named by booking_id, or else by payment_intent (SPEC §2).",
    access: 'signed in',
    query: paymentResultQuerySchema,
    ok: json('PaymentResult'),
    handler: async ({ ctx, c, viewer, query }) => {
      // booking_id wins when it is given (even one that names nothing), as SPEC says.
      let target: PaymentResultTarget;
      if (query.booking_id !== undefined || query.payment_intent === undefined) {
        const bookingId = pathId(BOOKING_NOT_FOUND).safeParse(query.booking_id ?? '');
        if (!bookingId.success) throw notFound(BOOKING_NOT_FOUND);
        target = { bookingId: bookingId.data };
      } else {
        target = { paymentIntent: query.payment_intent };
      }
      c.header('cache-control', 'no-store');
      return paymentResult(ctx, viewer, target);
    },
  }),

  endpoint({
    method: 'post',
    path: '/charge-additional',
    tag: 'Payments',
    summary: 'Charge the guest an extra amount',
    description: "The venue's host.",
    access: 'signed in',
    body: chargeAdditionalSchema,
    ok: json('AdditionalChargeResponse'),
    idempotent: true,
    rateLimit: PAYMENT_ATTEMPTS,
    handler: ({ ctx, viewer, body }) => chargeAdditional(ctx, viewer, body),
  }),

  endpoint({
    method: 'get',
    path: '/bookings/{id}/cancellation',
    tag: 'Payments',
    summary: 'What cancelling would refund',
    access: 'signed in',
    params: bookingId,
    ok: json('CancellationQuote'),
    cache: 'no-store',
    handler: ({ ctx, viewer, params }) => cancellationQuote(ctx, viewer, params.id),
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/cancel',
    tag: 'Payments',
    summary: 'Cancel a booking (with its refund)',
    access: 'signed in',
    params: bookingId,
    body: cancelBookingSchema,
    bodyOptional: true,
    ok: json('CancelResponse'),
    idempotent: true,
    rateLimit: PAYMENT_ATTEMPTS,
    handler: ({ ctx, viewer, params, body }) => cancelBooking(ctx, viewer, params.id, body.reason),
  }),

  endpoint({
    method: 'get',
    path: '/admin/transactions',
    tag: 'Payments',
    summary: 'Every payment and refund, paged',
    access: 'admin',
    query: transactionsQuerySchema,
    ok: json('TransactionPage'),
    cache: 'no-store',
    handler: ({ ctx, query }) => listTransactions(ctx, query),
  }),

  endpoint({
    method: 'get',
    path: '/admin/bank-details',
    tag: 'Payments',
    summary: "Venues' bank details, masked",
    access: 'admin',
    query: bankDetailsQuerySchema,
    ok: json('BankDetailsPage'),
    cache: 'no-store',
    handler: ({ ctx, query }) => listBankDetails(ctx, query),
  }),

  endpoint({
    method: 'post',
    path: '/admin/venues/{id}/bank-details/reveal',
    tag: 'Payments',
    summary: "Show a venue's full bank details (logged)",
    access: 'admin',
    params: { id: pathId('Venue not found') },
    ok: json('RevealedBankDetails'),
    cache: 'no-store',
    handler: ({ ctx, viewer, params }) => revealBankDetails(ctx, viewer, params.id),
  }),
];
