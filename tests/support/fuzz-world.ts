/**
 * The data the endpoint fuzzer and the GET walk call the API about: one venue of `host` with
 * everything hanging off it (a date override, bookings in each state, a message, a waitlist
 * entry, a review, a payment and its local intent, a calendar feed), a pending venue, and the
 * real ids each kind of path parameter takes. Built fresh for each endpoint, because a request
 * the fuzzer generates may be valid and change or delete what it names.
 */
import { expect } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { Operation } from './endpoints';
import {
  chargeDisputes,
  emailAttachments,
  emailOutbox,
  localIntents,
  payments,
  waitlistEntries,
  type Venue,
} from '../../src/server/db/schema';
import { call, type Actor } from './client';
import type { TestEnv } from './env';
import {
  type Accounts,
  type Role,
  insertBooking,
  insertOverride,
  insertVenue,
  freshDate,
} from '../factories';
import { confirmedBooking, startPayment } from './payments-fixtures';
import { insertPaidNight, postReview } from './reviews-fixtures';

export interface World {
  venue: Venue;
  pendingVenue: Venue;
  overrideId: string;
  bookings: { pending: string; confirmed: string; awaitingGuest: string; cancelled: string; past: string };
  waitlistId: string;
  reviewId: string;
  /** The provider's id of the confirmed booking's payment (pi_local_…). */
  paymentId: string;
  intentId: string;
  clientSecret: string;
  outboxId: string;
  /** A file stored with that outbox message (decision 80). */
  attachmentId: string;
  templateName: string;
  /** The calendar feed's file name, `<token>.ics`. */
  feedFile: string;
  /** A payment row's id (the confirmed booking's) and a dispute of it (decision 82). */
  paymentRowId: string;
  disputeId: string;
}

export async function buildWorld(env: TestEnv, a: Accounts): Promise<World> {
  const venue = await insertVenue(env, a.host, { capacity: 500, open_to_flexible_hours: true });
  const pendingVenue = await insertVenue(env, a.host, { is_active: false });
  const override = await insertOverride(env, venue, { date: freshDate() });
  const pending = await insertBooking(env, venue, a.guest, { state: 'pending' });
  const confirmed = await confirmedBooking(env, venue, a.guest, { date: freshDate() });
  const awaitingGuest = await insertBooking(env, venue, a.guest, { state: 'awaitingGuest' });
  const cancelled = await insertBooking(env, venue, a.guest, { state: 'cancelled' });
  const past = await insertPaidNight(env, venue, a.guest);
  const [entry] = await env.ctx.db
    .insert(waitlistEntries)
    .values({
      venue_id: venue.id,
      user_id: a.guest.profile.id,
      date: confirmed.date,
      start_time: confirmed.start_time,
      end_time: confirmed.end_time,
    })
    .returning();
  const message = await call(env, 'POST', `/api/bookings/${pending.id}/messages`, {
    cookie: a.guest.cookie,
    json: { body: 'Can we bring a cake?' },
  });
  expect(message.status, JSON.stringify(message.body)).toBe(201);
  const review = await postReview(env, a.guest, past.id);
  expect(review.status, JSON.stringify(review.body)).toBe(201);
  const started = await startPayment(env, a.guest, confirmed.id);
  const [intent] = await env.ctx.db
    .select()
    .from(localIntents)
    .where(eq(localIntents.client_secret, started.clientSecret));
  const [email] = await env.ctx.db.select().from(emailOutbox).orderBy(desc(emailOutbox.created_at)).limit(1);
  const pdf = Buffer.from('%PDF-1.7 a receipt');
  const [file] = await env.ctx.db
    .insert(emailAttachments)
    .values({
      outbox_id: email!.id,
      filename: 'velvet-receipt-VLV-00000000.pdf',
      content_type: 'application/pdf',
      content: pdf,
      size: pdf.length,
    })
    .returning();
  const [paymentRow] = await env.ctx.db
    .select()
    .from(payments)
    .where(eq(payments.provider_id, started.paymentId));
  const [dispute] = await env.ctx.db
    .insert(chargeDisputes)
    .values({ payment_id: paymentRow!.id, booking_id: confirmed.id, reason: 'Not a charge I agreed to.' })
    .returning();
  const templates = await call(env, 'GET', '/api/admin/email-templates', { cookie: a.admin.cookie });
  const feed = await call(env, 'POST', `/api/venues/${venue.id}/calendar-feed`, { cookie: a.host.cookie });
  expect(feed.status, JSON.stringify(feed.body)).toBe(200);
  return {
    venue,
    pendingVenue,
    overrideId: override.id,
    bookings: {
      pending: pending.id,
      confirmed: confirmed.id,
      awaitingGuest: awaitingGuest.id,
      cancelled: cancelled.id,
      past: past.id,
    },
    waitlistId: entry!.id,
    reviewId: review.body.id,
    paymentId: started.paymentId,
    intentId: intent!.id,
    clientSecret: started.clientSecret,
    outboxId: email!.id,
    attachmentId: file!.id,
    templateName: templates.body.templates[0].name,
    feedFile: String(feed.body.url).split('/').pop()!,
    paymentRowId: paymentRow!.id,
    disputeId: dispute!.id,
  };
}

