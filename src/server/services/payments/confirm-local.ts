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
import { payments } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import type { HostedCardForm } from '../../adapters/payments/types';
import type { LocalConfirmResult } from '../../adapters/payments/local-cards';
import { recordProviderState } from './record-paid';

/** The provider's card form Velvet serves (404 when the provider collects cards itself). */
function cardForm(ctx: AppContext): HostedCardForm {
  const form = ctx.payments.cardForm;
  if (!form) throw notFound('The built-in card processor is not enabled (PAYMENT_PROVIDER is not local).');
  return form;
}

async function settle(ctx: AppContext, tx: Tx, result: LocalConfirmResult) {
  const intent = (await ctx.payments.retrieve(result.intent_id))!;
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
          eq(payments.provider, ctx.payments.name),
          eq(payments.provider_id, result.intent_id),
          ne(payments.status, 'succeeded'),
        ),
      );
  }
  return result;
}

export async function confirmLocal(ctx: AppContext, input: LocalConfirmInput): Promise<LocalConfirmResult> {
  const form = cardForm(ctx);
  return inTransaction(ctx.db, async (tx) =>
    settle(ctx, tx, await form.confirm(input.client_secret, input.card, ctx.now())),
  );
}

export async function authenticateLocal(
  ctx: AppContext,
  intentId: string,
  input: LocalAuthenticateInput,
): Promise<LocalConfirmResult> {
  const form = cardForm(ctx);
  return inTransaction(ctx.db, async (tx) =>
    settle(ctx, tx, await form.authenticate(input.client_secret, intentId, input.outcome)),
  );
}
