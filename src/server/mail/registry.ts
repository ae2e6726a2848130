/**
 * The one table of email templates. The outbox refuses a template name that is not here, the
 * admin's Templates section previews every entry with its sample data, and the SMTP tests send
 * every entry through a real SMTP server. A new email = a new row here (with sample data).
 *
 * Longer than 300 lines because it is that one table: a row per template with its sample data.
 */
import { accountConfirmationEmail, passwordChangedEmail, passwordResetEmail } from './templates';
import {
  bookingAcceptedEmail,
  bookingChangesApprovedEmail,
  bookingChangesRejectedEmail,
  bookingConfirmedEmail,
  bookingEditedEmail,
  bookingRejectedEmail,
  bookingSubmittedEmail,
  customerBookingConfirmationEmail,
  type BookingEmailData,
} from './booking-emails';
import {
  venueApprovedEmail,
  venueRejectedEmail,
  venueSubmittedAdminEmail,
  venueSubmittedHostEmail,
  venueChangedAdminEmail,
  type VenueSummary,
} from './venue-emails';
import type { EmailContent } from './layout';
import {
  additionalChargeEmail,
  bookingCancelledEmail,
  bookingExpiredEmail,
  bookingReleasedEmail,
  cardOnFileEmail,
  paymentReceiptEmail,
} from './payment-emails';
import { reviewRequestEmail, reviewUnpublishedEmail } from './review-emails';
import { unreadMessagesEmail } from './message-emails';
import { waitlistSlotFreeEmail } from './waitlist-emails';

export interface TemplateEntry {
  /** Shown in the admin's Templates section. */
  label: string;
  /** Who receives it and when. */
  description: string;
  /** The message rendered with believable sample data (values with &, ' and " test escaping). */
  sample: (publicUrl: string) => EmailContent;
  /** Ad-hoc messages (admin send, test email) carry HTML given at send time, not a layout. */
  adHoc?: boolean;
}

const url = (publicUrl: string, path: string) => new URL(path, publicUrl).toString();

const SAMPLE_VENUE: VenueSummary = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Velvet & Vine',
  address: '12 Neon Alley',
  city: 'Brooklyn',
  capacity: 120,
  base_price: 85,
  pricing_type: 'hourly_rate',
};

const SAMPLE_BOOKING: BookingEmailData = {
  id: '3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f',
  venueName: 'Velvet & Vine',
  venueAddress: '12 Neon Alley',
  venueCity: 'Brooklyn',
  pricingType: 'hourly_rate',
  date: '2030-06-14',
  startTime: '21:00',
  endTime: '01:00',
  guestCount: 24,
  totalPrice: 340,
  guestName: "Jamie O'Neil",
  guestEmail: 'jamie@example.com',
  contactPhone: '+1 555 0100',
  specialRequests: 'Birthday party — "Happy 30th" banner please',
};

const SAMPLE_CARD = { brand: 'visa', last4: '4242' };

const SAMPLE_HOST = { full_name: 'Marcus Reed', email: 'marcus@example.com', business_name: 'Reed & Co' };

const adHocSample = (subject: string, body: string): EmailContent => ({
  subject,
  html: `<p>${body}</p>`,
  text: body,
});

