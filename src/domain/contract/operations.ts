/**
 * The admin's operations tools (issue 11): the server-paged admin lists, the outbox, the email
 * tools (send-email, test-email, template samples), the environment and the server log.
 */
import type { Booking } from './bookings';
import type { MailMessage, MailStatus } from './mailbox';
import type { AdminVenue } from './venues';
import type { Timestamp } from './wire';

/** One page of a list the server filters, sorts and pages (page is 1-based). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/admin/venues?status&q&sort&page&page_size; counts are over every venue. */
export interface AdminVenuePage extends Omit<Page<AdminVenue>, 'items'> {
  venues: AdminVenue[];
  counts: { total: number; pending: number; active: number; rejected: number };
}

/** GET /api/admin/bookings?status&q&sort&page&page_size; counts by booking status. */
export interface AdminBookingPage extends Omit<Page<Booking>, 'items'> {
  bookings: Booking[];
  counts: Record<string, number>;
}

/**
 * GET /api/host/bookings?status&venue_id&from&to&q&page&limit: one page of the host's inbox
 * (awaiting requests first, then upcoming soonest first, then past); `total` counts the filtered
 * bookings, `pending_count` the requests awaiting the venue's answer over all the host's venues.
 */
export interface HostBookingPage {
  bookings: Booking[];
  total: number;
  page: number;
  limit: number;
  pending_count: number;
}

/** One outbox message as the Operations tab shows it. */
export interface OutboxMessage extends MailMessage {
  /** The sender addresses to try in turn (empty: the configured MAIL_FROM). */
  senders: string[];
  /** The sender address it went out with, once sent. */
  sent_from: string | null;
  message_id: string | null;
}

/** GET /api/admin/outbox?status&q&sort&page&page_size */
export interface OutboxPage extends Page<OutboxMessage> {
  counts: Partial<Record<MailStatus, number>>;
  /** Name of the configured mail transport. */
  transport: string;
}

/** POST /api/send-email, POST /api/admin/email-templates/:name/send (202): the queued message. */
export interface QueuedEmail {
  id: string;
  status: MailStatus;
  to: string;
  subject: string;
}

/** POST /api/test-email: 200 once sent, 202 while still queued or retrying. */
export interface TestEmailResult extends QueuedEmail {
  success: boolean;
  /** The sender addresses tried, in order. */
  senders: string[];
  sent_from: string | null;
  transport: string;
  attempts: number;
  last_error: string | null;
  message_id: string | null;
}

/** One email template with its sample content. */
export interface TemplatePreview {
  name: string;
  label: string;
  description: string;
  /** The admin's own message (send-email), not an email the app sends by itself. */
  ad_hoc: boolean;
  subject: string;
  html: string;
  text: string;
}

/** GET /api/admin/email-templates */
export interface TemplateList {
  templates: TemplatePreview[];
}

/** GET /api/admin/environment: what the server runs on, never a secret. */
export type Environment = {
  version: string;
  node: string;
  environment: string;
  public_url: string;
  started_at: Timestamp;
  uptime_seconds: number;
  database: { engine: string; location: string; migrations: unknown };
  mail: {
    transport: string;
    smtp: { server: string; secure: boolean } | null;
    from: string;
    fallback_senders: string[];
    email_tools_per_minute: number;
  };
  payments: { provider: string };
  storage: { kind: string } & Record<string, string | null>;
  auth: { admin_email: string | null | undefined; secret: string; trust_proxy: boolean };
  time_zone: string;
  log_level: string;
};

/** One warning or error the server logged. */
export interface LogEntry {
  time: Timestamp;
  level: 'warn' | 'error' | 'fatal';
  msg: string;
  request_id: string | null;
  err: string | null;
  context: Record<string, string | number | boolean>;
}

/** GET /api/admin/server-log?limit: the newest entries of the in-memory ring. */
export interface ServerLog {
  entries: LogEntry[];
  /** Entries logged since the server started. */
  total: number;
  capacity: number;
}
