import { Hono } from 'hono';
import {
  bankDetailsQuerySchema,
  cancelBookingSchema,
  chargeAdditionalSchema,
  createPaymentSchema,
  localAuthenticateSchema,
  localConfirmSchema,
  transactionsQuerySchema,
} from '@/domain/payments-schemas';
import { notFound } from '@/domain/errors';
import type { AppContext, AppEnv } from '../context';
import { readJson, readOptionalJson, readQuery, uuidParam } from '../http/validate';
import { requireRole, requireViewer } from '../http/viewer';
import { listBankDetails, listTransactions, revealBankDetails } from '../services/payments/admin';
import { cancelBooking, cancellationQuote } from '../services/payments/cancel';
import { chargeAdditional } from '../services/payments/charge-additional';
import { authenticateLocal, confirmLocal } from '../services/payments/confirm-local';
import { createPayment } from '../services/payments/create-payment';
import { paymentResult } from '../services/payments/result';
import { BOOKING_NOT_FOUND } from '../services/payments/shared';
import { handleProviderEvent } from '../services/payments/webhook';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Payments (decision record 13): paying, the built-in card processor, webhooks, charges, cancellations, admin. */
export function paymentRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/create-payment', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const input = await readJson(c, createPaymentSchema);
    return c.json(await createPayment(ctx, viewer, input));
  });

  // The built-in processor's "hosted field": the client secret is the credential, as with a provider.
  r.post('/local-processor/confirm', async (c) => {
    const input = await readJson(c, localConfirmSchema);
    return c.json(await confirmLocal(ctx, input));
  });

  r.post('/local-processor/intents/:intent_id/authenticate', async (c) => {
    const input = await readJson(c, localAuthenticateSchema);
    return c.json(await authenticateLocal(ctx, c.req.param('intent_id'), input));
  });

  // Authenticated by its signature over the raw body (no session, no JSON parsing before it).
  r.post('/webhooks/stripe', async (c) => {
    if (ctx.payments.name !== 'stripe') throw notFound('Stripe webhooks are not enabled.');
    const raw = await c.req.text();
    return c.json(await handleProviderEvent(ctx, raw, c.req.raw.headers));
  });

  r.get('/payments/result', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const bookingId = c.req.query('booking_id') ?? '';
    if (!UUID.test(bookingId)) throw notFound(BOOKING_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json(await paymentResult(ctx, viewer, bookingId.toLowerCase()));
  });

  r.post('/charge-additional', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const input = await readJson(c, chargeAdditionalSchema);
    return c.json(await chargeAdditional(ctx, viewer, input));
  });

  r.get('/bookings/:id/cancellation', async (c) => {
    const viewer = await requireViewer(ctx, c);
    c.header('cache-control', 'no-store');
    return c.json(await cancellationQuote(ctx, viewer, uuidParam(c, 'id', BOOKING_NOT_FOUND)));
  });

  r.post('/bookings/:id/cancel', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', BOOKING_NOT_FOUND);
    const { reason } = await readOptionalJson(c, cancelBookingSchema);
    return c.json(await cancelBooking(ctx, viewer, id, reason));
  });

  r.get('/admin/transactions', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(await listTransactions(ctx, readQuery(c, transactionsQuerySchema)));
  });

  r.get('/admin/bank-details', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(await listBankDetails(ctx, readQuery(c, bankDetailsQuerySchema)));
  });

  r.post('/admin/venues/:id/bank-details/reveal', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json(await revealBankDetails(ctx, viewer, uuidParam(c, 'id', 'Venue not found')));
  });

  return r;
}
