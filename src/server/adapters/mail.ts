import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from '../logger';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Where the outbox worker delivers a message. */
export interface MailTransport {
  readonly name: 'smtp' | 'mailbox';
  send(message: OutgoingMail): Promise<void>;
}

export class SmtpTransport implements MailTransport {
  readonly name = 'smtp' as const;
  private readonly transporter: Transporter;
  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transporter = nodemailer.createTransport(url);
  }
  async send(message: OutgoingMail) {
    await this.transporter.sendMail({ from: this.from, ...message });
  }
}

/**
 * The built-in mailbox: messages stay in the database (the admin reads them in the Mailbox tab)
 * and each message's links go to the server log, so a new install works with no mail service.
 */
export class BuiltInMailbox implements MailTransport {
  readonly name = 'mailbox' as const;
  constructor(private readonly log: Logger) {}
  async send(message: OutgoingMail) {
    const links = [...message.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
    this.log.info({ to: message.to, subject: message.subject, links }, 'mailbox: message delivered');
  }
}
