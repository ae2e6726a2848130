/**
 * Wire types of the payment endpoints (the payments contract, docs/decisions/0013-payments.md).
 * Money is integer cents on the wire, except the SPEC's own payloads (`amount` in dollars).
 */
import type { CancellationPolicy } from '../payments';
import type { PricingType } from '../pricing';
import type { Booking } from './bookings';
import type { Timestamp } from './wire';

export type PaymentProviderName = 'local' | 'stripe';

/** A booking's payment state for display (GET booking views: `payment_status`). */
export type BookingPaymentStatus =
  'unpaid' | 'processing' | 'paid' | 'card_on_file' | 'refunded' | 'partially_refunded';

/** POST /api/create-payment (SPEC §7 payload). */
export interface CreatePaymentRequest {
  amount: number;
  currency: 'usd';
  isMinimumSpend: boolean;
  metadata: {
    booking_id: string;
    venue_id: string;
    user_id: string;
    user_email: string;
    pricing_type: PricingType;
  };
}

export interface CreatePaymentResponse {
  clientSecret: string;
  isMinimumSpend: boolean;
  provider: PaymentProviderName;
  paymentId: string;
  amountCents: number;
  publishableKey?: string;
}

/** The card as the local processor's hosted-field-like form sends it. */
export interface LocalCard {
  name: string;
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
}

export type LocalConfirmStatus = 'succeeded' | 'requires_action' | 'failed';

/** POST /api/local-processor/confirm and …/intents/:id/authenticate. */
export interface LocalConfirmResponse {
  status: LocalConfirmStatus;
  intent_id: string;
  error?: { code: string; message: string };
}

export type PaymentResultState = 'paid' | 'card_on_file' | 'processing' | 'failed' | 'unpaid';

/** GET /api/payments/result */
export interface PaymentResult {
  state: PaymentResultState;
  booking: {
    id: string;
    venue: { id: string; name: string; pricing_type: PricingType };
    date: string;
    start_time: string;
    end_time: string;
    guest_count: number;
    total_price: number;
    status: string;
  };
  amount_cents: number;
  payment_id: string | null;
  /** With state 'failed': why the provider refused. */
  failure?: { code: string | null; message: string | null };
}

/** GET /api/bookings/:id/cancellation */
export interface CancellationQuote {
  can_cancel: boolean;
  as: 'guest' | 'host' | 'admin';
  policy: CancellationPolicy;
  paid_cents: number;
  refund_cents: number;
  message: string;
}

/** POST /api/bookings/:id/cancel */
export interface CancelResponse {
  booking: Booking;
  refund: { amount_cents: number; status: string } | null;
}

/** POST /api/charge-additional (SPEC §7 payload). */
export interface AdditionalChargeRequest {
  paymentIntentId: string;
  amount: number;
  reason: string;
  /** With reason 'other': what the charge is for. */
  custom_reason?: string | null;
  description: string;
  bookingId: string;
  venueId: string;
  userId: string;
}

export interface AdditionalChargeResponse {
  success: boolean;
  code: string | null;
  error: string | null;
  charge: {
    id: string;
    booking_id: string;
    amount_cents: number;
    status: string;
    reason: string | null;
    description: string | null;
    provider_id: string | null;
    created_at: Timestamp;
  };
}

export type TransactionKind = 'payment' | 'setup' | 'additional_charge' | 'refund';

/** GET /api/admin/transactions items. */
export interface Transaction {
  id: string;
  kind: TransactionKind;
  booking_id: string;
  venue: { id: string; name: string };
  guest: { id: string; full_name: string | null; email: string };
  amount_cents: number;
  status: string;
  provider: PaymentProviderName;
  provider_id: string | null;
  created_at: Timestamp;
  failure_code: string | null;
  reason: string | null;
}

export interface TransactionPage {
  items: Transaction[];
  next_cursor: string | null;
  total: number;
}

/** GET /api/admin/bank-details items: numbers masked to their last 4. */
export interface MaskedBankDetails {
  venue_id: string;
  venue_name: string;
  host_name: string | null;
  bank_account_holder_name: string | null;
  bank_account_last4: string | null;
  bank_routing_last4: string | null;
  tax_id_last4: string | null;
}

export interface BankDetailsPage {
  items: MaskedBankDetails[];
  next_cursor: string | null;
}

/** POST /api/admin/venues/:id/bank-details/reveal */
export interface RevealedBankDetails {
  venue_id?: string;
  bank_account_holder_name: string | null;
  bank_account_number: string | null;
  bank_routing_number: string | null;
  tax_id: string | null;
}

/** GET /api/charges items: the viewer's additional charges as a guest, with their dispute (decision 82). */
export interface GuestCharge {
  id: string;
  booking_id: string;
  venue_name: string;
  amount_cents: number;
  reason: string | null;
  description: string | null;
  created_at: Timestamp;
  /** Until when it can be disputed (48 hours after it was made). */
  dispute_until: Timestamp;
  can_dispute: boolean;
  dispute: {
    id: string;
    status: 'open' | 'upheld' | 'refunded';
    reason: string;
    admin_note: string | null;
  } | null;
}

/** GET /api/admin/disputes items and the answers of dispute and decide. */
export interface ChargeDisputeItem {
  id: string;
  payment_id: string;
  booking_id: string;
  reason: string;
  status: 'open' | 'upheld' | 'refunded';
  admin_note: string | null;
  decided_at: Timestamp | null;
  created_at: Timestamp;
  amount_cents: number;
  charge_reason: string | null;
  charge_description: string | null;
  charged_at: Timestamp;
  venue_name: string;
  guest_name: string | null;
  guest_email: string;
}

export interface GuestChargeList {
  items: GuestCharge[];
}

export interface ChargeDisputeList {
  items: ChargeDisputeItem[];
}
