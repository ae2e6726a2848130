/**
 * The money endpoints (issue 29): a host's earnings and payouts (GET /api/host/earnings), and
 * the admin's payouts, platform fee and monthly report (/api/admin/payouts, /api/admin/money).
 * A booking's earning is the domain's own type (src/domain/earnings.ts), defined once.
 */
import type { ConnectStatus } from '../connect';
import type { Earning, EarningsTotals } from '../earnings';

/** One booking's earning: gross, charges, refunds, the fee at its own rate, net, paid out, due. */
export type EarningRow = Earning;
export type EarningTotals = EarningsTotals;

/** A payout: money Velvet sent a host, recorded by the admin with the bank's reference. */
export interface PayoutRecord {
  id: string;
  host_id: string;
  host_name: string;
  host_email: string;
  amount_cents: number;
  bank_reference: string;
  bank_account_last4: string | null;
  /** How many bookings it paid (or settled a late refund of). */
  bookings: number;
  created_at: string;
}

export interface HostEarnings {
  /** The platform fee new bookings are requested at. */
  fee_percent: number;
  hold_days: number;
  from: string | null;
  to: string | null;
  rows: EarningRow[];
  totals: EarningTotals;
  /** When the next pending earning becomes available; null when none is pending. */
  next_available_at: string | null;
  /** Net earnings per month of the events, oldest first. */
  monthly: Array<{ month: string; net_cents: number }>;
  /** The host's payouts, newest first. */
  payouts: PayoutRecord[];
  /** With PAYMENT_PROVIDER=stripe: the host's connected account; null when the admin pays by bank. */
  stripe_connect: StripeConnectInfo | null;
}

/** One host's balances in the admin's Payouts section. */
export interface HostBalance {
  host_id: string;
  host_name: string;
  host_email: string;
  /** The last 4 digits of the bank account payouts go to (their most recently updated venue's). */
  bank_account_last4: string | null;
  /** What a payout recorded now would pay (may be negative after a refund that came after a payout). */
  available_cents: number;
  pending_cents: number;
  paid_out_cents: number;
}

/** GET /api/admin/payouts */
export interface AdminPayouts {
  fee_percent: number;
  /** The configured default (PLATFORM_FEE_PERCENT); fee_percent differs when the admin changed it. */
  default_fee_percent: number;
  hold_days: number;
  balances: HostBalance[];
  payouts: PayoutRecord[];
}

export interface MoneyMonth {
  /** 'YYYY-MM' of the event (payouts: of the payout). */
  month: string;
  gross_cents: number;
  charges_cents: number;
  refunds_cents: number;
  fees_cents: number;
  payouts_cents: number;
}

/** GET /api/admin/money: the platform's money per month, and whether it reconciles. */
export interface MoneyReport {
  months: MoneyMonth[];
  reconciliation: {
    /** Every succeeded payment and additional charge. */
    captured_cents: number;
    /** Every succeeded refund. */
    refunded_cents: number;
    /** Fees earned on every booking. */
    fees_cents: number;
    /** What hosts are owed, not yet paid out (pending and available, late refunds netted). */
    host_balances_cents: number;
    /** Every payout recorded. */
    paid_out_cents: number;
    /** captured − refunded − fees − host balances − paid out: 0 when the books balance. */
    difference_cents: number;
    balanced: boolean;
    /** The ledger's own check (decision 83): its entries, summed, against the figures above. */
    ledger: LedgerReconciliation;
  };
}

/** A host whose payable in the ledger is not what their earnings say they are owed. */
export interface LedgerHostMismatch {
  host_id: string;
  host_name: string;
  /** The host's `host_payable` balance in the ledger. */
  ledger_cents: number;
  /** Their pending and available dues, from the bookings' money (host_balances_cents's share). */
  derived_cents: number;
}

export interface LedgerReconciliation {
  /** The sum of every ledger entry: 0 when every posting balanced. */
  total_cents: number;
  /** The accounts' balances: −(captured − refunded), fees, owed to hosts, paid out. */
  guest_funds_cents: number;
  platform_fees_cents: number;
  host_payable_cents: number;
  payouts_cents: number;
  host_mismatches: LedgerHostMismatch[];
  /** total is 0 and every host's ledger payable equals their derived balance. */
  balanced: boolean;
}

/**
 * A host's Stripe connected account (decision 88; GET /api/host/stripe-connect): whether Stripe
 * sends them their payouts yet, and what to do about it.
 */
export interface StripeConnectInfo {
  status: ConnectStatus;
  payouts_enabled: boolean;
  details_submitted: boolean;
  /** What the status means for the host's balance, as shown on the Earnings tab. */
  message: string;
}

/** POST /api/host/stripe-connect/onboarding: Stripe's hosted onboarding page to send the host to. */
export interface StripeOnboardingLink {
  url: string;
  status: ConnectStatus;
}
