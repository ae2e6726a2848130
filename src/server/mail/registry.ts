/**
 * The one table of email templates. The outbox refuses a template name that is not here, the
 * admin's Templates section previews every entry with its sample data, and the SMTP tests send
 * every entry through a real SMTP server. A new email = a new row here (with sample data).
 *
 * Longer than 300 lines because it is that one table: a row per template with its sample data.
 */
import {
  accountConfirmationEmail,
  accountDeletedEmail,
  accountExistsEmail,
  emailChangeEmail,
  emailChangedEmail,
  passwordChangedEmail,
  passwordResetEmail,
} from './templates';
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
import { pageHref } from '@/domain/pages';
import {
  additionalChargeEmail,
  bookingCancelledEmail,
  bookingExpiredEmail,
  bookingReleasedEmail,
  cardOnFileEmail,
  paymentReceiptEmail,
  payoutSentEmail,
} from './payment-emails';
import { chargeDisputedEmail, disputeDecidedEmail, type DisputeEmailData } from './dispute-emails';
import { reviewRequestEmail, reviewUnpublishedEmail } from './review-emails';
import { unreadMessagesEmail } from './message-emails';
import { waitlistSlotFreeEmail } from './waitlist-emails';

const SAMPLE_DISPUTE: DisputeEmailData = {
  venueName: 'Velvet & Vine',
  bookingId: '3f6c2a10-8d4e-4b7a-9c1f-0a2b3c4d5e6f',
  amountCents: 12550,
  description: 'Broken "glass" & a chair',
  guestName: "Jamie O'Neil",
  reason: 'Nothing was broken when we left; the glass was already cracked.',
};

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

