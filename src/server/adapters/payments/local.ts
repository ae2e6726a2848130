/**
 * The built-in card processor (PAYMENT_PROVIDER=local, the default): a stand-in for a card
 * provider that needs no outside service. It keeps intents, saved cards and refunds in its own
 * tables and behaves like Stripe's test cards:
 *
 *   4242 4242 4242 4242  succeeds
 *   4000 0000 0000 0002  declined (card_declined)
 *   4000 0000 0000 9995  declined (insufficient_funds)
 *   4000 0025 0000 3155  needs authentication when paid or set up on-session, then charges off-session
 *   4000 0027 6000 3184  always needs authentication (off-session: authentication_required)
 *   any other Luhn-valid number succeeds; a Luhn-invalid one is refused (incorrect_number)
 *
 * The browser sends the card to /api/local-processor/confirm (the provider's hosted field);
 * only the brand and last 4 digits are kept, never the number or the CVC.
 *
 * Its records are kept by the store it is given (local-store.ts: the database, in the caller's
 * transaction), its card rules are in local-cards.ts; it serves its own card form (`cardForm`,
 * the HostedCardForm of types.ts), which Stripe leaves to Stripe.js.
 */
import type { LocalCard } from '@/domain/contract/payments';
import { randomBytes } from 'node:crypto';
import { cardBrand } from '@/domain/payments';
import { conflict, invalid, notFound } from '@/domain/errors';
import type {
  ChargeResult,
  CreatedIntent,
  HostedCardForm,
  PaymentMetadata,
  PaymentProvider,
  ProviderEvent,
  ProviderPaymentState,
  SavedCardCharge,
  RefundResult,
} from './types';
import {
  checkCard,
  LOCAL_MESSAGES,
  OPEN_STATUSES,
  TEST_CARDS,
  type LocalConfirmResult,
  type LocalDeclineCode,
} from './local-cards';
import type { LocalIntent, LocalProcessorStore } from './local-store';

export { checkCard, LOCAL_MESSAGES, type LocalConfirmResult, type LocalDeclineCode } from './local-cards';

const token = (bytes = 12) => randomBytes(bytes).toString('hex');

export class LocalPaymentProvider implements PaymentProvider, HostedCardForm {
  readonly name = 'local' as const;
  readonly publishableKey = null;
  /** The card form is this processor's own (/api/local-processor/*). */
  readonly cardForm: HostedCardForm = this;
  /** The admin pays hosts by bank transfer and records it (decision 79). */
  readonly connect = null;

  constructor(private readonly store: LocalProcessorStore) {}

  private createIntent(
    kind: 'payment' | 'setup',
    amountCents: number,
    idempotencyKey: string,
    metadata: PaymentMetadata,
  ): Promise<LocalIntent> {
    const id = `${kind === 'payment' ? 'pi' : 'seti'}_local_${token()}`;
    return this.store.putIntent({
      id,
      kind,
      client_secret: `${id}_secret_${token(16)}`,
      amount_cents: amountCents,
      status: 'requires_payment_method',
      metadata,
      idempotency_key: idempotencyKey,
    });
  }

  async createPayment(input: {
    amountCents: number;
    idempotencyKey: string;
    metadata: PaymentMetadata;
  }): Promise<CreatedIntent> {
    const row = await this.createIntent('payment', input.amountCents, input.idempotencyKey, input.metadata);
    return { providerId: row.id, clientSecret: row.client_secret, status: row.status, customerId: null };
  }

  async collectCard(input: { idempotencyKey: string; metadata: PaymentMetadata }): Promise<CreatedIntent> {
    const row = await this.createIntent('setup', 0, input.idempotencyKey, input.metadata);
    return { providerId: row.id, clientSecret: row.client_secret, status: row.status, customerId: null };
  }

  async chargeSavedCard(input: SavedCardCharge): Promise<ChargeResult> {
    const existing = await this.store.intentByKey(input.idempotencyKey);
    const pm = await this.store.savedCard(input.paymentMethodId);
    const card = pm ? { brand: pm.brand, last4: pm.last4 } : null;
    if (existing) return this.chargeResult(existing, card);
    if (!pm) {
      return {
        providerId: null,
        status: 'failed',
        failureCode: 'resource_missing',
        failureMessage: 'No saved card was found for this booking.',
        card: null,
      };
    }
    const needsAuth = pm.behaviour === 'auth_always';
    const id = `pi_local_${token()}`;
    const row = await this.store.putIntent({
      id,
      kind: 'payment',
      client_secret: `${id}_secret_${token(16)}`,
      amount_cents: input.amountCents,
      status: needsAuth ? 'failed' : 'succeeded',
      off_session: true,
      payment_method_id: pm.id,
      last_error_code: needsAuth ? 'authentication_required' : null,
      last_error_message: needsAuth ? LOCAL_MESSAGES.authentication_required : null,
      metadata: input.metadata,
      idempotency_key: input.idempotencyKey,
    });
    return this.chargeResult(row, card);
  }

  private chargeResult(row: LocalIntent, card: ChargeResult['card']): ChargeResult {
    return {
      providerId: row.id,
      status: row.status === 'succeeded' ? 'succeeded' : 'failed',
      failureCode: row.last_error_code,
      failureMessage: row.last_error_message,
      card,
    };
  }

