/**
 * The email outbox: messages are queued in the transaction of the change that causes them and
 * sent by OutboxWorker, in every server process at once (rows are claimed with SKIP LOCKED).
 *
 * Delivery guarantee (docs/decisions/0014-outbox-delivery-guarantee.md): a row is marked
 * `sending` with a lease before the transport is called, and `sent` right after it returns. If
 * the process dies in between, the lease runs out and the row becomes `uncertain` — never resent
 * on its own, because the SMTP server may already have accepted it. The admin can retry it (with
 * the same Message-ID, so a duplicate is recognisable) or cancel it.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { invalid } from '@/domain/errors';
import { RECIPIENT_REQUIRED } from '@/domain/schemas';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import { isSenderRejected, type MailTransport } from '../adapters/mail';
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
}

/** Queues a message in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(
  tx: DbOrTx,
  template: TemplateName,
  to: string,
  content: EmailContent,
  opts: EnqueueOptions = {},
): Promise<string> {
  if (!to.trim()) throw invalid(RECIPIENT_REQUIRED, 'to');
  if (!isTemplateName(template)) throw new Error(`Unknown email template "${template}"`);
  const [row] = await tx
    .insert(emailOutbox)
    .values({ template, to, ...content, from_candidates: opts.from ?? [] })
    .returning({ id: emailOutbox.id });
  return row!.id;
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
  private readonly intervalMs: number;
  private readonly leaseSeconds: number;
  private readonly defaultFrom: string | undefined;
  private readonly messageIdDomain: string;
  private readonly backoff: (attempts: number) => number;
  private readonly recordAttempts: number;
  private readonly recordPauseMs: number;

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
  }

  start() {
    this.stopped = false;
    const tick = async () => {
      try {
        await this.runOnce();
      } catch (err) {
        this.log.error({ err }, 'outbox: run failed');
      }
      if (this.stopped) return;
      this.timer = setTimeout(tick, this.intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, 50);
    this.timer.unref();
  }

  async stop() {
    this.stopped = true;
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

  /** Claims up to `batch` due messages (status `sending`, leased) and tries to send each. */
  runOnce(batch = 20): Promise<number> {
    const run = (async () => {
      await this.releaseExpiredLeases();
      const due = this.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.next_attempt_at, sql`now()`)))
        .orderBy(asc(emailOutbox.next_attempt_at), asc(emailOutbox.seq))
        .limit(batch)
        .for('update', { skipLocked: true });
      const claimed = await this.db
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
      for (const [i, msg] of claimed.entries()) {
        try {
          await this.deliver(msg);
        } catch (err) {
          // Its outcome could not be recorded (the database is away): it stays `sending` and
          // becomes `uncertain`. The rest of the batch was not tried: back to `pending`, so it
          // is sent by the next run instead of being left to the lease (issue 15).
          const rest = claimed.slice(i + 1).map((m) => m.id);
          if (rest.length) {
            await this.db
              .update(emailOutbox)
              .set({ status: 'pending', lease_expires_at: null, attempts: sql`${emailOutbox.attempts} - 1` })
              .where(and(inArray(emailOutbox.id, rest), eq(emailOutbox.status, 'sending')))
              .catch(() => undefined);
          }
          throw err;
        }
      }
      return claimed.length;
    })();
    this.running = run;
    return run;
  }

  private async deliver(msg: typeof emailOutbox.$inferSelect) {
    const senders = msg.from_candidates.length ? msg.from_candidates : [this.defaultFrom];
    const refused: string[] = [];
    let lastError: unknown;
    for (const from of senders) {
      try {
        await this.transport.send({
          to: msg.to,
          subject: msg.subject,
          html: msg.html,
          text: msg.text,
          from,
          messageId: msg.message_id ?? undefined,
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
