/**
 * Emails of a disputed additional charge (issue 30, decision 82): to the host and the admin when
 * the guest disputes it, and to the guest and the host when the admin upholds or refunds it.
 */
import { formatCents } from '@/domain/payments';
import { renderEmail, type EmailContent } from './layout';

export const DISPUTE_TEMPLATES = {
  disputedHost: 'charge_disputed_host',
  disputedAdmin: 'charge_disputed_admin',
  decidedGuest: 'charge_dispute_decided_guest',
  decidedHost: 'charge_dispute_decided_host',
} as const;

export interface DisputeEmailData {
  venueName: string;
  bookingId: string;
  amountCents: number;
  description: string | null;
  guestName: string | null;
  reason: string;
}

const facts = (d: DisputeEmailData): [string, string][] => [
  ['Venue', d.venueName],
  ['Booking', d.bookingId.slice(0, 8)],
  ['Charge', `${formatCents(d.amountCents)}${d.description ? ` — ${d.description}` : ''}`],
  ["Guest's reason", d.reason],
];

/** To the venue's host (forAdmin: to the admin) when the guest disputes a charge. */
export function chargeDisputedEmail(d: DisputeEmailData, forAdmin: boolean, url: string): EmailContent {
  const who = d.guestName?.trim() || 'The guest';
  return renderEmail({
    subject: `Charge of ${formatCents(d.amountCents)} at ${d.venueName} disputed`,
    heading: 'An additional charge was disputed',
    paragraphs: [
      `${who} disputed the additional charge of ${formatCents(d.amountCents)} at ${d.venueName}.`,
      forAdmin
        ? 'Please review it in Transaction Management and uphold the charge or refund it.'
        : 'Velvet support will review it and uphold the charge or refund it; you will be told the outcome.',
    ],
    details: facts(d),
    action: { label: forAdmin ? 'Review the dispute' : 'View bookings', url },
  });
}

/** To the guest and (forHost) the host when the admin decides a dispute. */
export function disputeDecidedEmail(
  d: DisputeEmailData,
  p: { refunded: boolean; note: string | null; forHost: boolean },
  url: string,
): EmailContent {
  const amount = formatCents(d.amountCents);
  const outcome = p.refunded
    ? `The charge of ${amount} at ${d.venueName} was refunded to the card it was charged to; it can take 5–10 days to appear.`
    : `The charge of ${amount} at ${d.venueName} was upheld: it stands.`;
  return renderEmail({
    subject: p.refunded ? `Disputed charge refunded: ${amount}` : `Disputed charge upheld: ${amount}`,
    heading: p.refunded ? 'The disputed charge was refunded' : 'The disputed charge was upheld',
    paragraphs: [
      p.forHost
        ? `Velvet support decided the guest's dispute. ${outcome}`
        : `We reviewed your dispute. ${outcome}`,
      ...(p.note ? [`Note from Velvet support: ${p.note}`] : []),
    ],
    details: facts(d),
    action: { label: p.forHost ? 'View bookings' : 'View My Bookings', url },
  });
}
