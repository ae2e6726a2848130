import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { LocalPaymentProvider } from './local';
import { DatabaseLocalStore } from './local-store';
import { StripePaymentProvider } from './stripe';
import type { PaymentProvider } from './types';

export type { HostedCardForm, PaymentProvider } from './types';
export { LocalPaymentProvider } from './local';
export { StripePaymentProvider } from './stripe';

/**
 * The provider PAYMENT_PROVIDER names (config has checked the Stripe keys are there). The
 * built-in processor keeps its records in `db` (its local_* tables).
 */
export async function createPaymentProvider(config: Config, db: Db): Promise<PaymentProvider> {
  if (config.PAYMENT_PROVIDER === 'stripe') {
    return StripePaymentProvider.create({
      secretKey: config.STRIPE_SECRET_KEY!,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY!,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
      connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET,
      host: config.STRIPE_API_HOST,
      port: config.STRIPE_API_PORT,
      protocol: config.STRIPE_API_PROTOCOL,
    });
  }
  return new LocalPaymentProvider(new DatabaseLocalStore(db));
}
