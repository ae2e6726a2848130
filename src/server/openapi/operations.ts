/**
 * Every /api endpoint, described once for the OpenAPI document (decision record 18): method and
 * path as the Hono app registers them, who may call it, the zod schemas its route validates the
 * body and query with (the same objects), and the contract type it answers with (a name in
 * contract-schemas.json, generated from src/domain/contract). tests/openapi.test.ts fails when
 * the app registers a route that is not listed here, or this lists one the app does not have.
 * Longer than 300 lines because it is one table of the whole API.
 */
import type { z } from 'zod';
import { venueListQuerySchema } from '@/domain/filters';
import {
  bankDetailsQuerySchema,
  cancelBookingSchema,
  chargeAdditionalSchema,
  createPaymentSchema,
  localAuthenticateSchema,
  localConfirmSchema,
  transactionsQuerySchema,
} from '@/domain/payments-schemas';
import {
  adminBookingEditSchema,
  adminBookingQuerySchema,
  adminReviewsQuerySchema,
  adminVenueQuerySchema,
  bookingEditSchema,
  bookingRequestSchema,
  confirmEmailSchema,
  dateOverrideSchema,
  emailMessageSchema,
  forgotPasswordSchema,
  messageSchema,
  optionalReasonSchema,
  outboxQuerySchema,
  resendSchema,
  resetPasswordSchema,
  reviewResponseSchema,
  reviewSchema,
  signInSchema,
  signOutSchema,
  signUpSchema,
  templateSendSchema,
  testEmailSchema,
  unpublishReviewSchema,
  venueDecisionSchema,
  venueInputSchema,
  venueReviewsQuerySchema,
  venueUpdateSchema,
  waitlistJoinSchema,
} from '@/domain/schemas';
import { hoursBodySchema, overridePatchSchema, rangeSchema } from '../routes/availability';
import { approveChangesSchema, approveSchema as approveBookingSchema } from '../routes/bookings';
import { logQuerySchema } from '../routes/operations';
import { mailboxQuerySchema } from '../routes/stats';
import { orderSchema } from '../routes/venues';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Who may call an endpoint (the route's check; services refine it by the access policy). */
export type Access =
  | 'anyone'
  | 'signed in'
  | 'guest'
  | 'host'
  | 'admin'
  | 'host or admin'
  | 'secret URL'
  | 'client secret'
  | 'Stripe signature';

/** What a successful call answers. */
export type Answer =
  | { status: number; schema: string }
  | { status: number; json: Record<string, unknown> }
  | { status: number; media: 'text/calendar' | 'text/event-stream' | 'text/html'; description: string }
  | { status: number; openapi: true }
  | { status: 204; empty: true };

export interface Operation {
  method: Method;
  /** As the Hono app registers it, e.g. /api/venues/:id. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /** The JSON body's schema, as the route validates it. */
  body?: z.ZodType;
  /** Body fields the route sets itself (left out of the document). */
  bodyOmit?: string[];
  /** The body is optional (an empty body is read as {}). */
  bodyOptional?: boolean;
  /** multipart/form-data with one file in the field `file`. */
  upload?: true;
  query?: z.ZodType;
  /** Query parameters the route reads by hand. */
  queryParams?: Record<string, { description: string; required?: boolean }>;
  ok: Answer;
}

const json = (status: number, schema: string): Answer => ({ status, schema });
const OK = json(200, 'Ok');

const op = (
  method: Method,
  path: string,
  tag: string,
  summary: string,
  access: Access,
  ok: Answer,
  more: Partial<Operation> = {},
): Operation => ({ method, path: `/api${path}`, tag, summary, access, ok, ...more });

export const OPERATIONS: Operation[] = [
  /* ---------- system ---------- */
  op('get', '/health', 'System', 'Health of the server and its database', 'anyone', {
    status: 200,
    json: { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
  }),
  op('get', '/config', 'System', 'Public settings (the default time zone of new venues)', 'anyone', {
    ...json(200, 'PublicConfig'),
  }),
  op(
    'get',
    '/events',
    'System',
    'Live changes (Server-Sent Events)',
    'anyone',
    {
      status: 200,
      media: 'text/event-stream',
      description:
        'Events named `venue` or `booking` whose data is a LiveEvent (ids, no data); only the changes the viewer may read.',
    },
    { description: 'The browser refetches what an event names. See decision record 6.' },
  ),
  op('get', '/openapi.json', 'System', 'This OpenAPI document', 'anyone', { status: 200, openapi: true }),
  op('get', '/docs', 'System', 'The API reference page (HTML)', 'anyone', {
    status: 200,
    media: 'text/html',
    description: 'A readable rendering of /api/openapi.json.',
  }),

  /* ---------- accounts ---------- */
  op(
    'post',
    '/accounts/sign-up',
    'Accounts',
    'Sign up as a guest or a host',
    'anyone',
    json(201, 'SignUpResult'),
    {
      body: signUpSchema,
    },
  ),
  op(
    'post',
    '/accounts/sign-in',
    'Accounts',
    'Sign in (sets the session cookie)',
    'anyone',
    json(200, 'SignInResult'),
    {
      body: signInSchema,
    },
  ),
  op(
    'post',
    '/accounts/sign-out',
    'Accounts',
    'Sign out this device (default), every other device, or everywhere',
    'anyone',
    json(200, 'SignOutResult'),
    { body: signOutSchema, bodyOptional: true },
  ),
  op(
    'post',
    '/accounts/forgot-password',
    'Accounts',
    'Email a one-time password reset link (the same answer whether the account exists or not)',
    'anyone',
    OK,
    { body: forgotPasswordSchema },
  ),
  op(
    'post',
    '/accounts/reset-password',
    'Accounts',
    'Set a new password with a reset link; ends every session of the account',
    'anyone',
    json(200, 'ResetPasswordResult'),
    { body: resetPasswordSchema },
  ),
  op(
    'post',
    '/accounts/confirm',
    'Accounts',
    'Confirm an email address',
    'anyone',
    json(200, 'ConfirmResult'),
    {
      body: confirmEmailSchema,
    },
  ),
  op('post', '/accounts/resend-confirmation', 'Accounts', 'Send the confirmation email again', 'anyone', OK, {
    body: resendSchema,
  }),
  op('get', '/session', 'Accounts', 'The signed-in user and profile (both null when signed out)', 'anyone', {
    ...json(200, 'Session'),
  }),

  /* ---------- stats ---------- */
  op('get', '/venues/stats', 'Stats', 'Public numbers of the home page', 'anyone', json(200, 'VenueStats')),
  op('get', '/host/stats', 'Stats', "The host dashboard's tiles", 'host', json(200, 'HostStats')),
  op(
    'get',
    '/me/bookings/stats',
    'Stats',
    "The guest dashboard's tiles",
    'guest',
    json(200, 'GuestBookingStats'),
  ),
  op('get', '/admin/stats', 'Stats', "The admin dashboard's tiles", 'admin', json(200, 'AdminStats')),
  op(
    'get',
    '/admin/mailbox',
    'Operations',
    'The built-in mailbox (sent emails)',
    'admin',
    json(200, 'Mailbox'),
    {
      query: mailboxQuerySchema,
    },
  ),

  /* ---------- venues ---------- */
  op(
    'get',
    '/venues',
    'Venues',
    'Active venues, filtered, sorted and paged',
    'anyone',
    json(200, 'VenueListPage'),
    {
      query: venueListQuerySchema,
    },
  ),
  op('post', '/venues', 'Venues', 'Add a venue (pending approval)', 'host', json(201, 'FullVenue'), {
    body: venueInputSchema,
  }),
  op('get', '/venues/:id', 'Venues', 'One venue (private fields for its host and the admin)', 'anyone', {
    ...json(200, 'Venue'),
  }),
  op('patch', '/venues/:id', 'Venues', 'Edit a venue', 'host or admin', json(200, 'Venue'), {
    body: venueUpdateSchema,
  }),
  op('delete', '/venues/:id', 'Venues', 'Delete a venue', 'admin', OK, {
    body: optionalReasonSchema,
    bodyOptional: true,
  }),
  op(
    'post',
    '/venues/:id/images',
    'Venues',
    'Upload a photo',
    'host or admin',
    json(201, 'VenueImageAdded'),
    {
      upload: true,
    },
  ),
  op(
    'delete',
    '/venues/:id/images',
    'Venues',
    'Remove a photo',
    'host or admin',
    json(200, 'VenueImageList'),
    {
      queryParams: { path: { description: 'The photo to remove, as listed in `images`.', required: true } },
    },
  ),
  op(
    'put',
    '/venues/:id/images/order',
    'Venues',
    'Reorder the photos',
    'host or admin',
    json(200, 'VenueImageList'),
    {
      body: orderSchema,
    },
  ),
  op('get', '/host/venues', 'Venues', "The host's own venues", 'host', json(200, 'HostVenueList')),
  op(
    'get',
    '/admin/venues',
    'Venues',
    'Every venue, filtered and paged',
    'admin',
    json(200, 'AdminVenuePage'),
    {
      query: adminVenueQuerySchema,
    },
  ),
  op('post', '/admin/venues/:id/approve', 'Venues', 'Approve a venue', 'admin', json(200, 'FullVenue'), {
    body: venueDecisionSchema,
    bodyOmit: ['action'],
    bodyOptional: true,
  }),
  op(
    'post',
    '/admin/venues/:id/reject',
    'Venues',
    'Reject a venue (notes required)',
    'admin',
    json(200, 'FullVenue'),
    {
      body: venueDecisionSchema,
      bodyOmit: ['action'],
    },
  ),

  /* ---------- availability ---------- */
  op(
    'get',
    '/venues/:id/availability',
    'Availability',
    'Weekly hours, date overrides and confirmed times',
    'anyone',
    json(200, 'VenueAvailability'),
    { query: rangeSchema },
  ),
  op('put', '/venues/:id/hours', 'Availability', 'Replace the weekly hours', 'host', json(200, 'Venue'), {
    body: hoursBodySchema,
  }),
  op('get', '/venues/:id/overrides', 'Availability', 'Date overrides with their ids', 'signed in', {
    ...json(200, 'OverrideList'),
  }),
  op(
    'post',
    '/venues/:id/overrides',
    'Availability',
    'Add a date override',
    'host',
    json(201, 'StoredOverride'),
    {
      body: dateOverrideSchema,
    },
  ),
  op(
    'patch',
    '/venues/:id/overrides/:overrideId',
    'Availability',
    'Change a date override (only the fields sent)',
    'host',
    json(200, 'StoredOverride'),
    { body: overridePatchSchema },
  ),
  op('delete', '/venues/:id/overrides/:overrideId', 'Availability', 'Remove a date override', 'host', OK),

  /* ---------- bookings ---------- */
  op('post', '/bookings', 'Bookings', 'Request a booking', 'guest', json(201, 'Booking'), {
    body: bookingRequestSchema,
  }),
  op('get', '/me/bookings', 'Bookings', "The guest's bookings", 'guest', json(200, 'BookingList')),
  op('get', '/host/bookings', 'Bookings', "Bookings of the host's venues", 'host', json(200, 'BookingList')),
  op(
    'get',
    '/venues/:id/bookings',
    'Bookings',
    "A venue's bookings",
    'host or admin',
    json(200, 'BookingList'),
  ),
  op('get', '/bookings/:id', 'Bookings', 'One booking', 'signed in', json(200, 'Booking')),
  op(
    'post',
    '/bookings/:id/approve',
    'Bookings',
    'Approve a request',
    'host or admin',
    json(200, 'Booking'),
    {
      body: approveBookingSchema,
      bodyOptional: true,
    },
  ),
  op('post', '/bookings/:id/reject', 'Bookings', 'Reject a request', 'host or admin', json(200, 'Booking'), {
    body: optionalReasonSchema,
    bodyOptional: true,
  }),
  op(
    'post',
    '/bookings/:id/edit',
    'Bookings',
    "Change a booking (back to the guest's approval)",
    'host',
    {
      ...json(200, 'Booking'),
    },
    { body: bookingEditSchema },
  ),
  op(
    'post',
    '/bookings/:id/approve-changes',
    'Bookings',
    "Accept the venue's changes",
    'guest',
    {
      ...json(200, 'Booking'),
    },
    { body: approveChangesSchema },
  ),
  op(
    'post',
    '/bookings/:id/reject-changes',
    'Bookings',
    "Decline the venue's changes",
    'guest',
    json(200, 'Booking'),
  ),
  op(
    'get',
    '/admin/bookings',
    'Bookings',
    'Every booking, filtered and paged',
    'admin',
    json(200, 'AdminBookingPage'),
    {
      query: adminBookingQuerySchema,
    },
  ),
  op('patch', '/admin/bookings/:id', 'Bookings', "The admin's direct edit", 'admin', json(200, 'Booking'), {
    body: adminBookingEditSchema,
  }),

  /* ---------- calendars ---------- */
  op(
    'get',
    '/venues/:id/calendar-feed',
    'Calendars',
    "The venue's private iCal feed URL (null until created)",
    'host',
    json(200, 'CalendarFeed'),
    { description: "Only the venue's own host." },
  ),
  op(
    'post',
    '/venues/:id/calendar-feed',
    'Calendars',
    'Create the feed URL, or replace it (the old URL stops working)',
    'host',
    json(200, 'CalendarFeed'),
    { description: "Only the venue's own host." },
  ),
  op(
    'get',
    '/calendar/venues/:file',
    'Calendars',
    "A venue's confirmed bookings as iCalendar",
    'secret URL',
    {
      status: 200,
      media: 'text/calendar',
      description:
        'One VEVENT per confirmed booking, start and end in UTC; X-WR-TIMEZONE is the venue’s zone.',
    },
    {
      description:
        '`file` is the secret token followed by `.ics`, as in the URL the host was given. No session.',
    },
  ),
  op(
    'get',
    '/bookings/:id/calendar.ics',
    'Calendars',
    'One booking as an .ics file (Add to calendar)',
    'signed in',
    {
      status: 200,
      media: 'text/calendar',
      description: 'An attachment with one VEVENT: the venue’s name and address, start and end in UTC.',
    },
  ),

  /* ---------- messages ---------- */
  op(
    'get',
    '/bookings/:id/messages',
    'Messages',
    "A booking's conversation, oldest first (guest, venue's host, admin read-only)",
    'signed in',
    json(200, 'Conversation'),
  ),
  op(
    'post',
    '/bookings/:id/messages',
    'Messages',
    "Send a message (the guest or the venue's host; rate limited)",
    'signed in',
    json(201, 'ConversationMessage'),
    { body: messageSchema },
  ),
  op(
    'post',
    '/bookings/:id/messages/read',
    'Messages',
    'Mark the conversation read up to its newest message',
    'signed in',
    json(200, 'ConversationRead'),
  ),
  op('get', '/me/messages/unread', 'Messages', 'Unread message counts, per booking and in all', 'signed in', {
    ...json(200, 'UnreadCounts'),
  }),

  /* ---------- waitlist ---------- */
  op(
    'post',
    '/waitlist',
    'Waitlist',
    'Join the waitlist for a taken time (rate limited)',
    'signed in',
    {
      ...json(201, 'WaitlistEntry'),
    },
    { body: waitlistJoinSchema },
  ),
  op('get', '/me/waitlist', 'Waitlist', "The signed-in guest's waitlist entries", 'signed in', {
    ...json(200, 'WaitlistList'),
  }),
  op('delete', '/waitlist/:id', 'Waitlist', 'Leave a waitlist', 'signed in', { status: 204, empty: true }),
  op(
    'get',
    '/venues/:id/waitlist-demand',
    'Waitlist',
    'How many guests wait for each date (the venue calendar)',
    'host or admin',
    json(200, 'WaitlistDemand'),
  ),

  /* ---------- reviews ---------- */
  op('get', '/bookings/:id/review', 'Reviews', 'What the review page shows for a booking', 'signed in', {
    ...json(200, 'ReviewTarget'),
  }),
  op('post', '/reviews', 'Reviews', 'Review a past booking', 'guest', json(201, 'PublicReview'), {
    body: reviewSchema,
  }),
  op(
    'get',
    '/venues/:id/reviews',
    'Reviews',
    "A venue's published reviews",
    'anyone',
    json(200, 'VenueReviewsPage'),
    {
      query: venueReviewsQuerySchema,
    },
  ),
  op(
    'post',
    '/reviews/:id/response',
    'Reviews',
    "The host's answer to a review",
    'host',
    json(200, 'PublicReview'),
    {
      body: reviewResponseSchema,
    },
  ),
  op(
    'get',
    '/admin/reviews',
    'Reviews',
    'Every review, filtered and paged',
    'admin',
    json(200, 'AdminReviewPage'),
    {
      query: adminReviewsQuerySchema,
    },
  ),
  op('post', '/admin/reviews/:id/unpublish', 'Reviews', 'Hide a review', 'admin', json(200, 'AdminReview'), {
    body: unpublishReviewSchema,
  }),
  op(
    'post',
    '/admin/reviews/:id/republish',
    'Reviews',
    'Show a hidden review again',
    'admin',
    json(200, 'AdminReview'),
    {
      body: optionalReasonSchema,
      bodyOptional: true,
    },
  ),

  /* ---------- payments ---------- */
  op(
    'post',
    '/create-payment',
    'Payments',
    'Start paying for a booking',
    'guest',
    json(200, 'CreatePaymentResponse'),
    {
      body: createPaymentSchema,
    },
  ),
  op(
    'post',
    '/local-processor/confirm',
    'Payments',
    "The built-in card processor's confirmation",
    'client secret',
    json(200, 'LocalConfirmResponse'),
    { body: localConfirmSchema },
  ),
  op(
    'post',
    '/local-processor/intents/:intent_id/authenticate',
    'Payments',
    "The built-in card processor's 3-D Secure step",
    'client secret',
    json(200, 'LocalConfirmResponse'),
    { body: localAuthenticateSchema },
  ),
  op(
    'post',
    '/webhooks/stripe',
    'Payments',
    "Stripe's events (with PAYMENT_PROVIDER=stripe)",
    'Stripe signature',
    {
      status: 200,
      json: {
        type: 'object',
        properties: { received: { const: true }, type: { type: 'string' } },
        required: ['received', 'type'],
      },
    },
  ),
  op(
    'get',
    '/payments/result',
    'Payments',
    'The outcome of a payment',
    'signed in',
    json(200, 'PaymentResult'),
    {
      queryParams: { booking_id: { description: 'The booking paid for.', required: true } },
    },
  ),
  op(
    'post',
    '/charge-additional',
    'Payments',
    'Charge the guest an extra amount',
    'host',
    {
      ...json(200, 'AdditionalChargeResponse'),
    },
    { body: chargeAdditionalSchema },
  ),
  op('get', '/bookings/:id/cancellation', 'Payments', 'What cancelling would refund', 'signed in', {
    ...json(200, 'CancellationQuote'),
  }),
  op(
    'post',
    '/bookings/:id/cancel',
    'Payments',
    'Cancel a booking (with its refund)',
    'signed in',
    {
      ...json(200, 'CancelResponse'),
    },
    { body: cancelBookingSchema, bodyOptional: true },
  ),
  op(
    'get',
    '/admin/transactions',
    'Payments',
    'Every payment and refund, paged',
    'admin',
    json(200, 'TransactionPage'),
    {
      query: transactionsQuerySchema,
    },
  ),
  op(
    'get',
    '/admin/bank-details',
    'Payments',
    "Venues' bank details, masked",
    'admin',
    json(200, 'BankDetailsPage'),
    {
      query: bankDetailsQuerySchema,
    },
  ),
  op(
    'post',
    '/admin/venues/:id/bank-details/reveal',
    'Payments',
    "Show a venue's full bank details (logged)",
    'admin',
    json(200, 'RevealedBankDetails'),
  ),

  /* ---------- operations ---------- */
  op('post', '/send-email', 'Operations', 'Send an email', 'admin', json(202, 'QueuedEmail'), {
    body: emailMessageSchema,
  }),
  op(
    'post',
    '/test-email',
    'Operations',
    'Send a test email and wait for the outcome',
    'admin',
    {
      ...json(200, 'TestEmailResult'),
    },
    { body: testEmailSchema, description: '202 when the outcome is not known yet.' },
  ),
  op(
    'get',
    '/admin/outbox',
    'Operations',
    'The email outbox, filtered and paged',
    'admin',
    json(200, 'OutboxPage'),
    {
      query: outboxQuerySchema,
    },
  ),
  op(
    'post',
    '/admin/outbox/:id/retry',
    'Operations',
    'Send a failed email again',
    'admin',
    json(200, 'OutboxMessage'),
  ),
  op(
    'post',
    '/admin/outbox/:id/cancel',
    'Operations',
    'Stop a queued email',
    'admin',
    json(200, 'OutboxMessage'),
  ),
  op(
    'get',
    '/admin/email-templates',
    'Operations',
    'The email templates with samples',
    'admin',
    json(200, 'TemplateList'),
  ),
  op(
    'post',
    '/admin/email-templates/:name/send',
    'Operations',
    "Send a template's sample",
    'admin',
    json(202, 'QueuedEmail'),
    { body: templateSendSchema },
  ),
  op('get', '/admin/environment', 'Operations', 'The settings in force (secrets hidden)', 'admin', {
    ...json(200, 'Environment'),
  }),
  op('get', '/admin/server-log', 'Operations', 'Recent server log lines', 'admin', json(200, 'ServerLog'), {
    query: logQuerySchema,
  }),
];
