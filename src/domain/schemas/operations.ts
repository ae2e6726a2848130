/**
 * The admin's operations tools: the email message of SPEC §3 (to, subject, html, from), the
 * test email, and the query strings of the server-paged admin lists (outbox, venues, bookings).
 * Shared by the API and the browser forms.
 */
import { z } from 'zod';

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
