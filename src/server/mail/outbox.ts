import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { emailOutbox } from '../db/schema';
import type { MailTransport } from '../adapters/mail';
import type { Logger } from '../logger';
import type { EmailContent } from './layout';

export const MAX_ATTEMPTS = 8;

/** Queues a message in the caller's transaction: it is sent only if that transaction commits. */
export async function enqueueEmail(tx: DbOrTx, template: string, to: string, content: EmailContent) {
  if (!to.trim()) throw new Error('Email recipient is required');
  await tx.insert(emailOutbox).values({ template, to, ...content });
}

/** Seconds to wait before the next try: 30 s, 1 min, 2 min … capped at one hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/** Sends due messages with retries and backoff. Safe to run in several processes at once. */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly log: Logger,
    private readonly intervalMs = 1000,
  ) {}

  start() {
    const tick = async () => {
      try {
        await this.runOnce();
      } catch (err) {
        this.log.error({ err }, 'outbox: run failed');
      }
      this.timer = setTimeout(tick, this.intervalMs);
      this.timer.unref();
    };
    this.timer = setTimeout(tick, 50);
    this.timer.unref();
  }

  async stop() {
    clearTimeout(this.timer);
    await this.running;
  }

  /** Claims up to `batch` due messages (leasing them for 5 minutes) and tries to send each. */
  runOnce(batch = 20): Promise<number> {
    this.running = (async () => {
      const due = this.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.next_attempt_at, sql`now()`)))
        .orderBy(asc(emailOutbox.next_attempt_at))
        .limit(batch)
        .for('update', { skipLocked: true });
      const claimed = await this.db
        .update(emailOutbox)
        .set({
          attempts: sql`${emailOutbox.attempts} + 1`,
          next_attempt_at: sql`now() + interval '5 minutes'`,
        })
        .where(inArray(emailOutbox.id, due))
        .returning();
      for (const msg of claimed) {
        try {
          await this.transport.send({ to: msg.to, subject: msg.subject, html: msg.html, text: msg.text });
          await this.db
            .update(emailOutbox)
            .set({ status: 'sent', sent_at: sql`now()`, last_error: null, transport: this.transport.name })
            .where(eq(emailOutbox.id, msg.id));
        } catch (err) {
          const failed = msg.attempts >= MAX_ATTEMPTS;
          this.log.warn({ err, id: msg.id, attempts: msg.attempts }, 'outbox: send failed');
          await this.db
            .update(emailOutbox)
            .set({
              status: failed ? 'failed' : 'pending',
              last_error: String((err as Error).message ?? err).slice(0, 500),
              next_attempt_at: sql`now() + make_interval(secs => ${backoffSeconds(msg.attempts)})`,
              transport: this.transport.name,
            })
            .where(eq(emailOutbox.id, msg.id));
        }
      }
      return claimed.length;
    })();
    return this.running;
  }
}
