/**
 * Rows of the authorization matrix: reviews and payments (BOOKING_ACTIONS review/pay/cancel*,
 * VENUE_ACTIONS.answerReviews, SPEC §6; the statuses as tests/reviews, payments and
 * payments-lifecycle state them).
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { chargeDisputes, payments, venueReviews } from '../../src/server/db/schema';
import { bookingRow, insertVenue } from '../factories';
import { CARDS, confirmCard, createPaymentBody, pay, paymentsOf, startPayment } from './payments-fixtures';
import { call } from './client';
import { reviewBody } from './reviews-fixtures';
import {
  ADMIN_ONLY,
  ANYONE,
  BOOKING_READERS,
  SIGNED_IN,
  type Expected,
  type Row,
  asAdmin,
  freshConfirmed,
  freshNight,
  freshReview,
  once,
  w,
} from './authz-world';

/** BOOKING_ACTIONS.review and pay [guest]: the host and the admin know the booking (403), strangers not (404). */
const ONLY_ITS_GUEST: Expected = [401, 200, 404, 403, 404, 403];

const reviewRow = (id: string) => () =>
  w.env.ctx.db.select().from(venueReviews).where(eq(venueReviews.id, id));
/** A $45.50 additional charge made an hour after a fresh booking's end (made through the API). */
async function freshCharge() {
  const venue = await minSpend();
  const b = await freshConfirmed(venue, { total_price: 500 });
  await pay(w.env, w.a.guest, b.id);
  const at = new Date(b.ends_at.getTime() + 3_600_000);
  const res = await asHostAt(at, {
    amount: 45.5,
    reason: 'damages',
    description: 'Broken glass',
    bookingId: b.id,
    venueId: venue.id,
    userId: w.a.guest.profile.id,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { chargeId: res.body.charge.id as string, at };
}
async function asHostAt(at: Date, json: Record<string, unknown>) {
  const saved = w.env.clock.now;
  w.env.clock.now = at;
  try {
    return await call(w.env, 'POST', '/api/charge-additional', { cookie: w.a.host.cookie, json });
  } finally {
    w.env.clock.now = saved;
  }
}
const bookingOfPayment = async (id: string) =>
  (await w.env.ctx.db.select({ b: payments.booking_id }).from(payments).where(eq(payments.id, id)))[0]?.b;
const minSpend = once(() => insertVenue(w.env, w.a.host, { pricing_type: 'minimum_spend', base_price: 500 }));

export const MONEY_ROWS: Row[] = [
  /* ---------- earnings (issue 29): a host reads only their own; guests and the admin none ---------- */
  {
    route: 'GET /api/host/earnings',
    source: 'issue 29: each host sees their own earnings; a guest never sees fees or balances',
    expect: [401, 403, 403, 200, 200, 403],
    prepare: async () => ({ path: '/api/host/earnings' }),
  },
  {
    route: 'GET /api/host/earnings.csv',
    source: 'issue 29: the host’s own statement',
    expect: [401, 403, 403, 200, 200, 403],
    prepare: async () => ({ path: '/api/host/earnings.csv?from=2030-01-01&to=2031-12-31' }),
  },
  /* ---------- Stripe Connect (decision 88): a host's own account; the built-in processor here, so 409 ---------- */
  {
    route: 'GET /api/host/stripe-connect',
    source:
      'issue 29 (Stripe): each host sees their own connected account; with the built-in processor there is none',
    expect: [401, 403, 403, 409, 409, 403],
    prepare: async () => ({ path: '/api/host/stripe-connect' }),
  },
  {
    route: 'POST /api/host/stripe-connect/onboarding',
    source:
      'issue 29 (Stripe): only a host connects an account for their payouts; none with the built-in processor',
    expect: [401, 403, 403, 409, 409, 403],
    prepare: async () => ({ path: '/api/host/stripe-connect/onboarding' }),
  },
  /* ---------- payouts, the fee and the report (issue 29): the admin only ---------- */
  {
    route: 'GET /api/admin/payouts',
    source: 'issue 29: the admin’s Payouts section; a guest never sees fees or balances',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/payouts' }),
  },
  {
    route: 'POST /api/admin/payouts',
    source: 'issue 29: only the admin records payouts (this host has nothing available: 409)',
    expect: [401, 403, 403, 403, 403, 409],
    prepare: async () => ({
      path: '/api/admin/payouts',
      json: { host_id: w.a.otherHost.profile.id, bank_reference: 'ACH-TEST-1' },
    }),
  },
  {
    route: 'GET /api/admin/payouts.csv',
    source: 'issue 29: a payout batch as CSV for the bank',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/payouts.csv' }),
  },
  {
    route: 'PUT /api/admin/platform-fee',
    source: 'issue 29: the admin changes the fee in the dashboard',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/platform-fee', json: { percent: 10 } }),
  },
  {
    route: 'GET /api/admin/money',
    source: 'issue 29: the admin’s monthly report and reconciliation',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/money' }),
  },
  /* ---------- reviews ---------- */
  {
    route: 'GET /api/bookings/:id/review',
    source: 'BOOKING_ACTIONS.review [guest]; SPEC §5 "belong to the current user"; tests/reviews.test.ts',
    expect: ONLY_ITS_GUEST,
    prepare: async () => ({ path: `/api/bookings/${w.night.id}/review` }),
  },
  {
    route: 'POST /api/reviews',
    source: 'BOOKING_ACTIONS.review [guest]; SPEC §6 reviews own past bookings only',
    expect: [401, 201, 404, 403, 404, 403],
    prepare: async () => {
      const night = await freshNight();
      return {
        path: '/api/reviews',
        json: reviewBody(night.id),
        snapshot: async () => [
          await bookingRow(w.env, night.id),
          await w.env.ctx.db.select().from(venueReviews).where(eq(venueReviews.booking_id, night.id)),
        ],
      };
    },
  },
  {
    route: 'GET /api/venues/:id/reviews',
    subject: 'the host’s active venue',
    source: 'SPEC §6 visitors read published reviews',
    expect: ANYONE,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}/reviews` }),
    check: (_role, res) => expect(res.body.reviews.length).toBeGreaterThan(0),
  },
  {
    route: 'GET /api/venues/:id/reviews',
    subject: 'the host’s pending venue',
    source: 'VENUE_ACTIONS.read; tests/reviews.test.ts',
    expect: [404, 404, 404, 200, 404, 200],
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}/reviews` }),
  },
  {
    route: 'POST /api/reviews/:id/response',
    source: 'VENUE_ACTIONS.answerReviews [owner]; tests/reviews.test.ts',
    expect: [401, 403, 403, 200, 403, 403],
    prepare: async () => {
      const id = await freshReview();
      return {
        path: `/api/reviews/${id}/response`,
        json: { response: 'Thank you, come back soon!' },
        snapshot: reviewRow(id),
      };
    },
  },
  {
    route: 'GET /api/admin/reviews',
    source: 'SPEC §6 admin moderation',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/reviews' }),
  },
  {
    route: 'POST /api/admin/reviews/:id/unpublish',
    source: 'admin moderation; tests/reviews.test.ts',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const id = await freshReview();
      return {
        path: `/api/admin/reviews/${id}/unpublish`,
        json: { reason: 'Personal details of staff.' },
        snapshot: reviewRow(id),
      };
    },
  },
  {
    route: 'POST /api/admin/reviews/:id/republish',
    source: 'admin moderation',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const id = await freshReview();
      expect((await asAdmin(`/api/admin/reviews/${id}/unpublish`, { reason: 'Checking.' })).status).toBe(200);
      return { path: `/api/admin/reviews/${id}/republish`, json: {}, snapshot: reviewRow(id) };
    },
  },

  /* ---------- payments ---------- */
  {
    route: 'POST /api/create-payment',
    source: 'BOOKING_ACTIONS.pay [guest]; tests/payments.test.ts',
    expect: ONLY_ITS_GUEST,
    prepare: async () => {
      const b = await freshConfirmed();
      return {
        path: '/api/create-payment',
        json: createPaymentBody(b.id),
        snapshot: () => paymentsOf(w.env, b.id),
      };
    },
  },
  {
    route: 'POST /api/local-processor/confirm',
    source: 'decision 13: the client secret is the credential, as with a card provider',
    expect: ANYONE,
    prepare: async () => {
      const started = await startPayment(w.env, w.a.guest, (await freshConfirmed()).id);
      return {
        path: '/api/local-processor/confirm',
        json: {
          client_secret: started.clientSecret,
          card: { name: 'Gina Guest', exp_month: 12, exp_year: 2034, cvc: '123', number: CARDS.ok },
        },
      };
    },
    check: (_role, res) => expect(res.body.status).toBe('succeeded'),
  },
  {
    route: 'POST /api/local-processor/intents/:intent_id/authenticate',
    source: 'decision 13: the client secret is the credential',
    expect: ANYONE,
    prepare: async () => {
      const started = await startPayment(w.env, w.a.guest, (await freshConfirmed()).id);
      const challenged = await confirmCard(w.env, started.clientSecret, CARDS.authOnce);
      expect(challenged.body.status).toBe('requires_action');
      return {
        path: `/api/local-processor/intents/${challenged.body.intent_id}/authenticate`,
        json: { client_secret: started.clientSecret, outcome: 'complete' },
      };
    },
    check: (_role, res) => expect(res.body.status).toBe('succeeded'),
  },
  {
    route: 'POST /api/webhooks/stripe',
    subject: 'the local provider (no Stripe)',
    source: 'tests/payments.test.ts: not there without PAYMENT_PROVIDER=stripe',
    expect: [404, 404, 404, 404, 404, 404],
    prepare: async () => ({ path: '/api/webhooks/stripe', json: { type: 'payment_intent.succeeded' } }),
  },
  {
    route: 'GET /api/payments/result',
    source: 'SPEC §2 /payment-success (the paying guest’s page); tests/payments.test.ts',
    expect: [401, 200, 404, 404, 404, 404],
    prepare: async () => ({ path: `/api/payments/result?booking_id=${w.booking.id}` }),
  },
  {
    route: 'POST /api/charge-additional',
    subject: 'a card on file, after the event',
    source: 'BOOKING_ACTIONS.chargeAdditional [host]; SPEC §6 hosts report extra charges',
    expect: [401, 403, 404, 200, 404, 403],
    prepare: async () => {
      const venue = await minSpend();
      const b = await freshConfirmed(venue, { total_price: 500 });
      await pay(w.env, w.a.guest, b.id);
      return {
        path: '/api/charge-additional',
        at: new Date(b.ends_at.getTime() + 86_400_000),
        json: {
          paymentIntentId: 'whatever',
          amount: 45.5,
          reason: 'minimum_spend_not_met',
          description: '',
          bookingId: b.id,
          venueId: venue.id,
          userId: w.a.guest.profile.id,
        },
        snapshot: () => paymentsOf(w.env, b.id),
      };
    },
    check: (_role, res) => expect(res.body.success).toBe(true),
  },
  /* ---------- disputes of additional charges (issue 30 item 5, decision 82) ---------- */
  {
    route: 'GET /api/charges',
    source:
      'decision 82: each signed-in person reads the additional charges of their own bookings as a guest',
    expect: SIGNED_IN,
    prepare: async () => ({ path: '/api/charges' }),
  },
  {
    route: 'POST /api/charges/:id/dispute',
    source:
      'decision 82: the booking’s guest disputes a charge; the host and the admin know it (403), strangers not (404)',
    expect: [401, 201, 404, 403, 404, 403],
    prepare: async () => {
      const { chargeId, at } = await freshCharge();
      return {
        path: `/api/charges/${chargeId}/dispute`,
        at,
        json: { reason: 'The glass was already cracked when we arrived.' },
        snapshot: () =>
          w.env.ctx.db.select().from(chargeDisputes).where(eq(chargeDisputes.payment_id, chargeId)),
      };
    },
  },
  {
    route: 'GET /api/admin/disputes',
    source: 'decision 82: disputed charges go to the admin',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/disputes' }),
  },
  {
    route: 'POST /api/admin/disputes/:id/decide',
    source: 'decision 82: only the admin upholds or refunds a disputed charge',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const { chargeId, at } = await freshCharge();
      const [d] = await w.env.ctx.db
        .insert(chargeDisputes)
        .values({
          payment_id: chargeId,
          booking_id: (await bookingOfPayment(chargeId))!,
          reason: 'Not mine at all.',
        })
        .returning();
      return {
        path: `/api/admin/disputes/${d!.id}/decide`,
        at,
        json: { decision: 'refund' },
        snapshot: () => w.env.ctx.db.select().from(chargeDisputes).where(eq(chargeDisputes.id, d!.id)),
      };
    },
  },
  {
    route: 'GET /api/bookings/:id/cancellation',
    source: 'BOOKING_ACTIONS cancelAsGuest/Host/Admin; tests/payments-lifecycle.test.ts',
    expect: BOOKING_READERS,
    prepare: async () => ({ path: `/api/bookings/${w.booking.id}/cancellation` }),
  },
  {
    route: 'POST /api/bookings/:id/cancel',
    source: 'BOOKING_ACTIONS cancelAsGuest/Host/Admin; tests/payments-lifecycle.test.ts',
    expect: BOOKING_READERS,
    prepare: async () => {
      const b = await freshConfirmed();
      return { path: `/api/bookings/${b.id}/cancel`, json: {}, snapshot: () => bookingRow(w.env, b.id) };
    },
  },
  {
    route: 'GET /api/admin/transactions',
    source: 'SPEC §6 the admin views customer payment info',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/transactions' }),
  },
  {
    route: 'GET /api/admin/bank-details',
    source: 'SPEC §6 the admin views bank details',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/bank-details' }),
  },
  {
    route: 'POST /api/admin/venues/:id/bank-details/reveal',
    source: 'SPEC §6 the admin views bank details',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: `/api/admin/venues/${w.venue.id}/bank-details/reveal` }),
    check: (_role, res) => expect(res.body.bank_account_number).toBe(w.venue.bank_account_number),
  },
];
