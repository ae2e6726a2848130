/** The admin's built-in mailbox: the newest messages of the email outbox (SPEC §2 admin email tabs). */
import { desc } from 'drizzle-orm';
import type { AppContext } from '../context';
import { emailOutbox } from '../db/schema';

export const MAILBOX_DEFAULT_LIMIT = 50;
export const MAILBOX_MAX_LIMIT = 200;

/** The newest `limit` messages (1 to 200), newest first, and the transport that sends them. */
export async function recentMail(ctx: AppContext, limit: number) {
  const messages = await ctx.db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.created_at))
    .limit(Math.min(MAILBOX_MAX_LIMIT, Math.max(1, limit)));
  return { messages, transport: ctx.mail.name };
}
