import type { Transporter } from 'nodemailer';
import type { Logger } from '../logger';

/** A file sent with a message (a real MIME attachment over SMTP). */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The sender; the transport's configured address when left out. */
  from?: string;
  /** A stable Message-ID (one per outbox row), so a resend is recognisable as the same message. */
  messageId?: string;
  attachments?: MailAttachment[];
}

/** Where the outbox worker delivers a message. */
export interface MailTransport {
  readonly name: 'smtp' | 'mailbox';
  send(message: OutgoingMail): Promise<void>;
}

/**
 * A refusal of the sender address itself (the SMTP server answered MAIL FROM with an error):
 * nothing was accepted, and another sender address may work.
 */
export function isSenderRejected(err: unknown): boolean {
  const e = err as { command?: unknown; code?: unknown; responseCode?: unknown };
  return e?.command === 'MAIL FROM' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

export class SmtpTransport implements MailTransport {
  readonly name = 'smtp' as const;
  /** nodemailer, loaded with the first message rather than at start (decision 33). */
  private readonly transporter: Promise<Transporter>;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    // Short timeouts: the outbox lease (2 minutes) must outlast the longest send.
    this.transporter = import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as Parameters<typeof nodemailer.createTransport>[0]),
    );
  }
  async send({ messageId, from, attachments = [], ...message }: OutgoingMail) {
    const transporter = await this.transporter;
    await transporter.sendMail({
      from: from ?? this.from,
      messageId,
      ...message,
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
      })),
    });
  }
  close() {
    void this.transporter.then((t) => t.close());
  }
}

/**
 * The built-in mailbox: messages stay in the database (the admin reads them in the Outbox
 * section) and each message's links go to the server log, so a new install works with no mail
 * service.
 */
export class BuiltInMailbox implements MailTransport {
  readonly name = 'mailbox' as const;
  constructor(private readonly log: Logger) {}
  async send(message: OutgoingMail) {
    const links = [...message.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    const attachments = (message.attachments ?? []).map((a) => a.filename);
    this.log.info(
      { to: message.to, subject: message.subject, links, ...(attachments.length ? { attachments } : {}) },
      'mailbox: message delivered',
    );
  }
}