/** The booking an action on /bookings/:id/<action> is about: one in the state the action needs. */
function bookingFor(w: World, path: string): string {
  if (/approve-changes|reject-changes/.test(path)) return w.bookings.awaitingGuest;
  if (/\/(cancel|cancellation|calendar\.ics)$/.test(path)) return w.bookings.confirmed;
  if (/\/review$/.test(path)) return w.bookings.past;
  return w.bookings.pending;
}

/**
 * The real value of a path parameter of `path`, of the right kind and reachable by the caller
 * the fuzzer uses (`callerOf`). A parameter not known here fails the run: add it.
 */
export function paramValue(w: World, path: string, param: string): string {
  if (param === 'id') {
    if (/^\/api\/admin\/venues\/:id\/(approve|reject)$/.test(path)) return w.pendingVenue.id;
    if (/\/venues\/:id/.test(path)) return w.venue.id;
    if (path.startsWith('/api/me/saved-venues/')) return w.venue.id;
    if (/\/bookings\/:id/.test(path)) return bookingFor(w, path);
    if (path.startsWith('/api/waitlist/')) return w.waitlistId;
    if (/\/reviews\/:id/.test(path)) return w.reviewId;
    if (path.startsWith('/api/admin/outbox/')) return w.outboxId;
    if (path.startsWith('/api/charges/')) return w.paymentRowId;
    if (path.startsWith('/api/admin/disputes/')) return w.disputeId;
  }
  if (param === 'attachment' && path.startsWith('/api/admin/outbox/')) return w.attachmentId;
  if (param === 'overrideId') return w.overrideId;
  if (param === 'intent_id') return w.intentId;
  if (param === 'name' && path.startsWith('/api/admin/email-templates/')) return w.templateName;
  if (param === 'file' && path === '/api/calendar/venues/:file') return w.feedFile;
  if (param === 'name' && path === '/docs-assets/:name') return 'init.js';
  throw new Error(`No value for :${param} in ${path}: add one to paramValue in tests/support/fuzz-world.ts.`);
}

/** Fills every :param of a route path with its real value. */
export const concretePath = (w: World, path: string) =>
  path
    .replace(/:([A-Za-z0-9_]+)/g, (_m, p: string) => paramValue(w, path, p))
    .replace(/\*$/, 'not-there/x.png');

/** Signed-in endpoints whose handler only the venue's host reaches (the service checks it). */
const HOST_PATHS = [
  '/overrides',
  '/charge-additional',
  '/response',
  '/calendar-feed',
  '/:id/bookings',
  '/waitlist-demand',
];

/** The caller the fuzzer sends an operation as: one its access rule lets reach the handler. */
export function callerOf(o: Pick<Operation, 'access' | 'path'>): Role {
  switch (o.access) {
    case 'guest':
      return 'guest';
    case 'signed in':
      // The access policy lets the venue's host (not its guests) reach these.
      return HOST_PATHS.some((p) => o.path.endsWith(p)) ? 'host' : 'guest';
    case 'host':
    case 'host or admin':
      return 'host';
    case 'admin':
      return 'admin';
    default:
      return 'signedOut';
  }
}

/** A body field that names something, filled with the world's id of that kind. */
export function idForField(w: World, o: Pick<Operation, 'path'>, field: string): string | undefined {
  if (field === 'venue_id') return w.venue.id;
  if (field === 'venueId') return w.venue.id;
  if (field === 'bookingId') return w.bookings.confirmed;
  if (field === 'booking_id') {
    if (o.path === '/api/reviews') return w.bookings.past;
    return w.bookings.confirmed;
  }
  if (field === 'client_secret') return w.clientSecret;
  if (field === 'paymentIntentId') return w.paymentId;
  return undefined;
}

export type { Actor };
