/**
 * The admin's operations tools: the email message of SPEC §3 (to, subject, html, from), the
 * test email, and the query strings of the server-paged lists (the admin's outbox, venues and
 * bookings; the host's inbox).
 * Shared by the API and the browser forms.
 */
import { z } from 'zod';
import { AUDIT_ACTION_NAMES, AUDIT_SUBJECTS, type AuditAction } from '../audit';

export const RECIPIENT_REQUIRED = 'Email recipient is required';
export const TEST_ADDRESS_REQUIRED = 'Please enter an email address.';
export const INVALID_RECIPIENT = 'Please enter a valid email address.';
export const INVALID_SENDER = 'The sender must be an email address, optionally with a name: Name <address>.';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** A single recipient address: required ('Email recipient is required'), then validated. */
const recipient = (requiredMessage: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: (iss) => (blank(iss.input) ? requiredMessage : INVALID_RECIPIENT) })
      .min(1, requiredMessage)
      .max(254, INVALID_RECIPIENT)
      .pipe(z.email(INVALID_RECIPIENT))
      .transform((v) => v.toLowerCase()),
  );

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** `address` or `Display Name <address>` (no line breaks: they would inject headers). */
export function isSenderAddress(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^\s*"?([^"<>]*)"?\s*<([^<>]+)>\s*$/.exec(value);
  const address = named ? named[2]! : value.trim();
  return ADDRESS.test(address) && z.email().safeParse(address).success;
}

const subject = z
  .string({ error: 'Subject must be text.' })
  .trim()
  .min(1, 'Subject is required.')
  .max(300, 'Subject must be at most 300 characters.')
  .refine((v) => !/[\r\n]/.test(v), 'Subject must be on one line.');

const html = z
  .string({ error: (iss) => (blank(iss.input) ? 'Message body (html) is required.' : 'Html must be text.') })
  .min(1, 'Message body (html) is required.')
  .max(200_000, 'The message body must be at most 200,000 characters.');

/** POST /api/send-email: the SPEC's email message. */
export const emailMessageSchema = z.object(
  {
    to: recipient(RECIPIENT_REQUIRED),
    subject,
    html,
    from: z
      .string({ error: INVALID_SENDER })
      .trim()
      .max(320, INVALID_SENDER)
      .refine((v) => v === '' || isSenderAddress(v), INVALID_SENDER)
      .nullish()
      .transform((v) => v || undefined),
  },
  { error: 'Invalid request body.' },
);
export type EmailMessage = z.output<typeof emailMessageSchema>;

/** POST /api/test-email: to, subject, html (subject and html have test defaults). */
export const testEmailSchema = z.object(
  {
    to: recipient(RECIPIENT_REQUIRED),
    subject: subject.optional(),
    html: html.optional(),
  },
  { error: 'Invalid request body.' },
);
export type TestEmail = z.output<typeof testEmailSchema>;

/** POST /api/admin/email-templates/:name/send */
export const templateSendSchema = z.object(
  { to: recipient(RECIPIENT_REQUIRED) },
  { error: 'Invalid request body.' },
);

/* ---------- server-paged admin lists ---------- */

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

const page = z.coerce
  .number({ error: 'Page must be a number.' })
  .int('Page must be a whole number.')
  .min(1, 'Page must be at least 1.')
  .max(100_000, 'Page is too large.')
  .default(1);
const pageSize = z.coerce
  .number({ error: 'Page size must be a number.' })
  .int('Page size must be a whole number.')
  .min(1, 'Page size must be at least 1.')
  .max(100, 'Page size must be at most 100.')
  .default(DEFAULT_PAGE_SIZE);
const search = z
  .string()
  .trim()
  .max(200, 'Search must be at most 200 characters.')
  .optional()
  .transform((v) => v || undefined);
/** SPEC §5: empty string and 'all' mean no filter. */
const orAll = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.enum(values, { error: message }).optional(),
  );

