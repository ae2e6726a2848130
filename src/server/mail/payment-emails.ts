/**
 * Payment emails (decision record 13): the receipt of an hourly booking, the card on file of a
 * minimum-spend booking, a post-event additional charge (amount and reason), a cancellation
 * with its refund (to the guest and to the host), and a request that expired or a booking
 * released for want of payment (to both).
 */
import { CHARGE_REASON_LABELS, type ChargeReason } from '@/domain/charges';
import { formatCents } from '@/domain/payments';
import { details, type BookingEmailData } from './booking-emails';
import { renderEmail, type EmailContent } from './layout';

/** Outbox template names (email_outbox.template). */
export const PAYMENT_TEMPLATES = {
  receipt: 'payment_receipt',
  cardOnFile: 'card_on_file',
  additionalCharge: 'additional_charge',
  cancelledGuest: 'booking_cancelled_guest',
  cancelledHost: 'booking_cancelled_host',
  expiredGuest: 'booking_expired_guest',
  expiredHost: 'booking_expired_host',
  releasedGuest: 'booking_released_guest',
  releasedHost: 'booking_released_host',
} as const;

const cardLine = (card: { brand: string; last4: string } | null) =>
  card ? `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending in ${card.last4}` : 'Card';

/** To the guest when their hourly booking is paid. */
export function paymentReceiptEmail(
  b: BookingEmailData,
  p: { amountCents: number; paymentId: string; card: { brand: string; last4: string } | null },
  dashboardUrl: string,
): EmailContent {
  return renderEmail({
    subject: `Receipt: your booking at ${b.venueName} is paid`,
    heading: 'Payment received',
    paragraphs: [
      `Thank you! We received your payment of ${formatCents(p.amountCents)} for your booking at ${b.venueName}.`,
      'The venue receives payment after the event is completed.',
    ],
    details: [
      ...details(b),
      ['Paid', formatCents(p.amountCents)],
      ['Payment method', cardLine(p.card)],
      ['Payment id', p.paymentId],
    ],
    action: { label: 'View My Bookings', url: dashboardUrl },
  });
}

/** To the guest when the card of their minimum-spend booking is on file. */
export function cardOnFileEmail(
  b: BookingEmailData,
  p: { card: { brand: string; last4: string } | null },
  dashboardUrl: string,
): EmailContent {
  return renderEmail({
    subject: `Card on file for your booking at ${b.venueName}`,
    heading: 'Your card is on file',
    paragraphs: [
      `Your card is saved for your booking at ${b.venueName}. Nothing has been charged now.`,
      'You are only charged for what is actually spent at the venue if the minimum spend is not met.',
    ],
    details: [...details(b), ['Card', cardLine(p.card)]],
    action: { label: 'View My Bookings', url: dashboardUrl },
  });
}

/** To the guest when the venue charges their saved card after the event. */
export function additionalChargeEmail(
  b: BookingEmailData,
  p: {
    amountCents: number;
    reason: ChargeReason;
    description: string;
    card: { brand: string; last4: string } | null;
  },
  dashboardUrl: string,
): EmailContent {
  return renderEmail({
    subject: `Additional charge of ${formatCents(p.amountCents)} from ${b.venueName}`,
    heading: 'An additional charge was made',
    paragraphs: [
      `${b.venueName} charged ${formatCents(p.amountCents)} to your card on file for your event.`,
      `Reason: ${CHARGE_REASON_LABELS[p.reason]}.`,
      p.description,
      `If you think this charge is wrong, you can dispute it within 48 hours from My Bookings: ${dashboardUrl}`,
    ],
    details: [
      ...details(b),
      ['Amount', formatCents(p.amountCents)],
      ['Reason', CHARGE_REASON_LABELS[p.reason]],
      ['Charged to', cardLine(p.card)],
    ],
    action: { label: 'Dispute this charge in My Bookings', url: dashboardUrl },
    footnote: 'If you do not recognise this charge, reply to this email or contact the venue.',
  });
}

