/**
 * Rows of the authorization matrix: reviews and payments (BOOKING_ACTIONS review/pay/cancel*,
 * VENUE_ACTIONS.answerReviews, SPEC §6; the statuses as tests/reviews, payments and
 * payments-lifecycle state them).
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { venueReviews } from '../../src/server/db/schema';
import { bookingRow, insertVenue } from '../factories';
import { CARDS, confirmCard, createPaymentBody, pay, paymentsOf, startPayment } from './payments-fixtures';
import { reviewBody } from './reviews-fixtures';
import {
  ADMIN_ONLY,
  ANYONE,
  BOOKING_READERS,
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
const minSpend = once(() => insertVenue(w.env, w.a.host, { pricing_type: 'minimum_spend', base_price: 500 }));

export const MONEY_ROWS: Row[] = [
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
