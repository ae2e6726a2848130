/** The outbox as the admin's Operations tab shows it: paged and filtered, retry and cancel. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { conflict, notFound } from '@/domain/errors';
import type { Page } from '@/domain/contract';
import type { OutboxQuery } from '@/domain/schemas';
import type { AppContext } from '../../context';
import { emailOutbox, type OutboxMessage } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

/* ---------- outbox ---------- */
export type OutboxListItem = Omit<OutboxMessage, 'from_candidates'> & { senders: string[] };

const listItem = ({ from_candidates, ...row }: OutboxMessage): OutboxListItem => ({
  ...row,
  senders: from_candidates,
});

/** The outbox, filtered, sorted and paged by the database; with a count per status. */
export async function listOutbox(
  ctx: AppContext,
  q: OutboxQuery,
): Promise<Page<OutboxListItem> & { counts: Record<string, number>; transport: string }> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(emailOutbox.status, q.status));
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    conditions.push(or(ilike(emailOutbox.to, like), ilike(emailOutbox.subject, like))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const order =
    q.sort === 'oldest'
      ? [asc(emailOutbox.created_at), asc(emailOutbox.id)]
      : [desc(emailOutbox.created_at), desc(emailOutbox.id)];
  const [rows, [total], byStatus] = await Promise.all([
    ctx.db
      .select()
      .from(emailOutbox)
      .where(where)
      .orderBy(...order)
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db.select({ n: count() }).from(emailOutbox).where(where),
    ctx.db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
  ]);
  return {
    items: rows.map(listItem),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
    counts: Object.fromEntries(byStatus.map((r) => [r.status, r.n])),
    transport: ctx.mail.name,
  };
}

/** Sends a failed, uncertain or cancelled message again (as new: attempts start over). */
export async function retryOutboxMessage(ctx: AppContext, id: string): Promise<OutboxListItem> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
    if (!row) throw notFound('Message not found.');
    if (row.status === 'sent') throw conflict('This message was already sent.', 'ALREADY_SENT');
    if (row.status === 'sending') throw conflict('This message is being sent right now.', 'SENDING');
    const [updated] = await tx
      .update(emailOutbox)
      .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, lease_expires_at: null })
      .where(eq(emailOutbox.id, id))
      .returning();
    return listItem(updated!);
  });
}

/** Stops a message that has not been sent from being sent. */
export async function cancelOutboxMessage(ctx: AppContext, id: string): Promise<OutboxListItem> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
    if (!row) throw notFound('Message not found.');
    if (row.status === 'sent') throw conflict('This message was already sent.', 'ALREADY_SENT');
    if (row.status === 'sending') throw conflict('This message is being sent right now.', 'SENDING');
    if (row.status === 'cancelled') return listItem(row);
    const [updated] = await tx
      .update(emailOutbox)
      .set({ status: 'cancelled', lease_expires_at: null })
      .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['pending', 'failed', 'uncertain'])))
      .returning();
    return listItem(updated!);
  });
}
