import { earningsQuerySchema, platformFeeSchema, recordPayoutSchema } from '@/domain/schemas';
import { endpoint, json, jsonOf, media } from '../http/endpoint';
import { hostEarnings, hostEarningsCsv } from '../services/earnings/host-earnings';
import { changePlatformFee } from '../services/earnings/platform-fee';
import { adminPayouts } from '../services/payouts/balances';
import { listPayouts, payoutsCsv } from '../services/payouts/list';
import { recordPayout } from '../services/payouts/record';
import { startStripeOnboarding, stripeConnectStatus } from '../services/payouts/stripe-connect';
import { moneyReport } from '../services/payouts/report';

const csvHeaders = (name: string) => ({
  'content-type': 'text/csv; charset=utf-8',
  'content-disposition': `attachment; filename="${name}"`,
  'cache-control': 'no-store',
});
const rangeName = (q: { from?: string; to?: string }) => [q.from, q.to].filter(Boolean).join('-to-') || 'all';

/**
 * The marketplace's money (issue 29, decision 0079): a host's earnings tab and CSV statement;
 * the admin's payouts, payout batches as CSV, the platform fee of new bookings and the monthly
 * report with its reconciliation.
 */
export const EARNINGS_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/host/earnings',
    tag: 'Payments',
    summary: "The signed-in host's earnings by booking, with totals, balances, months and payouts",
    description:
      'Each booking of their venues that took money: gross, additional charges, refunds, the platform fee at the rate the booking was requested at, the net, and what payouts paid of it; pending until the event ended PAYOUT_HOLD_DAYS ago, then available, then paid out. from/to filter by event date.',
    access: 'host',
    query: earningsQuerySchema,
    ok: json('HostEarnings'),
    cache: 'no-store',
    handler: ({ ctx, viewer, query }) => hostEarnings(ctx, viewer, query),
  }),
  endpoint({
    method: 'get',
    path: '/host/earnings.csv',
    tag: 'Payments',
    summary: "The signed-in host's earnings statement as CSV, for a date range",
    access: 'host',
    query: earningsQuerySchema,
    ok: media('text/csv', 'One row per booking and a total row.'),
    handler: async ({ ctx, viewer, query, c }) =>
      c.body(
        await hostEarningsCsv(ctx, viewer, query),
        200,
        csvHeaders(`velvet-earnings-${rangeName(query)}.csv`),
      ),
  }),
  endpoint({
    method: 'get',
    path: '/host/stripe-connect',
    tag: 'Payments',
    summary: "The signed-in host's Stripe connected account: whether Stripe sends them payouts yet",
    description:
      'With PAYMENT_PROVIDER=stripe (decision 88). A host who has not finished onboarding receives no transfers; their available balance waits. 409 when payouts do not go through Stripe.',
    access: 'host',
    ok: json('StripeConnectInfo'),
    cache: 'no-store',
    handler: ({ ctx, viewer }) => stripeConnectStatus(ctx, viewer),
  }),
  endpoint({
    method: 'post',
    path: '/host/stripe-connect/onboarding',
    tag: 'Payments',
    summary: "Start or finish Stripe's hosted onboarding of the host's connected account",
    description:
      "Creates the host's connected account the first time, then answers a new link to Stripe's hosted onboarding page, which returns to the Earnings tab. 409 when payouts do not go through Stripe.",
    access: 'host',
    ok: json('StripeOnboardingLink'),
    handler: ({ ctx, viewer }) => startStripeOnboarding(ctx, viewer),
  }),
  endpoint({
    method: 'get',
    path: '/admin/payouts',
    tag: 'Payments',
    summary: "Each host's balances, the platform fee and recent payouts",
    access: 'admin',
    ok: json('AdminPayouts'),
    cache: 'no-store',
    handler: ({ ctx }) => adminPayouts(ctx),
  }),
  endpoint({
    method: 'post',
    path: '/admin/payouts',
    tag: 'Payments',
    summary: "Record a payout of a host's whole available balance",
    description:
      "The admin sent the money by bank transfer; this records it with the bank's reference. The host's available earnings become paid out, the host is emailed. 409 when nothing is available.",
    access: 'admin',
    body: recordPayoutSchema,
    ok: json('PayoutRecord', 201),
    idempotent: true,
    handler: ({ ctx, viewer, body }) => recordPayout(ctx, viewer, body),
  }),
  endpoint({
    method: 'get',
    path: '/admin/payouts.csv',
    tag: 'Payments',
    summary: 'Payouts recorded in a date range, as CSV for the bank',
    access: 'admin',
    query: earningsQuerySchema,
    ok: media('text/csv', 'One row per payout and a total row.'),
    handler: async ({ ctx, query, c }) =>
      c.body(
        payoutsCsv(await listPayouts(ctx.db, { ...query, limit: 10_000 })),
        200,
        csvHeaders(`velvet-payouts-${rangeName(query)}.csv`),
      ),
  }),
  endpoint({
    method: 'put',
    path: '/admin/platform-fee',
    tag: 'Payments',
    summary: 'Set the platform fee of bookings requested from now on',
    access: 'admin',
    body: platformFeeSchema,
    ok: jsonOf(
      { type: 'object', properties: { fee_percent: { type: 'number' } }, required: ['fee_percent'] },
      'The new fee',
    ),
    handler: ({ ctx, viewer, body }) => changePlatformFee(ctx, viewer, body),
  }),
  endpoint({
    method: 'get',
    path: '/admin/money',
    tag: 'Payments',
    summary: "The platform's money per month, and its reconciliation",
    access: 'admin',
    ok: json('MoneyReport'),
    cache: 'no-store',
    handler: ({ ctx }) => moneyReport(ctx),
  }),
];
