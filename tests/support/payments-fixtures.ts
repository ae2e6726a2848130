/** Helpers of the payment API tests: confirmed bookings, paying them through the local processor. */
import { expect } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { localIntents, payments, refunds } from '../../src/server/db/schema';
import type { Venue } from '../../src/server/db/schema';
import { call, type Actor } from './client';
import type { TestEnv } from './env';
import { insertBooking } from '../factories';

export const CARD = { name: 'Gina Guest', exp_month: 12, exp_year: 2034, cvc: '123' };
export const CARDS = {
  ok: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficient: '4000 0000 0000 9995',
  authOnce: '4000 0025 0000 3155',
  authAlways: '4000 0027 6000 3184',
  luhnInvalid: '4242 4242 4242 4241',
};

/** A confirmed booking (inserted, $300 unless told), confirmed now. */
export const confirmedBooking = (
  env: TestEnv,
  venue: Venue,
  guest: Actor,
  fields: Record<string, unknown> = {},
) =>
  insertBooking(env, venue, guest, {
    status: 'confirmed',
    confirmed_at: env.ctx.now(),
    ...fields,
  });

export const createPaymentBody = (bookingId: string, amount = 300) => ({
  amount,
  currency: 'usd',
  isMinimumSpend: false,
  metadata: {
    booking_id: bookingId,
    venue_id: 'x',
    user_id: 'x',
    user_email: 'x',
    pricing_type: 'hourly_rate',
  },
});

export async function startPayment(env: TestEnv, guest: Actor, bookingId: string) {
  const res = await call(env, 'POST', '/api/create-payment', {
    cookie: guest.cookie,
    json: createPaymentBody(bookingId),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as {
    clientSecret: string;
    paymentId: string;
    amountCents: number;
    isMinimumSpend: boolean;
  };
}

export const confirmCard = (
  env: TestEnv,
  clientSecret: string,
  number: string,
  card: Partial<typeof CARD> = {},
) =>
  call(env, 'POST', '/api/local-processor/confirm', {
    json: { client_secret: clientSecret, card: { ...CARD, ...card, number } },
  });

export const authenticate = (
  env: TestEnv,
  intentId: string,
  clientSecret: string,
  outcome: 'complete' | 'fail',
) =>
  call(env, 'POST', `/api/local-processor/intents/${intentId}/authenticate`, {
    json: { client_secret: clientSecret, outcome },
  });

/** Pays a booking (hourly) or puts a card on file (minimum spend) with a card that needs no challenge. */
export async function pay(env: TestEnv, guest: Actor, bookingId: string, number = CARDS.ok) {
  const started = await startPayment(env, guest, bookingId);
  const res = await confirmCard(env, started.clientSecret, number);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  if (res.body.status === 'requires_action') {
    const auth = await authenticate(env, res.body.intent_id, started.clientSecret, 'complete');
    expect(auth.body.status).toBe('succeeded');
  } else {
    expect(res.body.status, JSON.stringify(res.body)).toBe('succeeded');
  }
  return started;
}

export async function paymentsOf(env: TestEnv, bookingId: string) {
  return env.ctx.db.select().from(payments).where(eq(payments.booking_id, bookingId));
}

export async function refundsOf(env: TestEnv, bookingId: string) {
  return env.ctx.db.select().from(refunds).where(eq(refunds.booking_id, bookingId));
}

export async function countLocalIntents(env: TestEnv) {
  const [row] = await env.ctx.db.select({ n: count() }).from(localIntents);
  return row?.n ?? 0;
}
