/**
 * Booking emails (SPEC §3 templates): booking submitted (to the host), customer booking
 * confirmation (request received, to the guest), booking accepted, booking confirmed,
 * booking rejected with the reason, and booking edited with the host's note (to the guest).
 * Each carries the booking details: venue, date, 12-hour times, guests and total.
 */
import { shortId } from '@/domain/booking';
import type { TermChange } from '@/domain/booking-changes';
import { formatLongDate } from '@/domain/calendar';
import { formatUsd, type PricingType } from '@/domain/pricing';
import { formatTimeRange } from '@/domain/time';
import { renderEmail, type EmailContent } from './layout';

/** Outbox template names (email_outbox.template). */
export const BOOKING_TEMPLATES = {
  submitted: 'booking_submitted',
  customerConfirmation: 'customer_booking_confirmation',
  accepted: 'booking_accepted',
  confirmed: 'booking_confirmed',
  rejected: 'booking_rejected',
  edited: 'booking_edited',
  changesApproved: 'booking_changes_approved',
  changesRejected: 'booking_changes_rejected',
} as const;

export interface BookingEmailData {
  id: string;
  venueName: string;
  venueAddress?: string | null;
  venueCity?: string | null;
  pricingType: PricingType;
  date: string;
  startTime: string;
  endTime: string;
  guestCount: number;
  totalPrice: number;
  guestName?: string | null;
  guestEmail?: string | null;
  contactPhone?: string | null;
  specialRequests?: string | null;
}

export function details(b: BookingEmailData, opts: { forHost?: boolean } = {}): Array<[string, string]> {
  const rows: Array<[string, string]> = [
    ['Booking', `#${shortId(b.id)}`],
    ['Venue', b.venueName],
  ];
  const where = [b.venueAddress, b.venueCity].filter(Boolean).join(', ');
  if (where) rows.push(['Address', where]);
  rows.push(
    ['Date', formatLongDate(b.date)],
    ['Time', formatTimeRange(b.startTime, b.endTime)],
    ['Guests', `${b.guestCount} ${b.guestCount === 1 ? 'person' : 'people'}`],
    [b.pricingType === 'minimum_spend' ? 'Minimum spend' : 'Total', formatUsd(b.totalPrice)],
  );
  if (opts.forHost) {
    if (b.guestName || b.guestEmail)
      rows.push(['Guest', [b.guestName, b.guestEmail].filter(Boolean).join(' · ')]);
    if (b.contactPhone) rows.push(['Phone', b.contactPhone]);
    if (b.specialRequests) rows.push(['Event details', b.specialRequests]);
  }
  return rows;
}

/** To the venue's host when a guest requests a booking. */
export function bookingSubmittedEmail(b: BookingEmailData, manageUrl: string): EmailContent {
  return renderEmail({
    subject: `New booking request for ${b.venueName}`,
    heading: 'You have a new booking request',
    paragraphs: [
      `${b.guestName || 'A guest'} would like to book ${b.venueName}. Review the request and accept, reject or edit it from your dashboard.`,
    ],
    details: details(b, { forHost: true }),
    action: { label: 'Manage This Booking', url: manageUrl },
  });
}

/** To the guest when their request is received. */
export function customerBookingConfirmationEmail(b: BookingEmailData, dashboardUrl: string): EmailContent {
  return renderEmail({
    subject: `We received your booking request for ${b.venueName}`,
    heading: 'Booking request received',
    paragraphs: [
      `Thanks${b.guestName ? `, ${b.guestName}` : ''}! Your booking request has been sent to ${b.venueName}. The venue will review it and contact you soon.`,
    ],
    details: details(b),
    action: { label: 'View My Bookings', url: dashboardUrl },
    footnote: 'You will get another email when the venue accepts or rejects your request.',
  });
}

