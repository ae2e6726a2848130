/**
 * Review emails: the morning-after request ('How was your night at …?', linking to the review
 * page) and the notice to a guest whose review the admin unpublished. Everything a person typed
 * (venue name, comment, reason) goes through renderEmail, which escapes it.
 */
import { formatLongDate } from '@/domain/calendar';
import { RATING_LABELS, REVIEW_WINDOW_DAYS, type Rating } from '@/domain/reviews';
import { renderEmail, type EmailContent } from './layout';

/** Outbox template names (email_outbox.template). */
export const REVIEW_TEMPLATES = {
  request: 'review_request',
  unpublished: 'review_unpublished',
} as const;

const greeting = (name: string | null | undefined) => `Hi ${name?.trim().split(/\s+/)[0] || 'there'},`;

export function reviewRequestEmail(p: {
  guestName: string | null;
  venueName: string;
  date: string;
  reviewUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `How was your night at ${p.venueName}?`,
    heading: `How was your night at ${p.venueName}?`,
    paragraphs: [
      greeting(p.guestName),
      `We hope you had a great time on ${formatLongDate(p.date)}. Your review helps other guests choose their venue and helps ${p.venueName} get better.`,
    ],
    action: { label: 'Write a Review', url: p.reviewUrl },
    footnote: `You can write your review for ${REVIEW_WINDOW_DAYS} days after your event.`,
  });
}

export function reviewUnpublishedEmail(p: {
  guestName: string | null;
  venueName: string;
  rating: number;
  comment: string;
  reason: string;
  venueUrl: string;
}): EmailContent {
  return renderEmail({
    subject: `Your review of ${p.venueName} was unpublished`,
    heading: 'Your review was unpublished',
    paragraphs: [
      greeting(p.guestName),
      `Our team has taken your review of ${p.venueName} off the venue page.`,
      `Reason: ${p.reason}`,
    ],
    details: [
      ['Venue', p.venueName],
      ['Rating', `${p.rating} / 5 (${RATING_LABELS[p.rating as Rating] ?? ''})`],
      ['Your review', p.comment],
    ],
    action: { label: 'View the venue', url: p.venueUrl },
    footnote: 'If you think this is a mistake, reply to this email and we will take another look.',
  });
}
