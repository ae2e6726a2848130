/**
 * The admin's email tools (SPEC §2 Email Test, Simple Email Test): messages sanitised and sent
 * through the outbox, test emails trying each sender in turn, one limit per admin.
 */
import { eq } from 'drizzle-orm';
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import type { QueuedEmail, TestEmailResult } from '@/domain/contract/operations';
import type { EmailMessage, TestEmail } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { emailOutbox, type OutboxMessage } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import type { EmailContent } from '../../mail/layout';
import { consume, type Rule } from '../rate-limit';
import { invalid } from '@/domain/errors';

/* ---------- sanitising ---------- */
let sanitizer: { run: typeof SanitizeHtml; email: SanitizeHtml.IOptions } | undefined;

/**
 * sanitize-html (a CommonJS package), required on first use: loading it costs ~100 ms of CPU
 * that a start does not need (decision 33). `email` is what an admin-written email may contain:
 * ordinary formatting, tables, images and links with inline styles; never scripts, event
 * handlers, forms, iframes or javascript: URLs.
 */
function loadSanitizer() {
  if (sanitizer) return sanitizer;
  const run = createRequire(import.meta.url)('sanitize-html') as typeof SanitizeHtml;
  sanitizer = {
    run,
    email: {
      allowedTags: [...run.defaults.allowedTags, 'img', 'span', 'font', 'center', 'h1', 'h2', 'h3', 'h4'],
      allowedAttributes: {
        '*': ['style', 'align', 'width', 'height', 'bgcolor', 'color', 'dir', 'role'],
        a: ['href', 'name', 'target', 'title'],
        img: ['src', 'alt', 'title', 'width', 'height'],
        table: ['border', 'cellpadding', 'cellspacing'],
        td: ['colspan', 'rowspan', 'valign'],
        th: ['colspan', 'rowspan', 'valign'],
      },
      allowedSchemes: ['http', 'https', 'mailto'],
      allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
      disallowedTagsMode: 'discard',
    },
  };
  return sanitizer;
}

export const sanitizeEmailHtml = (html: string) => {
  const { run, email } = loadSanitizer();
  return run(html, email);
};

/** The plain-text part of an HTML message: its text, with breaks where blocks end. */
export function htmlToText(html: string): string {
  const withBreaks = html.replace(/<\s*(br|\/p|\/div|\/h[1-6]|\/li|\/tr)\s*\/?>/gi, '$&\n');
  return loadSanitizer()
    .run(withBreaks, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/* ---------- send-email and test-email ---------- */

/** The admin's email tools share one limit per admin (EMAIL_TOOLS_PER_MINUTE). */
export const emailToolsLimit = (ctx: AppContext, viewer: Viewer) =>
  consume(
    ctx,
    [
      {
        limit: { name: 'email-tools', max: ctx.config.EMAIL_TOOLS_PER_MINUTE, windowSeconds: 60 },
        subject: viewer.profile.id,
      } satisfies Rule,
    ],
    (wait) => `Too many emails sent from the admin tools. Try again in ${wait}.`,
  );

/** The sender addresses test emails try, in order: MAIL_FROM, then MAIL_FROM_FALLBACKS. */
export const senderCandidates = (ctx: AppContext) => [
  ...new Set([ctx.config.MAIL_FROM, ...ctx.config.MAIL_FROM_FALLBACKS]),
];

const addressOf = (sender: string) => (/<([^<>]+)>\s*$/.exec(sender)?.[1] ?? sender).trim().toLowerCase();

/**
 * The configured sender (MAIL_FROM or one of MAIL_FROM_FALLBACKS) whose address the admin chose,
 * written as configured — display name included, so no other name can be put before it.
 */
function configuredSender(ctx: AppContext, from: string): string {
  const senders = senderCandidates(ctx);
  const match = senders.find((s) => addressOf(s) === addressOf(from));
  if (!match) {
    throw invalid(`The sender must be one of the configured addresses: ${senders.join(', ')}.`, 'from');
  }
  return match;
}

/** POST /api/send-email: the admin's message, sanitised, queued in the outbox. */
export async function sendEmail(ctx: AppContext, viewer: Viewer, input: EmailMessage): Promise<QueuedEmail> {
  const from = input.from ? configuredSender(ctx, input.from) : undefined;
  await emailToolsLimit(ctx, viewer);
  const html = sanitizeEmailHtml(input.html);
  const content: EmailContent = { subject: input.subject, html, text: htmlToText(html) };
  const id = await enqueueEmail(ctx.db, 'admin_message', input.to, content, {
    from: from ? [from] : [],
  });
  ctx.log.info({ id, template: 'admin_message' }, 'admin email queued');
  return { id, status: 'pending', to: input.to, subject: input.subject };
}

const testResult = (ctx: AppContext, row: OutboxMessage): TestEmailResult => ({
  id: row.id,
  status: row.status,
  success: row.status === 'sent',
  to: row.to,
  subject: row.subject,
  senders: row.from_candidates,
  sent_from: row.sent_from,
  transport: row.transport ?? ctx.mail.name,
  attempts: row.attempts,
  last_error: row.last_error,
  message_id: row.message_id,
});

/**
 * POST /api/test-email: queues a test message that tries each configured sender in turn, then
 * waits briefly for the outbox worker to report the outcome (the answer says `pending` when it
 * has not finished; the Outbox section shows what happens next).
 */
export async function sendTestEmail(
  ctx: AppContext,
  viewer: Viewer,
  input: TestEmail,
): Promise<TestEmailResult> {
  await emailToolsLimit(ctx, viewer);
  const sentAt = ctx.now().toISOString();
  const subject = input.subject ?? 'Velvet test email';
  const html = sanitizeEmailHtml(
    input.html ??
      `<p>This is a test email from Velvet, sent by the admin's email tools at ${sentAt}.</p><p>If you can read this, email delivery works.</p>`,
  );
  const id = await enqueueEmail(
    ctx.db,
    'test_email',
    input.to,
    { subject, html, text: htmlToText(html) },
    { from: senderCandidates(ctx) },
  );
  const deadline = Date.now() + ctx.config.TEST_EMAIL_WAIT_SECONDS * 1000;
  for (;;) {
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    // Settled: sent, failed for good, uncertain, or failed once and waiting for its retry.
    const settled = row!.status !== 'sending' && (row!.status !== 'pending' || row!.attempts > 0);
    if (settled || Date.now() >= deadline) return testResult(ctx, row!);
    await new Promise((r) => setTimeout(r, 150));
  }
}
