/**
 * The admin's operations tools (SPEC §2 email and debug tabs, DESIGN "honest operations tools"):
 * send-email and test-email through the outbox, the outbox itself (paged, retry, cancel), the
 * template previews, the environment (providers, never secrets) and the server's recent errors.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { createRequire } from 'node:module';
import type SanitizeHtml from 'sanitize-html';
import { conflict, notFound } from '@/domain/errors';
import type { Page } from '@/domain/contract';
import type { QueuedEmail, TemplatePreview, TestEmailResult } from '@/domain/contract/operations';
import type { EmailMessage, OutboxQuery, TestEmail } from '@/domain/schemas';
import type { AppContext, Viewer } from '../context';
import { migrationsFolder } from '../db/client';
import { emailOutbox, type OutboxMessage } from '../db/schema';
import { inTransaction } from '../db/transaction';
import { enqueueEmail } from '../mail/outbox';
import { EMAIL_TEMPLATES, isTemplateName, TEMPLATE_NAMES } from '../mail/registry';
import type { EmailContent } from '../mail/layout';
import { consume, type Rule } from './rate-limit';

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
const emailToolsLimit = (ctx: AppContext, viewer: Viewer) =>
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

/** POST /api/send-email: the admin's message, sanitised, queued in the outbox. */
export async function sendEmail(ctx: AppContext, viewer: Viewer, input: EmailMessage): Promise<QueuedEmail> {
  await emailToolsLimit(ctx, viewer);
  const html = sanitizeEmailHtml(input.html);
  const content: EmailContent = { subject: input.subject, html, text: htmlToText(html) };
  const id = await enqueueEmail(ctx.db, 'admin_message', input.to, content, {
    from: input.from ? [input.from] : [],
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

/* ---------- templates ---------- */

/** Every registered template rendered with its sample data. */
export function listTemplates(ctx: AppContext): TemplatePreview[] {
  return TEMPLATE_NAMES.map((name) => {
    const entry = EMAIL_TEMPLATES[name];
    const content = entry.sample(ctx.config.PUBLIC_URL);
    return {
      name,
      label: entry.label,
      description: entry.description,
      ad_hoc: entry.adHoc === true,
      ...content,
    };
  });
}

/** Sends one template's sample to any address, through the outbox (counts against the limit). */
export async function sendTemplateSample(
  ctx: AppContext,
  viewer: Viewer,
  name: string,
  to: string,
): Promise<QueuedEmail> {
  if (!isTemplateName(name)) throw notFound('Template not found.');
  await emailToolsLimit(ctx, viewer);
  const content = EMAIL_TEMPLATES[name].sample(ctx.config.PUBLIC_URL);
  const id = await enqueueEmail(ctx.db, name, to, { ...content, subject: `[Sample] ${content.subject}` });
  return { id, status: 'pending', to, subject: `[Sample] ${content.subject}` };
}

/* ---------- environment ---------- */

function readPackageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(path.dirname(migrationsFolder()), 'package.json'), 'utf8'));
    return String(pkg.version ?? 'unknown');
  } catch {
    return 'unknown';
  }
}

/** Host, port and database name of a connection string: never its user or password. */
function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return '(not a valid URL)';
  }
}

async function migrationLevel(ctx: AppContext) {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as {
    entries: Array<{ tag: string; when: number }>;
  };
  const result = await ctx.db.execute(
    sql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
  );
  const row = ((result as { rows?: unknown[] }).rows ?? (result as unknown as unknown[]))[0] as
    { applied: number; last: string | null } | undefined;
  const last = journal.entries.find((e) => String(e.when) === row?.last);
  const latest = journal.entries.at(-1);
  return {
    applied: Number(row?.applied ?? 0),
    available: journal.entries.length,
    current: last?.tag ?? null,
    latest: latest?.tag ?? null,
    up_to_date: !!latest && last?.tag === latest.tag,
  };
}

/**
 * What the server runs on — engines, providers, version, uptime, migrations — and nothing that
 * would let someone in: no passwords, keys, secrets or full connection strings.
 */
export async function describeEnvironment(ctx: AppContext) {
  const c = ctx.config;
  const smtp = c.SMTP_URL ? new URL(c.SMTP_URL) : null;
  return {
    version: readPackageVersion(),
    node: process.version,
    environment: c.NODE_ENV,
    public_url: c.PUBLIC_URL,
    started_at: ctx.startedAt.toISOString(),
    uptime_seconds: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
    database: {
      engine: ctx.database.engine,
      location: c.DATABASE_URL ? describeDatabaseUrl(c.DATABASE_URL) : 'embedded PGlite in DATA_DIR',
      migrations: await migrationLevel(ctx),
    },
    mail: {
      transport: ctx.mail.name,
      smtp: smtp
        ? {
            server: `${smtp.protocol}//${smtp.username ? `${decodeURIComponent(smtp.username)}:****@` : ''}${smtp.host}`,
            secure: smtp.protocol === 'smtps:',
          }
        : null,
      from: c.MAIL_FROM,
      fallback_senders: c.MAIL_FROM_FALLBACKS,
      email_tools_per_minute: c.EMAIL_TOOLS_PER_MINUTE,
    },
    payments: { provider: c.PAYMENT_PROVIDER },
    storage: {
      kind: ctx.storage.name,
      ...(ctx.storage.name === 's3'
        ? {
            bucket: c.S3_BUCKET ?? null,
            region: c.S3_REGION,
            endpoint: c.S3_ENDPOINT ? describeDatabaseUrl(c.S3_ENDPOINT) : null,
            access_key: c.S3_ACCESS_KEY_ID ? `****${c.S3_ACCESS_KEY_ID.slice(-4)}` : null,
          }
        : { location: 'DATA_DIR/uploads' }),
    },
    auth: {
      admin_email: c.ADMIN_EMAIL,
      secret: c.AUTH_SECRET ? 'set (hidden)' : 'not set',
      trust_proxy: c.TRUST_PROXY,
    },
    time_zone: c.DEFAULT_TIME_ZONE,
    log_level: c.LOG_LEVEL,
  };
}

/* ---------- server log ---------- */

export function recentServerLog(ctx: AppContext, limit = 100) {
  return { entries: ctx.logRing.list(limit), total: ctx.logRing.total, capacity: ctx.logRing.size };
}
