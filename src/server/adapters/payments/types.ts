/**
 * The payment provider interface (decision record 13), in the spirit of cal.com's payment
 * service: create a payment, collect a card for later, charge a saved card off-session,
 * refund, read a payment's state, verify and parse a provider event. Two implementations:
 * `local` (the built-in card processor, the default) and `stripe`.
 *
 * No method takes a database handle. The local processor keeps its records through the store it
 * is built with (local-store.ts), which joins the caller's transaction, so they commit or roll
 * back with the payment row that refers to them; the Stripe implementation relies on the
 * idempotency key, so a retried transaction asks Stripe again and gets the same object back.
 */
import type { LocalCard } from '@/domain/contract/payments';
import type { Payment } from '../../db/schema';
import type { LocalConfirmResult } from './local-cards';

export type ProviderName = 'local' | 'stripe';
export type PaymentStatus = Payment['status'];

export interface CardSummary {
  brand: string;
  last4: string;
}

/** What Velvet tells the provider about a payment; echoed back on events. */
export type PaymentMetadata = Record<string, string> & { booking_id: string };

export interface CreatedIntent {
  /** pi_… for a payment, seti_… for a card setup. */
  providerId: string;
  clientSecret: string;
  status: PaymentStatus;
  /** The provider's customer the saved card will belong to (stripe setups). */
  customerId?: string | null;
}

/** A payment's or setup's state as the provider knows it. */
export interface ProviderPaymentState {
  providerId: string;
  kind: 'payment' | 'setup';
  status: PaymentStatus;
  amountCents: number;
  paymentMethodId: string | null;
  customerId: string | null;
  card: CardSummary | null;
  failureCode: string | null;
  failureMessage: string | null;
  metadata: Record<string, string>;
}

export interface ChargeResult {
  /** The provider's id of the attempt (null when the provider refused before creating one). */
  providerId: string | null;
  status: 'succeeded' | 'processing' | 'failed';
  failureCode: string | null;
  failureMessage: string | null;
  card: CardSummary | null;
}

export interface RefundResult {
  providerRefundId: string;
  status: 'pending' | 'succeeded' | 'failed';
}

/** A verified provider event, normalised. */
export type ProviderEvent =
  | { type: 'payment.updated'; eventId: string; state: ProviderPaymentState }
  | { type: 'refund.updated'; eventId: string; providerPaymentId: string }
  | {
      /** A host's connected account changed (Stripe Connect, decision 88). */
      type: 'account.updated';
      eventId: string;
      accountId: string;
      payoutsEnabled: boolean;
      detailsSubmitted: boolean;
      /** When the provider created the event: an older one than last applied changes nothing. */
      occurredAt: Date;
    }
  | { type: 'ignored'; eventId: string; providerType: string };

/** An off-session charge of a card saved at booking time (additional charges, minimum spend). */
export interface SavedCardCharge {
  paymentMethodId: string;
  customerId: string | null;
  amountCents: number;
  idempotencyKey: string;
  metadata: PaymentMetadata;
  description?: string;
  /** With `connect`: the booking's transfer group. */
  transferGroup?: string;
}

/**
 * A card form Velvet serves itself (the built-in processor's /api/local-processor/*), where the
 * guest's card reaches the provider through Velvet. Called in the service's transaction.
 */
export interface HostedCardForm {
  /** The guest's card for the intent of `clientSecret`: pays or saves it, or asks for authentication. */
  confirm(clientSecret: string, card: LocalCard, now: Date): Promise<LocalConfirmResult>;
  /** The bank's challenge for the intent, completed or failed by the guest. */
  authenticate(
    clientSecret: string,
    intentId: string,
    outcome: 'complete' | 'fail',
  ): Promise<LocalConfirmResult>;
}

/**
 * Payouts to hosts' own accounts at the provider (Stripe Connect, decision 88): separate charges
 * and transfers. Null for the built-in processor, whose payouts the admin records by hand.
 */
export interface ConnectPayouts {
  /** A connected account for the host (an Express account); the key makes a retry get the same one. */
  createAccount(input: { email: string; hostId: string; idempotencyKey: string }): Promise<string>;
  /** The provider-hosted onboarding page of the account (a one-time link). */
  onboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<string>;
  /** Moves money from the platform's balance to the account. */
  transfer(input: {
    destination: string;
    amountCents: number;
    idempotencyKey: string;
    transferGroup: string;
    metadata: Record<string, string>;
  }): Promise<string>;
  /** Takes part of a transfer back to the platform's balance; returns the reversal's id. */
  reverseTransfer(input: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<string>;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Sent to the browser (stripe: Stripe.js needs it). */
  readonly publishableKey: string | null;
  /** The card form Velvet serves for this provider; null when the provider's own does (Stripe.js). */
  readonly cardForm: HostedCardForm | null;
  /** Payouts through the provider to hosts' connected accounts; null when the admin pays by bank. */
  readonly connect: ConnectPayouts | null;

  /** A payment of `amountCents`, confirmed later by the guest's card (hourly bookings). */
  createPayment(input: {
    amountCents: number;
    idempotencyKey: string;
    metadata: PaymentMetadata;
    email?: string;
    /**
     * With `connect`: the charge's transfer group (its booking's transfers name it) and the
     * platform's fee on it, kept when the rest is transferred to the host.
     */
    transferGroup?: string;
    applicationFeeCents?: number;
  }): Promise<CreatedIntent>;

  /** A card collected now and saved for later off-session charges (minimum spend: card on file). */
  collectCard(input: {
    idempotencyKey: string;
    metadata: PaymentMetadata;
    email?: string;
  }): Promise<CreatedIntent>;

  /** Charges a saved card with the guest away; declines come back as a failed result, not a throw. */
  chargeSavedCard(input: SavedCardCharge): Promise<ChargeResult>;

  /** Refunds part or all of a succeeded payment. */
  refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<RefundResult>;

  /** Cancels an open payment or setup (a cancelled or released booking); a finished one is left alone. */
  cancel(providerId: string): Promise<void>;

  /** The provider's current state of a payment or setup (null when it does not know the id). */
  retrieve(providerId: string): Promise<ProviderPaymentState | null>;

  /**
   * Verifies a webhook (signature over the raw body, timestamp tolerance) and normalises it.
   * Throws an AppError 'invalid' on a bad signature or stale timestamp.
   */
  parseEvent(rawBody: string, headers: Headers): Promise<ProviderEvent>;
}
