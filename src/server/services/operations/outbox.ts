/** The outbox as the admin's Operations tab shows it: paged and filtered, retry and cancel. */
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { conflict, notFound } from '@/domain/errors';
import type { Page } from '@/domain/contract';
import type { OutboxQuery } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { emailAttachments, emailOutbox, type OutboxMessage } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { attachmentsOfMessages, type AttachmentInfo } from '../../mail/outbox';

/* ---------- outbox ---------- */
export type OutboxListItem = Omit<OutboxMessage, 'from_candidates'> & {
  senders: string[];
  attachments: AttachmentInfo[];
};

/** Messages as the Operations tab lists them: their sender candidates and their files. */
async function listItems(db: DbOrTx, rows: OutboxMessage[]): Promise<OutboxListItem[]> {
  const files = await attachmentsOfMessages(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ from_candidates, ...row }) => ({
    ...row,
    senders: from_candidates,
    attachments: files.get(row.id) ?? [],
  }));
}
const listItem = async (db: DbOrTx, row: OutboxMessage) => (await listItems(db, [row]))[0]!;

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
    items: await listItems(ctx.db, rows),
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
    return listItem(tx, updated!);
  });
}

/** Stops a message that has not been sent from being sent. */
export async function cancelOutboxMessage(ctx: AppContext, id: string): Promise<OutboxListItem> {
  return inTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for('update');
    if (!row) throw notFound('Message not found.');
    if (row.status === 'sent') throw conflict('This message was already sent.', 'ALREADY_SENT');
    if (row.status === 'sending') throw conflict('This message is being sent right now.', 'SENDING');
    if (row.status === 'cancelled') return listItem(tx, row);
    const [updated] = await tx
      .update(emailOutbox)
      .set({ status: 'cancelled', lease_expires_at: null })
      .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, ['pending', 'failed', 'uncertain'])))
      .returning();
    return listItem(tx, updated!);
  });
}

export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

/**
 * A file sent with an outbox message, exactly as it was sent (decision 80): for the admin only.
 */
export async function getOutboxAttachment(ctx: AppContext, messageId: string, attachmentId: string) {
  const [file] = await ctx.db
    .select({
      filename: emailAttachments.filename,
      content_type: emailAttachments.content_type,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(and(eq(emailAttachments.id, attachmentId), eq(emailAttachments.outbox_id, messageId)));
  if (!file) throw notFound(ATTACHMENT_NOT_FOUND);
  return file;
}