/** To the guest when the venue accepts the request. */
export function bookingAcceptedEmail(b: BookingEmailData, dashboardUrl: string): EmailContent {
  return renderEmail({
    subject: `Your booking at ${b.venueName} is accepted`,
    heading: 'Your booking is accepted',
    paragraphs: [
      `Good news: ${b.venueName} accepted your booking.`,
      b.pricingType === 'minimum_spend'
        ? 'Put a card on file from My Bookings to secure it. You are only charged if the minimum spend is not met.'
        : 'Complete your payment from My Bookings to secure it.',
    ],
    details: details(b),
    action: { label: 'View My Bookings', url: dashboardUrl },
  });
}

/** To the guest when they approve the venue's changes and the booking is confirmed. */
export function bookingConfirmedEmail(b: BookingEmailData, dashboardUrl: string): EmailContent {
  return renderEmail({
    subject: `Your booking at ${b.venueName} is confirmed`,
    heading: 'Your booking is confirmed',
    paragraphs: [`You approved the changes from ${b.venueName}, and your booking is now confirmed.`],
    details: details(b),
    action: { label: 'View My Bookings', url: dashboardUrl },
  });
}

/** To the guest when the venue rejects the request. */
export function bookingRejectedEmail(
  b: BookingEmailData,
  reason: string | null,
  browseUrl: string,
): EmailContent {
  return renderEmail({
    subject: `Your booking request at ${b.venueName} was not accepted`,
    heading: 'Your booking request was not accepted',
    paragraphs: [
      `Unfortunately ${b.venueName} could not accept your booking request.`,
      reason ? `Reason: ${reason}` : 'The venue did not give a reason.',
      'You have not been charged. Other venues may still be free on your date.',
    ],
    details: details(b),
    action: { label: 'Browse Venues', url: browseUrl },
  });
}

/** "Time: 8:00 PM - 11:00 PM → 9:00 PM - 1:00 AM", one line per changed term. */
export const changeLines = (changes: readonly TermChange[]) =>
  changes.map((c) => `${c.label}: ${c.from} → ${c.to}`);

/**
 * To the guest when the venue edits the booking and asks them to approve the changes: what
 * changed (old → new for the date, times, guests and price), the note, and the new terms.
 */
export function bookingEditedEmail(
  b: BookingEmailData,
  hostNotes: string,
  dashboardUrl: string,
  changes: readonly TermChange[] = [],
): EmailContent {
  return renderEmail({
    subject: `${b.venueName} changed your booking — please review`,
    heading: 'Your booking was changed by the venue',
    paragraphs: [
      `${b.venueName} made changes to your booking and sent it back for your approval and payment.`,
      ...(changes.length > 0 ? ['What changed:', ...changeLines(changes)] : []),
      `Note from the venue: ${hostNotes}`,
      'Approve or reject the changes from My Bookings.',
    ],
    details: details(b),
    action: { label: 'Review Changes', url: dashboardUrl },
  });
}

/** To the venue's host when the guest approves their changes: the booking is confirmed. */
export function bookingChangesApprovedEmail(b: BookingEmailData, manageUrl: string): EmailContent {
  return renderEmail({
    subject: `${b.guestName || 'The guest'} approved your changes — booking confirmed`,
    heading: 'The guest approved your changes',
    paragraphs: [
      `${b.guestName || 'The guest'} approved the changes you made to booking #${shortId(b.id)} at ${b.venueName}. The booking is now confirmed.`,
    ],
    details: details(b, { forHost: true }),
    action: { label: 'Manage This Booking', url: manageUrl },
  });
}

/** To the venue's host when the guest rejects their changes: the booking is cancelled. */
export function bookingChangesRejectedEmail(b: BookingEmailData, manageUrl: string): EmailContent {
  return renderEmail({
    subject: `${b.guestName || 'The guest'} rejected your changes — booking cancelled`,
    heading: 'The guest rejected your changes',
    paragraphs: [
      `${b.guestName || 'The guest'} rejected the changes you made to booking #${shortId(b.id)} at ${b.venueName}, so the booking is cancelled.`,
      'Nothing was charged for it.',
    ],
    details: details(b, { forHost: true }),
    action: { label: 'Manage This Booking', url: manageUrl },
  });
}
