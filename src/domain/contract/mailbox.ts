/** The admin's built-in mailbox: the email outbox, newest first. */
import type { Timestamp } from './wire';

/** See docs/decisions/0014: `sending` is leased to a worker, `uncertain` is never resent alone. */
export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'uncertain' | 'cancelled';

/** A file sent with a message (decision 80); the admin downloads it from its `url`. */
export interface MailAttachmentInfo {
  id: string;
  filename: string;
  content_type: string;
  /** Bytes. */
  size: number;
  /** GET /api/admin/outbox/{message id}/attachments/{id} */
  url: string;
}

/** One outbox message as GET /api/admin/mailbox answers it. */
export interface MailMessage {
  id: string;
  template: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  status: MailStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  /** The transport that sent it, once sent. */
  transport: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  /** The files sent with it, as they were when it was queued. */
  attachments: MailAttachmentInfo[];
}

/** GET /api/admin/mailbox */
export interface Mailbox {
  messages: MailMessage[];
  /** Name of the configured mail transport. */
  transport: string;
}
