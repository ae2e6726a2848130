/** The admin's built-in mailbox: the newest messages of the email outbox (SPEC §2 admin email tabs). */
import { desc } from 'drizzle-orm';
import type { AppContext } from '../context';
import { emailOutbox } from '../db/schema';
import { attachmentsOfMessages } from '../mail/outbox';

import { MAILBOX_MAX_LIMIT } from '@/domain/schemas';

/** The newest `limit` messages (1 to 200), newest first, and the transport that sends them. */
export async function recentMail(ctx: AppContext, limit: number) {
  const messages = await ctx.db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.created_at))
    .limit(Math.min(MAILBOX_MAX_LIMIT, Math.max(1, limit)));
  const files = await attachmentsOfMessages(
    ctx.db,
    messages.map((m) => m.id),
  );
  return {
    messages: messages.map((m) => ({ ...m, attachments: files.get(m.id) ?? [] })),
    transport: ctx.mail.name,
  };
}
