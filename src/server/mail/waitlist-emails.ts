/**
 * Waitlist emails (issue 14): to a waitlisted guest when the time they wait for comes free.
 * Queued in the transaction that frees the time, one per guest, in the order they joined.
 */
import { formatLongDate } from '@/domain/calendar';
import { formatTimeRange } from '@/domain/time';
import { renderEmail, type EmailContent } from './layout';

export const WAITLIST_TEMPLATES = {
  slotFree: 'waitlist_slot_free',
} as const;

export interface WaitlistEmailData {
  guestName: string | null;
  venueName: string;
  venueAddress: string;
  venueCity: string;
  date: string;
  startTime: string;
  endTime: string;
}

/** To a waitlisted guest: the time they wait for is free; the first request the venue accepts gets it. */
export function waitlistSlotFreeEmail(w: WaitlistEmailData, venueUrl: string): EmailContent {
  return renderEmail({
    subject: `A time you were waiting for at ${w.venueName} is free`,
    heading: 'The time you were waiting for is free',
    paragraphs: [
      `Good news${w.guestName ? `, ${w.guestName}` : ''}: a booking at ${w.venueName} was released, and the time you joined the waitlist for is free again.`,
      'Other guests on the waitlist were told too. Request it now: the first request the venue confirms gets it.',
    ],
    details: [
      ['Venue', w.venueName],
      ['Address', `${w.venueAddress}, ${w.venueCity}`],
      ['Date', formatLongDate(w.date)],
      ['Time', formatTimeRange(w.startTime, w.endTime)],
    ],
    action: { label: 'Request This Time', url: venueUrl },
    footnote: 'You stay on the waitlist until you leave it from My Bookings or the date passes.',
  });
}
