/**
 * The email outbox: messages are queued in the transaction of the change that causes them and
 * sent by OutboxWorker, in every server process at once (rows are claimed with SKIP LOCKED).
 *
 * Delivery guarantee (docs/decisions/0014-outbox-delivery-guarantee.md): a row is claimed —
 * marked `sending` with a lease — right before the transport is called for it, one at a time, and
 * marked `sent` right after the transport returns. If
 * the process dies in between, the lease runs out and the row becomes `uncertain` — never resent
 * on its own, because the SMTP server may already have accepted it. The admin can retry it (with
 * the same Message-ID, so a duplicate is recognisable) or cancel it.
 */
import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { invalid } from '@/domain/errors';
import { RECIPIENT_REQUIRED } from '@/domain/schemas';
import type { Db, DbOrTx } from '../db/client';
import { emailAttachments, emailOutbox, profiles } from '../db/schema';
import { preferenceKindOf, type OptionalEmail } from '@/domain/email-preferences';
import { isSenderRejected, type MailAttachment, type MailTransport } from '../adapters/mail';
import type { Logger } from '../logger';
import type { Config } from '../config';
import type { EmailContent } from './layout';
import { isTemplateName, type TemplateName } from './registry';

export const MAX_ATTEMPTS = 8;
export const UNCERTAIN_MESSAGE =
  'The sender stopped while this message was being handed to the mail server, so it may already have been delivered. It is not resent automatically: retry it only if the recipient did not get it.';

export interface EnqueueOptions {
  /** Sender addresses to try in turn; empty = the configured MAIL_FROM. */
  from?: string[];
  /** The recipient's profile, when the caller knows it (else found by the address). */
  recipient?: string;
  /** The admin's sample of a template: sent whatever the address's preferences. */
  sample?: true;
  /**
   * Files sent with the message, stored with it as they are now (decision 80): every attempt,
   * and the admin's retry, sends these same bytes.
   */
  attachments?: MailAttachment[];
}

/**
 * Whether the person an optional email is for switched its kind off (email preferences, issue
 * 31): their profile by id when the caller knows it, else the profile of the address.
 */
async function optedOut(tx: DbOrTx, template: string, to: string, recipient?: string) {
  const kind = preferenceKindOf(template);
  if (!kind) return false;
  const [row] = await tx
    .select({ opt_out: profiles.email_opt_out })
    .from(profiles)
    .where(
      recipient ? eq(profiles.id, recipient) : sql`lower(${profiles.email}) = ${to.trim().toLowerCase()}`,
    );
  return row?.opt_out.includes(kind) ?? false;
}

/**
 * Queues a message in the caller's transaction: it is sent only if that transaction commits.
 * An optional email (src/domain/email-preferences.ts) whose kind the recipient switched off is
 * not queued: the answer is then null.
 */
export async function enqueueEmail(
  tx: DbOrTx,
  template: Exclude<TemplateName, OptionalEmail>,
  to: string,
  content: EmailContent,
  opts?: EnqueueOptions,
): Promise<string>;
export async function enqueueEmail(
  tx: DbOrTx,
  template: TemplateName,
  to: string,
  content: EmailContent,
  opts: EnqueueOptions & { sample: true },
): Promise<string>;
export async function enqueueEmail(
  tx: DbOrTx,
  template: TemplateName,
  to: string,
  content: EmailContent,
  opts?: EnqueueOptions,
): Promise<string | null>;
export async function enqueueEmail(
  tx: DbOrTx,
  template: TemplateName,
  to: string,
  content: EmailContent,
  opts: EnqueueOptions = {},
): Promise<string | null> {
  if (!to.trim()) throw invalid(RECIPIENT_REQUIRED, 'to');
  if (!isTemplateName(template)) throw new Error(`Unknown email template "${template}"`);
  if (!opts.sample && (await optedOut(tx, template, to, opts.recipient))) return null;
  const [row] = await tx
    .insert(emailOutbox)
    .values({ template, to, ...content, from_candidates: opts.from ?? [] })
    .returning({ id: emailOutbox.id });
  if (opts.attachments?.length)
    await tx.insert(emailAttachments).values(
      opts.attachments.map((a) => ({
        outbox_id: row!.id,
        filename: a.filename,
        content_type: a.contentType,
        content: Buffer.from(a.content),
        size: a.content.byteLength,
      })),
    );
  return row!.id;
}

/** What the admin sees of a message's files: names and sizes, not bytes (decision 80). */
export interface AttachmentInfo {
  id: string;
  filename: string;
  content_type: string;
  size: number;
  url: string;
}