const TEMPLATES = {
  account_confirmation: {
    label: 'Account confirmation',
    description: 'To a new guest or host after sign-up, with the single-use confirmation link.',
    sample: (publicUrl) =>
      accountConfirmationEmail({
        name: "Jamie O'Neil",
        role: 'user',
        url: url(publicUrl, '/confirm-email?token=sample-token&email=jamie%40example.com&role=user'),
      }),
  },
  password_reset: {
    label: 'Password reset',
    description: 'To an account’s address when someone asks to reset its password, with the single-use link.',
    sample: (publicUrl) =>
      passwordResetEmail({
        name: "Jamie O'Neil",
        url: url(publicUrl, '/reset-password?token=sample-token&email=jamie%40example.com'),
        ttlMinutes: 60,
      }),
  },
  password_changed: {
    label: 'Password changed',
    description: 'To the account’s address after its password was reset (every session was ended).',
    sample: (publicUrl) =>
      passwordChangedEmail({ name: "Jamie O'Neil", url: url(publicUrl, '/forgot-password') }),
  },
  venue_submitted: {
    label: 'Venue submitted',
    description: 'To the host right after Add New Venue.',
    sample: (publicUrl) =>
      venueSubmittedHostEmail({ venue: SAMPLE_VENUE, hostName: SAMPLE_HOST.full_name, publicUrl }),
  },
  venue_submitted_admin: {
    label: 'Venue awaiting approval (admin)',
    description: 'To the admin (ADMIN_EMAIL) when a host submits a venue.',
    sample: (publicUrl) => venueSubmittedAdminEmail({ venue: SAMPLE_VENUE, host: SAMPLE_HOST, publicUrl }),
  },
  venue_approved: {
    label: 'Venue approved',
    description: 'To the host when the admin approves the venue, with the admin’s notes.',
    sample: (publicUrl) =>
      venueApprovedEmail({
        venue: SAMPLE_VENUE,
        hostName: SAMPLE_HOST.full_name,
        notes: 'Lovely photos & "great" hours.',
        publicUrl,
      }),
  },
  venue_rejected: {
    label: 'Venue rejected',
    description: 'To the host when the admin rejects the venue, with the reason.',
    sample: (publicUrl) =>
      venueRejectedEmail({
        venue: SAMPLE_VENUE,
        hostName: SAMPLE_HOST.full_name,
        reason: 'Please add photos of the main room & the bar.',
        publicUrl,
      }),
  },
  booking_submitted: {
    label: 'Booking submitted (to host)',
    description: 'To the venue’s host when a guest requests a booking.',
    sample: (publicUrl) =>
      bookingSubmittedEmail(
        SAMPLE_BOOKING,
        url(publicUrl, `/venue-management/${SAMPLE_VENUE.id}?tab=bookings`),
      ),
  },
  customer_booking_confirmation: {
    label: 'Customer booking confirmation',
    description: 'To the guest when their booking request is received.',
    sample: (publicUrl) =>
      customerBookingConfirmationEmail(SAMPLE_BOOKING, url(publicUrl, '/user-dashboard')),
  },
  booking_accepted: {
    label: 'Booking accepted',
    description: 'To the guest when the venue (or the admin) accepts the request.',
    sample: (publicUrl) => bookingAcceptedEmail(SAMPLE_BOOKING, url(publicUrl, '/user-dashboard')),
  },
  booking_confirmed: {
    label: 'Booking confirmed',
    description: 'To the guest when they approve the venue’s changes.',
    sample: (publicUrl) => bookingConfirmedEmail(SAMPLE_BOOKING, url(publicUrl, '/user-dashboard')),
  },
  booking_rejected: {
    label: 'Booking rejected',
    description: 'To the guest when the venue rejects the request, with the reason.',
    sample: (publicUrl) =>
      bookingRejectedEmail(
        SAMPLE_BOOKING,
        'Fully booked for a private event & wedding.',
        url(publicUrl, '/'),
      ),
  },
  booking_edited: {
    label: 'Booking edited',
    description: 'To the guest when the venue changes the booking and asks them to approve it.',
    sample: (publicUrl) =>
      bookingEditedEmail(
        SAMPLE_BOOKING,
        'We can host 24 guests from 9 PM — the terrace closes at 1 AM.',
        url(publicUrl, '/user-dashboard'),
        [
          { field: 'time', label: 'Time', from: '8:00 PM - 12:00 AM', to: '9:00 PM - 1:00 AM' },
          { field: 'guests', label: 'Guests', from: '30 guests', to: '24 guests' },
          { field: 'price', label: 'Total', from: '$300.00', to: '$340.00' },
        ],
      ),
  },
  booking_changes_approved: {
    label: 'Changes approved (to host)',
    description: 'To the venue’s host when the guest approves their changes (the booking is confirmed).',
    sample: (publicUrl) =>
      bookingChangesApprovedEmail(
        SAMPLE_BOOKING,
        url(publicUrl, `/venue-management/${SAMPLE_VENUE.id}?tab=bookings`),
      ),
  },
  booking_changes_rejected: {
    label: 'Changes rejected (to host)',
    description: 'To the venue’s host when the guest rejects their changes (the booking is cancelled).',
    sample: (publicUrl) =>
      bookingChangesRejectedEmail(
        SAMPLE_BOOKING,
        url(publicUrl, `/venue-management/${SAMPLE_VENUE.id}?tab=bookings`),
      ),
  },
  waitlist_slot_free: {
    label: 'Waitlisted time is free',
    description:
      'To each waitlisted guest whose time came free (a cancellation or an unpaid release), in the order they joined.',
    sample: (publicUrl) =>
      waitlistSlotFreeEmail(
        {
          guestName: SAMPLE_BOOKING.guestName ?? null,
          venueName: SAMPLE_VENUE.name,
          venueAddress: SAMPLE_VENUE.address,
          venueCity: SAMPLE_VENUE.city,
          date: SAMPLE_BOOKING.date,
          startTime: SAMPLE_BOOKING.startTime,
          endTime: SAMPLE_BOOKING.endTime,
        },
        url(publicUrl, `/venue/${SAMPLE_VENUE.id}?date=${SAMPLE_BOOKING.date}`),
      ),
  },
  venue_changed_admin: {
    label: 'Approved venue changed (admin)',
    description: 'To the admin when a host renames, re-describes or adds photos to an approved venue.',
    sample: (publicUrl) =>
      venueChangedAdminEmail({
        venue: SAMPLE_VENUE,
        host: SAMPLE_HOST,
        note: 'New name & description: "Velvet & Vine Rooftop".',
        publicUrl,
      }),
  },
  payment_receipt: {
    label: 'Payment receipt',
    description: 'To the guest when the server has decided their hourly booking is paid (once).',
    sample: (publicUrl) =>
      paymentReceiptEmail(
        SAMPLE_BOOKING,
        { amountCents: 34000, paymentId: 'pi_sample_123', card: SAMPLE_CARD },
        url(publicUrl, '/user-dashboard'),
      ),
  },
  card_on_file: {
    label: 'Card on file',
    description: 'To the guest when their card is saved for a minimum-spend booking (nothing charged).',
    sample: (publicUrl) =>
      cardOnFileEmail(SAMPLE_BOOKING, { card: SAMPLE_CARD }, url(publicUrl, '/user-dashboard')),
  },
  additional_charge: {
    label: 'Additional charge',
    description: 'To the guest when the host charges their saved card after the event, with the reason.',
    sample: (publicUrl) =>
      additionalChargeEmail(
        SAMPLE_BOOKING,
        {
          amountCents: 12550,
          reason: 'minimum_spend_not_met',
          description: 'Bar minimum of $500 not met — "$374.50" spent',
          card: SAMPLE_CARD,
        },
        url(publicUrl, '/user-dashboard'),
      ),
  },
  booking_cancelled_guest: {
    label: 'Booking cancelled (to guest)',
    description: 'To the guest when a booking is cancelled, with the refund under the venue’s policy.',
    sample: (publicUrl) =>
      bookingCancelledEmail(
        SAMPLE_BOOKING,
        {
          by: 'guest',
          reason: 'Plans changed & we moved the party',
          refundCents: 17000,
          paidCents: 34000,
          forHost: false,
        },
        url(publicUrl, '/user-dashboard'),
      ),
  },
  booking_cancelled_host: {
    label: 'Booking cancelled (to host)',
    description: 'To the venue’s host when a booking of their venue is cancelled.',
    sample: (publicUrl) =>
      bookingCancelledEmail(
        SAMPLE_BOOKING,
        {
          by: 'guest',
          reason: 'Plans changed & we moved the party',
          refundCents: 17000,
          paidCents: 34000,
          forHost: true,
        },
        url(publicUrl, `/venue-management/${SAMPLE_VENUE.id}?tab=bookings`),
      ),
  },
  booking_expired_guest: {
    label: 'Request expired (to guest)',
    description: 'To the guest when the venue did not answer a request before its deadline.',
    sample: (publicUrl) => bookingExpiredEmail(SAMPLE_BOOKING, false, url(publicUrl, '/')),
  },
  booking_expired_host: {
    label: 'Request expired (to host)',
    description: 'To the venue’s host when a request they did not answer expires.',
    sample: (publicUrl) =>
      bookingExpiredEmail(
        SAMPLE_BOOKING,
        true,
        url(publicUrl, `/venue-management/${SAMPLE_VENUE.id}?tab=bookings`),
      ),
  },
  booking_released_guest: {
    label: 'Booking released (to guest)',
    description: 'To the guest when a confirmed hourly booking is released because it was not paid in time.',
    sample: (publicUrl) => bookingReleasedEmail(SAMPLE_BOOKING, false, url(publicUrl, '/')),
  },
  booking_released_host: {
    label: 'Booking released (to host)',
    description: 'To the venue’s host when an unpaid confirmed booking is released.',
    sample: (publicUrl) =>
      bookingReleasedEmail(
        SAMPLE_BOOKING,
        true,
        url(publicUrl, `/venue-management/${SAMPLE_VENUE.id}?tab=bookings`),
      ),
  },
  review_request: {
    label: 'How was your night?',
    description: 'To the guest the morning after a paid night, linking to the review page (once).',
    sample: (publicUrl) =>
      reviewRequestEmail({
        guestName: "Jamie O'Neil",
        venueName: SAMPLE_VENUE.name,
        date: SAMPLE_BOOKING.date,
        reviewUrl: url(publicUrl, `/review/${SAMPLE_BOOKING.id}`),
      }),
  },
  review_unpublished: {
    label: 'Review unpublished',
    description: 'To the guest when the admin unpublishes their review, with the reason.',
    sample: (publicUrl) =>
      reviewUnpublishedEmail({
        guestName: "Jamie O'Neil",
        venueName: SAMPLE_VENUE.name,
        rating: 2,
        comment: 'The <b>music</b> was "too loud" & the bar slow.',
        reason: 'Mentions a staff member by full name.',
        venueUrl: url(publicUrl, `/venue/${SAMPLE_VENUE.id}`),
      }),
  },
  booking_message_unread: {
    label: 'Unread messages',
    description:
      'To the guest or the venue’s host when messages on a booking stay unread for 10 minutes (one email per burst).',
    sample: (publicUrl) =>
      unreadMessagesEmail({
        bookingId: SAMPLE_BOOKING.id,
        venueName: SAMPLE_VENUE.name,
        date: SAMPLE_BOOKING.date,
        recipientSide: 'host',
        fromName: "Jamie O'Neil",
        count: 2,
        latest: 'Can we bring a <b>cake</b> & candles? "Happy 30th" banner too.',
        url: url(publicUrl, `/host-dashboard?tab=bookings&conversation=${SAMPLE_BOOKING.id}`),
      }),
  },
  admin_message: {
    label: 'Admin message',
    description: 'Sent by the admin through POST /api/send-email (HTML sanitised).',
    adHoc: true,
    sample: () => adHocSample('A message from Velvet', 'Hello from the Velvet team.'),
  },
  test_email: {
    label: 'Test email',
    description: 'Sent by the admin’s email test tools through POST /api/test-email.',
    adHoc: true,
    sample: () => adHocSample('Velvet test email', 'This is a test email from Velvet.'),
  },
} satisfies Record<string, TemplateEntry>;

export type TemplateName = keyof typeof TEMPLATES;

export const EMAIL_TEMPLATES: Record<TemplateName, TemplateEntry> = TEMPLATES;

export const TEMPLATE_NAMES = Object.keys(EMAIL_TEMPLATES) as TemplateName[];

export const isTemplateName = (name: string): name is TemplateName =>
  Object.prototype.hasOwnProperty.call(EMAIL_TEMPLATES, name);