/** A page's address on the site (its path from the page manifest, src/domain/pages.ts). */
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
        url: url(
          publicUrl,
          pageHref('/confirm-email', {}, { token: 'sample-token', email: 'jamie@example.com', role: 'user' }),
        ),
      }),
  },
  password_reset: {
    label: 'Password reset',
    description: 'To an account’s address when someone asks to reset its password, with the single-use link.',
    sample: (publicUrl) =>
      passwordResetEmail({
        name: "Jamie O'Neil",
        url: url(
          publicUrl,
          pageHref('/reset-password', {}, { token: 'sample-token', email: 'jamie@example.com' }),
        ),
        ttlMinutes: 60,
      }),
  },
  account_exists: {
    label: 'Account already exists',
    description:
      'To a confirmed account’s address when someone signs up with it again or asks for a new confirmation link (the page answers as for a new address).',
    sample: (publicUrl) =>
      accountExistsEmail({
        name: "Jamie O'Neil",
        signInUrl: url(publicUrl, pageHref('/user-auth')),
        resetUrl: url(publicUrl, pageHref('/forgot-password')),
      }),
  },
  password_changed: {
    label: 'Password changed',
    description: 'To the account’s address after its password was reset (every session was ended).',
    sample: (publicUrl) =>
      passwordChangedEmail({ name: "Jamie O'Neil", url: url(publicUrl, pageHref('/forgot-password')) }),
  },
  email_change: {
    label: 'Confirm new email',
    description:
      'To the new address when someone changes their account’s email in Settings, with the single-use link.',
    sample: (publicUrl) =>
      emailChangeEmail({
        name: "Jamie O'Neil",
        url: url(publicUrl, '/account?email_change=sample'),
        ttlHours: 24,
      }),
  },
  email_changed: {
    label: 'Email changed',
    description: 'To the old address once the account moved to the new one.',
    sample: (publicUrl) =>
      emailChangedEmail({
        name: "Jamie O'Neil",
        newEmail: 'jamie.new@example.com',
        url: url(publicUrl, '/forgot-password'),
      }),
  },
  account_deleted: {
    label: 'Account deleted',
    description: 'To the address of an account its owner deleted in Settings.',
    sample: (publicUrl) => accountDeletedEmail({ name: "Jamie O'Neil", url: url(publicUrl, '/') }),
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
        url(publicUrl, pageHref('/venue-management/:id', { id: SAMPLE_VENUE.id }, { tab: 'bookings' })),
      ),
  },
  customer_booking_confirmation: {
    label: 'Customer booking confirmation',
    description: 'To the guest when their booking request is received.',
    sample: (publicUrl) =>
      customerBookingConfirmationEmail(SAMPLE_BOOKING, url(publicUrl, pageHref('/user-dashboard'))),
  },
  booking_accepted: {
    label: 'Booking accepted',
    description: 'To the guest when the venue (or the admin) accepts the request.',
    sample: (publicUrl) => bookingAcceptedEmail(SAMPLE_BOOKING, url(publicUrl, pageHref('/user-dashboard'))),
  },
  booking_confirmed: {
    label: 'Booking confirmed',
    description: 'To the guest when they approve the venue’s changes.',
    sample: (publicUrl) => bookingConfirmedEmail(SAMPLE_BOOKING, url(publicUrl, pageHref('/user-dashboard'))),
  },
  booking_rejected: {
    label: 'Booking rejected',
    description: 'To the guest when the venue rejects the request, with the reason.',
    sample: (publicUrl) =>
      bookingRejectedEmail(
        SAMPLE_BOOKING,
        'Fully booked for a private event & wedding.',
        url(publicUrl, pageHref('/')),
      ),
  },
  booking_edited: {
    label: 'Booking edited',
    description: 'To the guest when the venue changes the booking and asks them to approve it.',
    sample: (publicUrl) =>
      bookingEditedEmail(
        SAMPLE_BOOKING,
        'We can host 24 guests from 9 PM — the terrace closes at 1 AM.',
        url(publicUrl, pageHref('/user-dashboard')),
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
        url(publicUrl, pageHref('/venue-management/:id', { id: SAMPLE_VENUE.id }, { tab: 'bookings' })),
      ),
  },
  booking_changes_rejected: {
    label: 'Changes rejected (to host)',
    description: 'To the venue’s host when the guest rejects their changes (the booking is cancelled).',
    sample: (publicUrl) =>
      bookingChangesRejectedEmail(
        SAMPLE_BOOKING,
        url(publicUrl, pageHref('/venue-management/:id', { id: SAMPLE_VENUE.id }, { tab: 'bookings' })),
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
        url(publicUrl, pageHref('/venue/:id', { id: SAMPLE_VENUE.id }, { date: SAMPLE_BOOKING.date })),
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
        url(publicUrl, pageHref('/user-dashboard')),
      ),
  },
  card_on_file: {
    label: 'Card on file',
    description: 'To the guest when their card is saved for a minimum-spend booking (nothing charged).',
    sample: (publicUrl) =>
      cardOnFileEmail(SAMPLE_BOOKING, { card: SAMPLE_CARD }, url(publicUrl, pageHref('/user-dashboard'))),
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
        url(publicUrl, pageHref('/user-dashboard')),
      ),
  },
  charge_disputed_host: {
    label: 'Charge disputed (host)',
    description: "To the venue's host when the guest disputes an additional charge, with the guest's reason.",
    sample: (publicUrl) =>
      chargeDisputedEmail(SAMPLE_DISPUTE, false, url(publicUrl, pageHref('/host-dashboard'))),
  },
  charge_disputed_admin: {
    label: 'Charge disputed (admin)',
    description: 'To the admin when a guest disputes an additional charge: uphold it or refund it.',
    sample: (publicUrl) =>
      chargeDisputedEmail(SAMPLE_DISPUTE, true, url(publicUrl, pageHref('/admin-dashboard'))),
  },
  charge_dispute_decided_guest: {
    label: 'Dispute decided (guest)',
    description: 'To the guest when the admin upholds or refunds the charge they disputed.',
    sample: (publicUrl) =>
      disputeDecidedEmail(
        SAMPLE_DISPUTE,
        { refunded: true, note: 'The damage was there before the event.', forHost: false },
        url(publicUrl, pageHref('/user-dashboard')),
      ),
  },
  charge_dispute_decided_host: {
    label: 'Dispute decided (host)',
    description: "To the venue's host when the admin upholds or refunds a disputed charge.",
    sample: (publicUrl) =>
      disputeDecidedEmail(
        SAMPLE_DISPUTE,
        { refunded: false, note: null, forHost: true },
        url(publicUrl, pageHref('/host-dashboard')),
      ),
  },
  payout_sent: {
    label: 'Payout sent',
    description: 'To the host when the admin records a payout of their available earnings.',
    sample: (publicUrl) =>
      payoutSentEmail(
        {
          hostName: 'Marcus O’Neil',
          amountCents: 123456,
          bankReference: 'ACH-2030-06-18 & co',
          bankLast4: '6789',
          bookings: 3,
        },
        url(publicUrl, pageHref('/host-dashboard', {}, { tab: 'earnings' })),
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
        url(publicUrl, pageHref('/user-dashboard')),
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
        url(publicUrl, pageHref('/venue-management/:id', { id: SAMPLE_VENUE.id }, { tab: 'bookings' })),
      ),
  },
  booking_expired_guest: {
    label: 'Request expired (to guest)',
    description: 'To the guest when the venue did not answer a request before its deadline.',
    sample: (publicUrl) => bookingExpiredEmail(SAMPLE_BOOKING, false, url(publicUrl, pageHref('/'))),
  },
  booking_expired_host: {
    label: 'Request expired (to host)',
    description: 'To the venue’s host when a request they did not answer expires.',
    sample: (publicUrl) =>
      bookingExpiredEmail(
        SAMPLE_BOOKING,
        true,
        url(publicUrl, pageHref('/venue-management/:id', { id: SAMPLE_VENUE.id }, { tab: 'bookings' })),
      ),
  },
  booking_released_guest: {
    label: 'Booking released (to guest)',
    description: 'To the guest when a confirmed hourly booking is released because it was not paid in time.',
    sample: (publicUrl) => bookingReleasedEmail(SAMPLE_BOOKING, false, url(publicUrl, pageHref('/'))),
  },
  booking_released_host: {
    label: 'Booking released (to host)',
    description: 'To the venue’s host when an unpaid confirmed booking is released.',
    sample: (publicUrl) =>
      bookingReleasedEmail(
        SAMPLE_BOOKING,
        true,
        url(publicUrl, pageHref('/venue-management/:id', { id: SAMPLE_VENUE.id }, { tab: 'bookings' })),
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
        reviewUrl: url(publicUrl, pageHref('/review/:bookingId', { bookingId: SAMPLE_BOOKING.id })),
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
        venueUrl: url(publicUrl, pageHref('/venue/:id', { id: SAMPLE_VENUE.id })),
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
        url: url(
          publicUrl,
          pageHref('/host-dashboard', {}, { tab: 'bookings', conversation: SAMPLE_BOOKING.id }),
        ),
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