/** The files of these outbox messages, by message id (every id present, [] when none). */
export async function attachmentsOfMessages(
  db: DbOrTx,
  ids: string[],
): Promise<Map<string, AttachmentInfo[]>> {
  const byMessage = new Map<string, AttachmentInfo[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byMessage;
  const rows = await db
    .select({
      id: emailAttachments.id,
      outbox_id: emailAttachments.outbox_id,
      filename: emailAttachments.filename,
      content_type: emailAttachments.content_type,
      size: emailAttachments.size,
    })
    .from(emailAttachments)
    .where(inArray(emailAttachments.outbox_id, ids))
    .orderBy(asc(emailAttachments.created_at), asc(emailAttachments.id));
  for (const { outbox_id, ...a } of rows)
    byMessage.get(outbox_id)?.push({ ...a, url: `/api/admin/outbox/${outbox_id}/attachments/${a.id}` });
  return byMessage;
}

/** Seconds to wait before the next try: 30 s, 1 min, 2 min … capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/** The Message-ID of an outbox row: the same for every attempt at that row. */
export const messageIdFor = (id: string, domain: string) => `<${id}@${domain}>`;

export interface OutboxWorkerOptions {
  /** Pause between runs. */
  intervalMs?: number;
  /** How long a claim lasts; must exceed the transport's longest send (SMTP timeouts). */
  leaseSeconds?: number;
  /** The sender when a message names none (MAIL_FROM). */
  defaultFrom?: string;
  /** The right-hand side of Message-IDs (the PUBLIC_URL host). */
  messageIdDomain?: string;
  /** Seconds before the first retry (tests shorten the backoff). */
  backoff?: (attempts: number) => number;
  /** Tries, and the pause between them, at recording a delivery's outcome (default 10 × 1 s). */
  recordAttempts?: number;
  recordPauseMs?: number;
  /** Told after each background run, ok or not (the job metrics). */
  onRun?: (ok: boolean, intervalMs: number) => void;
}

/** The worker's options from the configuration (sender, Message-ID domain). */
export const outboxWorkerOptions = (
  config: Pick<Config, 'MAIL_FROM' | 'PUBLIC_URL'>,
): OutboxWorkerOptions => ({
  defaultFrom: config.MAIL_FROM,
  messageIdDomain: new URL(config.PUBLIC_URL).hostname || 'velvet.local',
});

/** Sends due messages with retries and backoff. Safe to run in several processes at once. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;
  /** Set by stop(): the run in progress ends after the message it is sending. */
  private halting = false;
  private readonly intervalMs: number;
  private readonly leaseSeconds: number;
  private readonly defaultFrom: string | undefined;
  private readonly messageIdDomain: string;
  private readonly backoff: (attempts: number) => number;
  private readonly recordAttempts: number;
  private readonly recordPauseMs: number;
  private readonly onRun: OutboxWorkerOptions['onRun'];

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: Logger,
    opts: OutboxWorkerOptions = {},
  ) {
    this.intervalMs = opts.intervalMs ?? 1000;
    this.leaseSeconds = opts.leaseSeconds ?? 120;
    this.defaultFrom = opts.defaultFrom;
    this.messageIdDomain = opts.messageIdDomain ?? 'velvet.local';
    this.backoff = opts.backoff ?? backoffSeconds;
    this.recordAttempts = opts.recordAttempts ?? 10;
    this.recordPauseMs = opts.recordPauseMs ?? 1000;
    this.onRun = opts.onRun;
  }

  start() {
    this.stopped = false;
    const tick = async () => {
      let ok = true;
      try {
        await this.runOnce();
      } catch (err) {
        ok = false;
        this.log.error({ err }, 'outbox: run failed');
      }
      this.onRun?.(ok, this.intervalMs);
      if (this.stopped) return;
      this.timer = setTimeout(tick, this.intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, 50);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
    this.halting = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * Rows whose claim ran out while `sending`: their worker died between claiming and recording
   * the outcome. They become `uncertain` (see the module comment), never `pending`.
   */
  async releaseExpiredLeases(): Promise<number> {
    const rows = await this.db
      .update(emailOutbox)
      .set({ status: 'uncertain', last_error: UNCERTAIN_MESSAGE, lease_expires_at: null })
      .where(and(eq(emailOutbox.status, 'sending'), lte(emailOutbox.lease_expires_at, sql`now()`)))
      .returning({ id: emailOutbox.id });
    for (const { id } of rows) this.log.warn({ id }, 'outbox: delivery uncertain after an expired lease');
    return rows.length;
  }

  /**
   * Claims the next due message (status `sending`, leased) just before handing it to the
   * transport, and sends it; up to `batch` in a row. Only the message being handed over is ever
   * `sending`, so a worker that dies strands at most that one as `uncertain` — the ones it had not
   * reached yet stay `pending` for the next worker.
   */
  runOnce(batch = 20): Promise<number> {
    this.halting = false;
    const run = (async () => {
      await this.releaseExpiredLeases();
      // Each message is tried at most once a run, even when a failure makes it due again at once.
      const tried: string[] = [];
      while (tried.length < batch && !this.halting) {
        const msg = await this.claimNext(tried);
        if (!msg) break;
        tried.push(msg.id);
        // When its outcome cannot be recorded (the database is away) this throws: the message
        // stays `sending` and its lease decides; the run ends, nothing else was claimed.
        await this.deliver(msg);
      }
      return tried.length;
    })();
    this.running = run;
    return run;
  }

  /** The next due message, claimed in one statement (SKIP LOCKED: several workers never share one). */
  private async claimNext(except: string[]) {
    const due = this.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, 'pending'),
          lte(emailOutbox.next_attempt_at, sql`now()`),
          except.length ? notInArray(emailOutbox.id, except) : undefined,
        ),
      )
      .orderBy(asc(emailOutbox.next_attempt_at), asc(emailOutbox.seq))
      .limit(1)
      .for('update', { skipLocked: true });
    const [claimed] = await this.db
      .update(emailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${emailOutbox.attempts} + 1`,
        lease_expires_at: sql`now() + make_interval(secs => ${this.leaseSeconds})`,
        message_id: sql`coalesce(${emailOutbox.message_id}, '<' || ${emailOutbox.id}::text || ${`@${this.messageIdDomain}>`})`,
        transport: this.transport.name,
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
    return claimed;
  }

  private async deliver(msg: typeof emailOutbox.$inferSelect) {
    const refused: string[] = [];
    let lastError: unknown;
    let attachments: MailAttachment[] = [];
    try {
      attachments = await this.attachmentsOf(msg.id);
    } catch (err) {
      // Nothing was handed to the transport: an ordinary failed attempt, retried with backoff.
      lastError = err;
    }
    const senders =
      lastError !== undefined ? [] : msg.from_candidates.length ? msg.from_candidates : [this.defaultFrom];
    for (const from of senders) {
      try {
        await this.transport.send({
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          from,
          messageId: msg.message_id ?? undefined,
          attachments,
        });
      } catch (err) {
        lastError = err;
        // Only a refused sender address means "nothing was accepted, try the next one".
        if (isSenderRejected(err) && from) {
          refused.push(`${from}: ${errorText(err)}`);
          continue;
        }
        break;
      }
      // A late success after the lease ran out (status already `uncertain`) is still recorded.
      await this.recording(() =>
        this.db
          .update(emailOutbox)
          .set({
            status: 'sent',
            sent_at: sql`now()`,
            sent_from: from ?? null,
            lease_expires_at: null,
            last_error: refused.length ? `Refused senders: ${refused.join('; ')}`.slice(0, 1000) : null,
          })
          .where(and(eq(emailOutbox.id, msg.id), inArray(emailOutbox.status, ['sending', 'uncertain']))),
      );
      return;
    }
    const failed = msg.attempts >= MAX_ATTEMPTS;
    const message = [...refused, errorText(lastError)].filter(Boolean).join('; ');
    this.log.warn({ err: lastError, id: msg.id, attempts: msg.attempts }, 'outbox: send failed');
    await this.recording(() =>
      this.db
        .update(emailOutbox)
        .set({
          status: failed ? 'failed' : 'pending',
          last_error: message.slice(0, 1000),
          lease_expires_at: null,
          next_attempt_at: sql`now() + make_interval(secs => ${this.backoff(msg.attempts)})`,
        })
        .where(and(eq(emailOutbox.id, msg.id), eq(emailOutbox.status, 'sending'))),
    );
  }

  /** The files stored with a message, in the order they were queued. */
  private async attachmentsOf(id: string): Promise<MailAttachment[]> {
    const rows = await this.db
      .select({
        filename: emailAttachments.filename,
        contentType: emailAttachments.content_type,
        content: emailAttachments.content,
      })
      .from(emailAttachments)
      .where(eq(emailAttachments.outbox_id, id))
      .orderBy(asc(emailAttachments.created_at), asc(emailAttachments.id));
    return rows;
  }

  /**
   * Records a delivery's outcome, trying again for a while if the database does not answer (a
   * busy pool, a short outage): a message that was sent must not become `uncertain` for that.
   */
  private async recording(write: () => Promise<unknown>) {
    for (let attempt = 1; ; attempt++) {
      try {
        await write();
        return;
      } catch (err) {
        if (attempt >= this.recordAttempts) throw err;
        await new Promise((r) => setTimeout(r, this.recordPauseMs));
      }
    }
  }
}

const errorText = (err: unknown) =>
  err === undefined ? '' : String((err as Error)?.message ?? err).replace(/\s+/g, ' ');