  async refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<RefundResult> {
    const done = await this.store.refundByKey(input.idempotencyKey);
    if (done) return { providerRefundId: done.id, status: 'succeeded' };
    const intent = await this.store.intent(input.providerPaymentId, { lock: true });
    if (!intent || intent.kind !== 'payment') throw notFound('No such payment.');
    if (intent.status !== 'succeeded') throw conflict('Only a succeeded payment can be refunded.');
    const refunded = await this.store.refundedCents(intent.id);
    if (input.amountCents <= 0 || refunded + input.amountCents > intent.amount_cents) {
      throw invalid('A refund cannot exceed what was paid.');
    }
    const id = `re_local_${token()}`;
    await this.store.addRefund({
      id,
      intent_id: intent.id,
      amount_cents: input.amountCents,
      status: 'succeeded',
      idempotency_key: input.idempotencyKey,
    });
    return { providerRefundId: id, status: 'succeeded' };
  }

  async cancel(providerId: string): Promise<void> {
    await this.store.updateIntent(providerId, { status: 'canceled' }, OPEN_STATUSES);
  }

  async retrieve(providerId: string): Promise<ProviderPaymentState | null> {
    const row = await this.store.intent(providerId);
    return row ? this.stateOf(row) : null;
  }

  async parseEvent(): Promise<ProviderEvent> {
    throw notFound('Provider webhooks are not used with the built-in card processor.');
  }

  /* ---------- the card form's side (HostedCardForm) ---------- */

  /** The intent a client secret belongs to, locked for the confirmation (404 when unknown). */
  private async intentForSecret(clientSecret: string, intentId?: string): Promise<LocalIntent> {
    const row = await this.store.intentBySecret(clientSecret, intentId);
    if (!row) throw notFound('No such payment. Start the payment again.');
    return row;
  }

  async confirm(clientSecret: string, card: LocalCard, now: Date): Promise<LocalConfirmResult> {
    const intent = await this.intentForSecret(clientSecret);
    if (intent.status === 'succeeded') return { status: 'succeeded', intent_id: intent.id };
    if (intent.status === 'canceled') throw conflict('This payment was canceled.', 'PAYMENT_CANCELED');
    const problem = checkCard(card, now);
    if (problem) return this.fail(intent, problem, false);
    const digits = card.number.replace(/[\s-]/g, '');
    const behaviour = TEST_CARDS[digits] ?? 'ok';
    if (behaviour === 'declined') return this.fail(intent, 'card_declined', true);
    if (behaviour === 'insufficient_funds') return this.fail(intent, 'insufficient_funds', true);

    const pmId = `pm_local_${token()}`;
    await this.store.addSavedCard({
      id: pmId,
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      exp_month: card.exp_month,
      exp_year: card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year,
      behaviour,
    });
    if (behaviour === 'auth_once' || behaviour === 'auth_always') {
      await this.store.updateIntent(intent.id, {
        status: 'requires_action',
        pending_payment_method_id: pmId,
        last_error_code: null,
        last_error_message: null,
      });
      return { status: 'requires_action', intent_id: intent.id };
    }
    await this.succeed(intent.id, pmId);
    return { status: 'succeeded', intent_id: intent.id };
  }

  async authenticate(
    clientSecret: string,
    intentId: string,
    outcome: 'complete' | 'fail',
  ): Promise<LocalConfirmResult> {
    const intent = await this.intentForSecret(clientSecret, intentId);
    if (intent.status === 'succeeded') return { status: 'succeeded', intent_id: intent.id };
    if (intent.status !== 'requires_action' || !intent.pending_payment_method_id) {
      throw conflict('This payment is not waiting for authentication.', 'NOT_REQUIRES_ACTION');
    }
    if (outcome === 'fail') return this.fail(intent, 'authentication_failed', true);
    await this.succeed(intent.id, intent.pending_payment_method_id);
    return { status: 'succeeded', intent_id: intent.id };
  }

  private succeed(intentId: string, pmId: string) {
    return this.store.updateIntent(intentId, {
      status: 'succeeded',
      payment_method_id: pmId,
      pending_payment_method_id: null,
      last_error_code: null,
      last_error_message: null,
    });
  }

  /** A failed attempt: the intent waits for another card (like Stripe's requires_payment_method). */
  private async fail(
    intent: LocalIntent,
    code: LocalDeclineCode,
    record: boolean,
  ): Promise<LocalConfirmResult> {
    if (record) {
      await this.store.updateIntent(intent.id, {
        status: 'requires_payment_method',
        pending_payment_method_id: null,
        last_error_code: code,
        last_error_message: LOCAL_MESSAGES[code],
      });
    }
    return { status: 'failed', intent_id: intent.id, error: { code, message: LOCAL_MESSAGES[code] } };
  }

  private async stateOf(row: LocalIntent): Promise<ProviderPaymentState> {
    const pm = row.payment_method_id ? await this.store.savedCard(row.payment_method_id) : undefined;
    return {
      providerId: row.id,
      kind: row.kind,
      status: row.status,
      amountCents: row.amount_cents,
      paymentMethodId: row.payment_method_id,
      customerId: null,
      card: pm ? { brand: pm.brand, last4: pm.last4 } : null,
      failureCode: row.last_error_code,
      failureMessage: row.last_error_message,
      metadata: row.metadata,
    };
  }
}
