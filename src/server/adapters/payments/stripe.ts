/**
 * Stripe (PAYMENT_PROVIDER=stripe): PaymentIntents for hourly bookings, SetupIntents with a
 * Customer and a saved PaymentMethod for minimum spend, off-session PaymentIntents for
 * additional charges, refunds, and webhooks verified with `stripe.webhooks.constructEvent` on
 * the raw body. Every create, charge and refund carries an idempotency key, so a retried
 * transaction gets the same Stripe object back. Connect (decision 88): hosts' Express accounts
 * through Stripe-hosted onboarding, transfers after the hold window and their reversals. STRIPE_API_HOST/PORT/PROTOCOL point the SDK
 * at a stand-in API in tests.
 */
import type Stripe from 'stripe';
import { invalid } from '@/domain/errors';
import type {
  CardSummary,
  ChargeResult,
  ConnectPayouts,
  CreatedIntent,
  PaymentMetadata,
  PaymentProvider,
  SavedCardCharge,
  PaymentStatus,
  ProviderEvent,
  ProviderPaymentState,
  RefundResult,
} from './types';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** The Connect endpoint's secret (connected accounts' events), when it has its own. */
  connectWebhookSecret?: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

const STATUS: Record<string, PaymentStatus> = {
  requires_payment_method: 'requires_payment_method',
  requires_confirmation: 'requires_payment_method',
  requires_action: 'requires_action',
  requires_capture: 'processing',
  processing: 'processing',
  succeeded: 'succeeded',
  canceled: 'canceled',
};

const idOf = (v: string | { id: string } | null | undefined) =>
  v == null ? null : typeof v === 'string' ? v : v.id;

function cardOf(pm: string | Stripe.PaymentMethod | null | undefined): CardSummary | null {
  if (!pm || typeof pm === 'string' || !pm.card) return null;
  return { brand: pm.card.brand, last4: pm.card.last4 };
}

