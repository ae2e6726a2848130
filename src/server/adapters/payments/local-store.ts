/**
 * The built-in card processor's records — intents, saved cards, refunds — behind the interface
 * the processor owns (LocalProcessorStore), so the processor, like any provider, is handed no
 * database: services call `ctx.payments` with their input only.
 *
 * The records must still commit or roll back with the payment row that refers to them, so the
 * database store joins the transaction `inTransaction` is running on its database in the
 * caller's async context (`transactionInProgress`), and uses the database itself outside one.
 * (On PGlite a statement outside the running transaction would wait for it to end.)
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { localIntents, localPaymentMethods, localRefunds, type LocalIntent } from '../../db/schema';
import { transactionInProgress } from '../../db/transaction';
import type { PaymentStatus } from './types';

export type { LocalIntent };
export type NewLocalIntent = typeof localIntents.$inferInsert;
export type LocalSavedCard = typeof localPaymentMethods.$inferSelect;
export type NewLocalSavedCard = typeof localPaymentMethods.$inferInsert;
export type LocalRefund = typeof localRefunds.$inferSelect;
export type NewLocalRefund = typeof localRefunds.$inferInsert;

export interface LocalProcessorStore {
  /** Adds an intent unless one has its idempotency key; returns the intent of that key. */
  putIntent(intent: NewLocalIntent): Promise<LocalIntent>;
  intentByKey(idempotencyKey: string): Promise<LocalIntent | undefined>;
  /** An intent by id; `lock` holds it (FOR UPDATE) until the transaction ends. */
  intent(id: string, opts?: { lock?: boolean }): Promise<LocalIntent | undefined>;
  /** The intent of a client secret (and of that id, when given), locked for the confirmation. */
  intentBySecret(clientSecret: string, id?: string): Promise<LocalIntent | undefined>;
  /** Changes an intent (and its updated_at) — only while its status is one of `onlyFrom`, if given. */
  updateIntent(
    id: string,
    changes: Partial<NewLocalIntent>,
    onlyFrom?: readonly PaymentStatus[],
  ): Promise<void>;
  savedCard(id: string): Promise<LocalSavedCard | undefined>;
  addSavedCard(card: NewLocalSavedCard): Promise<void>;
  refundByKey(idempotencyKey: string): Promise<LocalRefund | undefined>;
  /** What was refunded of an intent so far. */
  refundedCents(intentId: string): Promise<number>;
  addRefund(refund: NewLocalRefund): Promise<void>;
}

/** The store in the database's local_* tables, in the caller's transaction when there is one. */
export class DatabaseLocalStore implements LocalProcessorStore {
  constructor(private readonly db: Db) {}

  private get handle(): DbOrTx {
    return transactionInProgress(this.db) ?? this.db;
  }

  async putIntent(intent: NewLocalIntent): Promise<LocalIntent> {
    await this.handle
      .insert(localIntents)
      .values(intent)
      .onConflictDoNothing({ target: localIntents.idempotency_key });
    return (await this.intentByKey(intent.idempotency_key))!;
  }

  async intentByKey(idempotencyKey: string) {
    const [row] = await this.handle
      .select()
      .from(localIntents)
      .where(eq(localIntents.idempotency_key, idempotencyKey));
    return row;
  }

  async intent(id: string, { lock = false } = {}) {
    const query = this.handle.select().from(localIntents).where(eq(localIntents.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async intentBySecret(clientSecret: string, id?: string) {
    const where = id
      ? and(eq(localIntents.client_secret, clientSecret), eq(localIntents.id, id))
      : eq(localIntents.client_secret, clientSecret);
    const [row] = await this.handle.select().from(localIntents).where(where).for('update');
    return row;
  }

  async updateIntent(id: string, changes: Partial<NewLocalIntent>, onlyFrom?: readonly PaymentStatus[]) {
    await this.handle
      .update(localIntents)
      .set({ ...changes, updated_at: sql`now()` })
      .where(
        and(eq(localIntents.id, id), onlyFrom ? inArray(localIntents.status, [...onlyFrom]) : undefined),
      );
  }

  async savedCard(id: string) {
    const [row] = await this.handle.select().from(localPaymentMethods).where(eq(localPaymentMethods.id, id));
    return row;
  }

  async addSavedCard(card: NewLocalSavedCard) {
    await this.handle.insert(localPaymentMethods).values(card);
  }

  async refundByKey(idempotencyKey: string) {
    const [row] = await this.handle
      .select()
      .from(localRefunds)
      .where(eq(localRefunds.idempotency_key, idempotencyKey));
    return row;
  }

  async refundedCents(intentId: string) {
    const [row] = await this.handle
      .select({ refunded: sql<number>`coalesce(sum(${localRefunds.amount_cents}), 0)`.mapWith(Number) })
      .from(localRefunds)
      .where(eq(localRefunds.intent_id, intentId));
    return row?.refunded ?? 0;
  }

  async addRefund(refund: NewLocalRefund) {
    await this.handle.insert(localRefunds).values(refund);
  }
}