const BY: Record<string, string> = {
  guest: 'the guest',
  host: 'the venue',
  admin: 'Velvet support',
  system: 'Velvet',
};

function refundLine(refundCents: number, paidCents: number): string {
  if (paidCents <= 0) return 'Nothing had been paid, so there is no refund.';
  if (refundCents <= 0)
    return `No refund is due under the venue's cancellation policy (${formatCents(paidCents)} paid).`;
  return `A refund of ${formatCents(refundCents)} of the ${formatCents(paidCents)} paid goes back to the card used; it can take 5–10 days to appear.`;
}

/** To the guest and (forHost) to the venue's host when a booking is cancelled by a person. */
export function bookingCancelledEmail(
  b: BookingEmailData,
  p: {
    by: 'guest' | 'host' | 'admin';
    reason: string | null;
    refundCents: number;
    paidCents: number;
    forHost: boolean;
  },
  url: string,
): EmailContent {
  return renderEmail({
    subject: `Booking at ${b.venueName} cancelled`,
    heading: 'A booking was cancelled',
    paragraphs: [
      p.forHost
        ? `The booking of ${b.guestName || 'a guest'} at ${b.venueName} was cancelled by ${BY[p.by]}. The time is free again.`
        : `Your booking at ${b.venueName} was cancelled by ${p.by === 'guest' ? 'you' : BY[p.by]}.`,
      ...(p.reason ? [`Reason: ${p.reason}`] : []),
      refundLine(p.refundCents, p.paidCents),
    ],
    details: [...details(b, { forHost: p.forHost }), ['Refund', formatCents(p.refundCents)]],
    action: { label: p.forHost ? 'Manage This Booking' : 'View My Bookings', url },
  });
}

/** A pending request the venue did not answer in time (to both). */
export function bookingExpiredEmail(b: BookingEmailData, forHost: boolean, url: string): EmailContent {
  return renderEmail({
    subject: `Booking request at ${b.venueName} expired`,
    heading: 'A booking request expired',
    paragraphs: [
      forHost
        ? `The booking request of ${b.guestName || 'a guest'} was not answered in time and has expired. The time is free again.`
        : `${b.venueName} did not answer your booking request in time, so it has expired. You have not been charged.`,
    ],
    details: details(b, { forHost }),
    action: { label: forHost ? 'Manage This Booking' : 'Browse Venues', url },
  });
}

/** A confirmed hourly booking released because it was not paid in time (to both). */
export function bookingReleasedEmail(b: BookingEmailData, forHost: boolean, url: string): EmailContent {
  return renderEmail({
    subject: `Booking at ${b.venueName} released — payment not received`,
    heading: 'A booking was released',
    paragraphs: [
      forHost
        ? `The guest did not pay for their confirmed booking in time, so it was released. The time is free again.`
        : `We did not receive your payment for your booking at ${b.venueName} in time, so the booking was released. You have not been charged.`,
    ],
    details: details(b, { forHost }),
    action: { label: forHost ? 'Manage This Booking' : 'Browse Venues', url },
  });
}

/** To the host when the admin records a payout to their bank account (issue 29). */
export function payoutSentEmail(
  p: {
    hostName: string;
    amountCents: number;
    bankReference: string;
    bankLast4: string | null;
    bookings: number;
  },
  earningsUrl: string,
): EmailContent {
  return renderEmail({
    subject: `Velvet paid you ${formatCents(p.amountCents)}`,
    heading: 'Your payout is on its way',
    paragraphs: [
      `Hi ${p.hostName}, Velvet has sent ${formatCents(p.amountCents)} to your bank account.`,
      'It pays your available earnings, after Velvet’s fee; banks usually show it within 1–3 business days.',
    ],
    details: [
      ['Amount', formatCents(p.amountCents)],
      ['Bank account', p.bankLast4 ? `Ending in ${p.bankLast4}` : 'On file'],
      ['Bank reference', p.bankReference],
      ['Bookings paid', String(p.bookings)],
    ],
    action: { label: 'View your earnings', url: earningsUrl },
  });
}
