/**
 * The built-in card processor is handed no database (adapters/payments/local-store.ts): its
 * records still join the transaction the calling service runs, so they commit or roll back with
 * the payment row that refers to them. (Were they written beside it instead, PGlite would wait
 * for the transaction to end and never answer; PostgreSQL would keep an intent nothing refers to.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { localIntents } from '../src/server/db/schema';
import { inTransaction } from '../src/server/db/transaction';
import { createTestEnv, type TestEnv } from './support/env';
import { countLocalIntents } from './support/payments-fixtures';

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  await env.close();
});

const intentInput = (key: string) => ({
  amountCents: 12_000,
  idempotencyKey: key,
  metadata: { booking_id: '00000000-0000-4000-8000-000000000000' },
});

describe('the built-in processor writes in the caller’s transaction', () => {
  it('its intent is seen by that transaction and rolls back with it', async () => {
    const before = await countLocalIntents(env);
    const failure = inTransaction(env.ctx.db, async (tx) => {
      const intent = await env.ctx.payments.createPayment(intentInput('local-tx-rolled-back'));
      const [row] = await tx.select().from(localIntents).where(eq(localIntents.id, intent.providerId));
      expect(row?.status).toBe('requires_payment_method');
      throw new Error('the service failed after the provider call');
    });
    await expect(failure).rejects.toThrow('the service failed after the provider call');
    expect(await countLocalIntents(env)).toBe(before);
  });

  it('its intent commits with that transaction, and is read outside one', async () => {
    const intent = await inTransaction(env.ctx.db, () =>
      env.ctx.payments.createPayment(intentInput('local-tx-committed')),
    );
    expect((await env.ctx.payments.retrieve(intent.providerId))?.status).toBe('requires_payment_method');
    await inTransaction(env.ctx.db, () => env.ctx.payments.cancel(intent.providerId));
    expect((await env.ctx.payments.retrieve(intent.providerId))?.status).toBe('canceled');
  });
});