export const OUTBOX_STATUS_FILTERS = [
  'pending',
  'sending',
  'sent',
  'failed',
  'uncertain',
  'cancelled',
] as const;
export const outboxQuerySchema = z.object({
  status: orAll(OUTBOX_STATUS_FILTERS, 'Status must be one of: ' + OUTBOX_STATUS_FILTERS.join(', ') + '.'),
  q: search,
  sort: orAll(['newest', 'oldest'] as const, 'Sort must be newest or oldest.').transform(
    (v) => v ?? 'newest',
  ),
  page,
  page_size: pageSize,
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

/** Venue review state: approved (active), rejected (inactive with a rejection), pending. */
export const ADMIN_VENUE_STATUSES = ['pending', 'active', 'rejected'] as const;
export type AdminVenueFilter = (typeof ADMIN_VENUE_STATUSES)[number];
export const ADMIN_VENUE_SORTS = ['newest', 'oldest', 'name'] as const;
export const adminVenueQuerySchema = z.object({
  status: orAll(ADMIN_VENUE_STATUSES, 'Status must be pending, active, rejected or all.'),
  q: search,
  sort: orAll(ADMIN_VENUE_SORTS, 'Sort must be newest, oldest or name.').transform((v) => v ?? 'newest'),
  page,
  page_size: pageSize,
});
export type AdminVenueQuery = z.output<typeof adminVenueQuerySchema>;

export const ADMIN_BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'edited'] as const;
export const ADMIN_BOOKING_SORTS = ['updated', 'date', 'created'] as const;
export const adminBookingQuerySchema = z.object({
  status: orAll(ADMIN_BOOKING_STATUSES, 'Status must be pending, confirmed, cancelled, edited or all.'),
  q: search,
  sort: orAll(ADMIN_BOOKING_SORTS, 'Sort must be updated, date or created.').transform((v) => v ?? 'updated'),
  page,
  page_size: pageSize,
});
export type AdminBookingQuery = z.output<typeof adminBookingQuerySchema>;

/**
 * GET /host/bookings: the host's inbox (decision 77). `awaiting` is a request waiting for the
 * venue's answer (pending, not modified by the venue); dates are the venue's wall-clock dates,
 * both ends included.
 */
export const HOST_BOOKING_STATUSES = ['awaiting', 'pending', 'confirmed', 'cancelled', 'edited'] as const;
export type HostBookingStatusFilter = (typeof HOST_BOOKING_STATUSES)[number];
export const HOST_INBOX_DEFAULT_LIMIT = 20;
export const HOST_INBOX_MAX_LIMIT = 100;
const HOST_INBOX_LIMIT_MESSAGE = `Limit must be a whole number between 1 and ${HOST_INBOX_MAX_LIMIT}.`;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => {
  if (!ISO_DATE.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};
const dateBound = (name: string) =>
  z.preprocess(
    (v) => (v === '' ? undefined : v),
    z
      .string({ error: `${name} must be a date (yyyy-MM-dd).` })
      .refine(isRealDate, `${name} must be a date (yyyy-MM-dd).`)
      .optional(),
  );
export const HOST_INBOX_RANGE_MESSAGE = 'From must be on or before To.';
export const hostBookingQuerySchema = z
  .object({
    status: orAll(
      HOST_BOOKING_STATUSES,
      'Status must be awaiting, pending, confirmed, cancelled, edited or all.',
    ),
    venue_id: z.preprocess(
      (v) => (v === '' || v === 'all' ? undefined : v),
      z.uuid({ error: 'Venue must be a venue id.' }).optional(),
    ),
    from: dateBound('From'),
    to: dateBound('To'),
    q: search,
    page,
    limit: z.preprocess(
      (v) => (v === '' || v == null ? undefined : Number(v)),
      z
        .number({ error: HOST_INBOX_LIMIT_MESSAGE })
        .int(HOST_INBOX_LIMIT_MESSAGE)
        .min(1, HOST_INBOX_LIMIT_MESSAGE)
        .max(HOST_INBOX_MAX_LIMIT, HOST_INBOX_LIMIT_MESSAGE)
        .default(HOST_INBOX_DEFAULT_LIMIT),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: HOST_INBOX_RANGE_MESSAGE, path: ['to'] });
export type HostBookingQuery = z.output<typeof hostBookingQuerySchema>;

/** GET /admin/server-log */
export const logQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

export const MAILBOX_DEFAULT_LIMIT = 50;
export const MAILBOX_MAX_LIMIT = 200;
const MAILBOX_LIMIT_MESSAGE = `Limit must be a whole number between 1 and ${MAILBOX_MAX_LIMIT}.`;
/** GET /admin/mailbox */
export const mailboxQuerySchema = z.object({
  limit: z.preprocess(
    (v) => (v === '' || v == null ? undefined : Number(v)),
    z
      .number({ error: MAILBOX_LIMIT_MESSAGE })
      .int(MAILBOX_LIMIT_MESSAGE)
      .min(1, MAILBOX_LIMIT_MESSAGE)
      .max(MAILBOX_MAX_LIMIT, MAILBOX_LIMIT_MESSAGE)
      .default(MAILBOX_DEFAULT_LIMIT),
  ),
});

/** GET /api/audit: the admin's Audit section (every entry) and a host's (their venues'). */
export const auditQuerySchema = z.object({
  action: orAll(
    AUDIT_ACTION_NAMES as [AuditAction, ...AuditAction[]],
    'Action must be one of the audited actions.',
  ),
  subject: orAll(AUDIT_SUBJECTS, `Subject must be one of: ${AUDIT_SUBJECTS.join(', ')}.`),
  venue_id: z.preprocess(
    (v) => (v === '' || v === 'all' ? undefined : v),
    z.uuid({ error: 'Venue must be a venue id.' }).optional(),
  ),
  q: search,
  page,
  page_size: pageSize,
});
export type AuditQuery = z.output<typeof auditQuerySchema>;
