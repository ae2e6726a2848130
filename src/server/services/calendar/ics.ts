/**
 * Bookings as iCalendar (RFC 5545), written by ical-generator: the venue's feed of confirmed
 * bookings for its host, and one booking's .ics file for Add to calendar. Start and end are the
 * booking's instants (starts_at, ends_at) written in UTC, so every calendar shows the right
 * moment across midnight and daylight-saving changes; the venue's zone travels as
 * X-WR-TIMEZONE and, with the venue's wall-clock times, in the description (decision record 17).
 */
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { formatLongDate } from '@/domain/calendar';
import type { BookingStatus } from '@/domain/booking';

export interface IcsBooking {
  id: string;
  date: string;
  start_time: string;
  end_time: string;
  starts_at: Date;
  ends_at: Date;
  guest_count: number;
  status: BookingStatus;
  special_requests: string | null;
  updated_at: Date;
}

export interface IcsVenue {
  name: string;
  address: string;
  city: string;
  time_zone: string;
}

export interface IcsGuest {
  full_name: string | null;
  email: string;
  phone: string | null;
}

const STATUS: Record<BookingStatus, ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  pending: ICalEventStatus.TENTATIVE,
  edited: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

/** 'Saturday, March 13, 2027, 23:00–02:00 (ends the next day), America/New_York time' */
export function venueTimeLine(b: Pick<IcsBooking, 'date' | 'start_time' | 'end_time'>, zone: string): string {
  const overnight = b.end_time <= b.start_time ? ' (ends the next day)' : '';
  return `${formatLongDate(b.date)}, ${b.start_time}–${b.end_time}${overnight}, ${zoneLabel(zone)} time`;
}

/**
 * A TEXT value escaped as RFC 5545 §3.3.11 says (backslash, semicolon, comma, line breaks). The
 * library escapes the events' values itself but writes the calendar's NAME and X-WR-CALNAME as
 * given, so a venue name holding CR/LF could otherwise add lines of its own to the file.
 */
export const icsText = (value: string) =>
  value.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r\n|[\r\n\u0085\u2028\u2029]/g, '\\n');

function newCalendar(name: string, zone: string, publicUrl: string) {
  const calendar = ical({
    name: icsText(name),
    prodId: { company: 'Velvet', product: 'Velvet bookings', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    url: publicUrl,
  });
  calendar.x('X-WR-TIMEZONE', zone);
  return calendar;
}

const uid = (bookingId: string, publicUrl: string) => `booking-${bookingId}@${new URL(publicUrl).hostname}`;
const location = (v: IcsVenue) => `${v.name}, ${v.address}, ${v.city}`;

/** The host's subscription: one event per confirmed booking of the venue. */
export function venueFeedIcs(
  venue: IcsVenue,
  rows: Array<{ booking: IcsBooking; guest: IcsGuest }>,
  opts: { publicUrl: string; manageUrl: string },
): string {
  const calendar = newCalendar(`Velvet: ${venue.name}`, venue.time_zone, opts.publicUrl);
  calendar.ttl(15 * 60);
  for (const { booking: b, guest: g } of rows) {
    const who = g.full_name?.trim() || g.email;
    calendar.createEvent({
      id: uid(b.id, opts.publicUrl),
      start: b.starts_at,
      end: b.ends_at,
      stamp: b.updated_at,
      summary: `${who}, ${b.guest_count} ${b.guest_count === 1 ? 'guest' : 'guests'}`,
      location: location(venue),
      status: STATUS[b.status],
      url: opts.manageUrl,
      description: [
        venueTimeLine(b, venue.time_zone),
        `Guests: ${b.guest_count}`,
        `Contact: ${[g.email, g.phone].filter(Boolean).join(', ')}`,
        b.special_requests ? `Event details: ${b.special_requests}` : null,
        `Manage: ${opts.manageUrl}`,
      ]
        .filter((line) => line !== null)
        .join('\n'),
    });
  }
  return calendar.toString();
}

/** The guest's Add to calendar file for one booking. */
export function bookingIcs(
  venue: IcsVenue,
  b: IcsBooking,
  opts: { publicUrl: string; bookingUrl: string },
): string {
  const calendar = newCalendar(`Velvet: ${venue.name}`, venue.time_zone, opts.publicUrl);
  calendar.createEvent({
    id: uid(b.id, opts.publicUrl),
    start: b.starts_at,
    end: b.ends_at,
    stamp: b.updated_at,
    summary: `${venue.name} (Velvet booking)`,
    location: location(venue),
    status: STATUS[b.status],
    url: opts.bookingUrl,
    description: [
      venueTimeLine(b, venue.time_zone),
      `Address: ${venue.address}, ${venue.city}`,
      `Guests: ${b.guest_count}`,
      `Status: ${b.status}`,
      `Your bookings: ${opts.bookingUrl}`,
    ].join('\n'),
  });
  return calendar.toString();
}
