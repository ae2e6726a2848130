/**
 * The built-in processor's card form: confirm an intent with a card, and the bank's
 * authentication challenge. On success the booking is recorded as paid / card on file in the
 * same transaction (the local processor is its own webhook); a decline is recorded on the
 * payment so the admin sees it and the guest may try another card.
 */
import { eq, sql, and, ne } from 'drizzle-orm';
import { notFound } from '@/domain/errors';
import type { LocalAuthenticateInput, LocalConfirmInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Tx } from '../../db/client';
import { payments, type LocalIntent } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { LocalPaymentProvider, type LocalConfirmResult } from '../../adapters/payments/local';
import { recordProviderState } from './record-paid';

function localProvider(ctx: AppContext): LocalPaymentProvider {
  if (!(ctx.payments instanceof LocalPaymentProvider)) {
    throw notFound('The built-in card processor is not enabled (PAYMENT_PROVIDER is not local).');
  }
  return ctx.payments;
}

async function settle(
  ctx: AppContext,
  tx: Tx,
  local: LocalPaymentProvider,
  intentId: string,
  result: LocalConfirmResult,
) {
  const intent = (await local.retrieve(tx, intentId))!;
  if (result.status === 'succeeded') {
    await recordProviderState(ctx, tx, intent);
  } else {
    await tx
      .update(payments)
      .set({
        status: result.status === 'requires_action' ? 'requires_action' : 'requires_payment_method',
        failure_code: result.error?.code ?? null,
        failure_message: result.error?.message ?? null,
        updated_at: sql`now()`,
      })
      .where(
        and(
          eq(payments.provider, 'local'),
          eq(payments.provider_id, intentId),
          ne(payments.status, 'succeeded'),
        ),
      );
  }
  return result;
}

export async function confirmLocal(ctx: AppContext, input: LocalConfirmInput): Promise<LocalConfirmResult> {
  const local = localProvider(ctx);
  return inTransaction(ctx.db, async (tx) => {
    const intent: LocalIntent = await local.intentForSecret(tx, input.client_secret);
    const result = await local.confirm(tx, intent, input.card, ctx.now());
    return settle(ctx, tx, local, intent.id, result);
  });
}

export async function authenticateLocal(
  ctx: AppContext,
  intentId: string,
  input: LocalAuthenticateInput,
): Promise<LocalConfirmResult> {
  const local = localProvider(ctx);
  return inTransaction(ctx.db, async (tx) => {
    const intent = await local.intentForSecret(tx, input.client_secret, intentId);
    const result = await local.authenticate(tx, intent, input.outcome);
    return settle(ctx, tx, local, intent.id, result);
  });
}