export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  /** Stripe.js collects the card in the browser: Velvet serves no card form. */
  readonly cardForm = null;
  /** Stripe Connect: hosts' Express accounts, transfers and their reversals (decision 88). */
  readonly connect: ConnectPayouts = {
    createAccount: async ({ email, hostId, idempotencyKey }) => {
      const account = await this.stripe.accounts.create(
        {
          type: 'express',
          email,
          capabilities: { transfers: { requested: true } },
          metadata: { host_id: hostId },
        },
        { idempotencyKey },
      );
      return account.id;
    },
    onboardingLink: async ({ accountId, returnUrl, refreshUrl }) => {
      const link = await this.stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return link.url;
    },
    transfer: async ({ destination, amountCents, idempotencyKey, transferGroup, metadata }) => {
      const transfer = await this.stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination, transfer_group: transferGroup, metadata },
        { idempotencyKey },
      );
      return transfer.id;
    },
    reverseTransfer: async ({ transferId, amountCents, idempotencyKey }) => {
      const reversal = await this.stripe.transfers.createReversal(
        transferId,
        { amount: amountCents },
        { idempotencyKey },
      );
      return reversal.id;
    },
  };
  readonly stripe: Stripe;
  private readonly webhookSecrets: string[];

  /**
   * Loads the Stripe SDK (only when Stripe is the provider: ~120 ms of CPU a start on the
   * built-in processor does not need, decision 33) and makes the provider.
   */
  static async create(settings: StripeSettings): Promise<StripePaymentProvider> {
    const { default: sdk } = await import('stripe');
    return new StripePaymentProvider(settings, sdk);
  }

  constructor(
    settings: StripeSettings,
    private readonly sdk: typeof Stripe,
  ) {
    this.publishableKey = settings.publishableKey;
    this.webhookSecrets = [
      settings.webhookSecret,
      ...(settings.connectWebhookSecret ? [settings.connectWebhookSecret] : []),
    ];
    this.stripe = new sdk(settings.secretKey, {
      ...(settings.host ? { host: settings.host } : {}),
      ...(settings.port ? { port: settings.port } : {}),
      ...(settings.protocol ? { protocol: settings.protocol } : {}),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Velvet' },
    });
  }

  async createPayment(input: {
    amountCents: number;
    idempotencyKey: string;
    metadata: PaymentMetadata;
    transferGroup?: string;
    applicationFeeCents?: number;
  }): Promise<CreatedIntent> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        // Separate charges and transfers (decision 88): the charge is the platform's, in the
        // booking's transfer group, with the fee the platform keeps when it transfers the rest.
        ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
        metadata: {
          ...input.metadata,
          ...(input.applicationFeeCents != null
            ? { application_fee_cents: String(input.applicationFeeCents) }
            : {}),
        },
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return {
      providerId: pi.id,
      clientSecret: pi.client_secret ?? '',
      status: STATUS[pi.status] ?? 'processing',
    };
  }

  async collectCard(input: {
    idempotencyKey: string;
    metadata: PaymentMetadata;
    email?: string;
  }): Promise<CreatedIntent> {
    const customer = await this.stripe.customers.create(
      { ...(input.email ? { email: input.email } : {}), metadata: input.metadata },
      { idempotencyKey: `${input.idempotencyKey}:customer` },
    );
    const si = await this.stripe.setupIntents.create(
      {
        customer: customer.id,
        usage: 'off_session',
        automatic_payment_methods: { enabled: true },
        metadata: input.metadata,
      },
      { idempotencyKey: input.idempotencyKey },
    );
    return {
      providerId: si.id,
      clientSecret: si.client_secret ?? '',
      status: STATUS[si.status] ?? 'processing',
      customerId: customer.id,
    };
  }

  async chargeSavedCard(input: SavedCardCharge): Promise<ChargeResult> {
    try {
      const pi = await this.stripe.paymentIntents.create(
        {
          amount: input.amountCents,
          currency: 'usd',
          ...(input.customerId ? { customer: input.customerId } : {}),
          payment_method: input.paymentMethodId,
          off_session: true,
          confirm: true,
          ...(input.description ? { description: input.description } : {}),
          ...(input.transferGroup ? { transfer_group: input.transferGroup } : {}),
          metadata: input.metadata,
          expand: ['payment_method'],
        },
        { idempotencyKey: input.idempotencyKey },
      );
      const status = STATUS[pi.status];
      return {
        providerId: pi.id,
        status: status === 'succeeded' ? 'succeeded' : status === 'processing' ? 'processing' : 'failed',
        failureCode:
          pi.last_payment_error?.code ??
          (status === 'succeeded' || status === 'processing' ? null : pi.status),
        failureMessage: pi.last_payment_error?.message ?? null,
        card: cardOf(pi.payment_method),
      };
    } catch (err) {
      if (
        err instanceof this.sdk.errors.StripeCardError ||
        (err as { type?: string }).type === 'StripeCardError'
      ) {
        const e = err as Stripe.errors.StripeError;
        return {
          providerId: e.payment_intent?.id ?? null,
          status: 'failed',
          failureCode: e.code ?? 'card_declined',
          failureMessage: e.message,
          card: null,
        };
      }
      throw err;
    }
  }

  async refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<RefundResult> {
    const refund = await this.stripe.refunds.create(
      { payment_intent: input.providerPaymentId, amount: input.amountCents },
      { idempotencyKey: input.idempotencyKey },
    );
    const status =
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending';
    return { providerRefundId: refund.id, status };
  }

  async cancel(providerId: string): Promise<void> {
    try {
      if (providerId.startsWith('seti_')) await this.stripe.setupIntents.cancel(providerId);
      else await this.stripe.paymentIntents.cancel(providerId);
    } catch (err) {
      // Already succeeded or canceled: nothing to cancel.
      if ((err as { type?: string }).type === 'StripeInvalidRequestError') return;
      throw err;
    }
  }

  async retrieve(providerId: string): Promise<ProviderPaymentState | null> {
    try {
      if (providerId.startsWith('seti_')) {
        const si = await this.stripe.setupIntents.retrieve(providerId, { expand: ['payment_method'] });
        return this.setupState(si);
      }
      const pi = await this.stripe.paymentIntents.retrieve(providerId, { expand: ['payment_method'] });
      return this.paymentState(pi);
    } catch (err) {
      if ((err as { statusCode?: number }).statusCode === 404) return null;
      throw err;
    }
  }

  paymentState(pi: Stripe.PaymentIntent): ProviderPaymentState {
    return {
      providerId: pi.id,
      kind: 'payment',
      status: STATUS[pi.status] ?? 'processing',
      amountCents: pi.amount,
      paymentMethodId: idOf(pi.payment_method),
      customerId: idOf(pi.customer as string | { id: string } | null),
      card: cardOf(pi.payment_method),
      failureCode: pi.last_payment_error?.code ?? null,
      failureMessage: pi.last_payment_error?.message ?? null,
      metadata: { ...pi.metadata },
    };
  }

  setupState(si: Stripe.SetupIntent): ProviderPaymentState {
    return {
      providerId: si.id,
      kind: 'setup',
      status: STATUS[si.status] ?? 'processing',
      amountCents: 0,
      paymentMethodId: idOf(si.payment_method),
      customerId: idOf(si.customer as string | { id: string } | null),
      card: cardOf(si.payment_method),
      failureCode: si.last_setup_error?.code ?? null,
      failureMessage: si.last_setup_error?.message ?? null,
      metadata: { ...(si.metadata ?? {}) },
    };
  }

  async parseEvent(rawBody: string, headers: Headers): Promise<ProviderEvent> {
    const signature = headers.get('stripe-signature');
    if (!signature) throw invalid('Missing Stripe-Signature header.', undefined, 'BAD_SIGNATURE');
    // The platform's endpoint, or the Connect endpoint (its own secret) pointed at the same URL.
    let event: Stripe.Event | undefined;
    let failure: Error | undefined;
    for (const secret of this.webhookSecrets) {
      try {
        event = this.stripe.webhooks.constructEvent(rawBody, signature, secret);
        break;
      } catch (err) {
        failure ??= err as Error;
      }
    }
    if (!event) {
      throw invalid(`Webhook signature verification failed: ${failure?.message}`, undefined, 'BAD_SIGNATURE');
    }
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed':
      case 'payment_intent.processing':
      case 'payment_intent.canceled':
        return { type: 'payment.updated', eventId: event.id, state: this.paymentState(event.data.object) };
      case 'setup_intent.succeeded':
      case 'setup_intent.setup_failed':
      case 'setup_intent.canceled':
        return { type: 'payment.updated', eventId: event.id, state: this.setupState(event.data.object) };
      case 'charge.refunded': {
        const pi = idOf(event.data.object.payment_intent as string | { id: string } | null);
        return pi
          ? { type: 'refund.updated', eventId: event.id, providerPaymentId: pi }
          : { type: 'ignored', eventId: event.id, providerType: event.type };
      }
      case 'account.updated': {
        const account = event.data.object;
        return {
          type: 'account.updated',
          eventId: event.id,
          accountId: account.id,
          payoutsEnabled: account.payouts_enabled === true,
          detailsSubmitted: account.details_submitted === true,
          occurredAt: new Date(event.created * 1000),
        };
      }
      default:
        return { type: 'ignored', eventId: event.id, providerType: event.type };
    }
  }
}
