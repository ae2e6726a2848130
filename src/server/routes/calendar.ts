import { notFound } from '@/domain/errors';
import type { CalendarFeed, Encoded } from '@/domain/contract';
import { endpoint, json, media, pathId, pathText } from '../http/endpoint';
import { BOOKING_NOT_FOUND } from '../services/bookings/shared';
import * as calendar from '../services/calendar';
import { VENUE_NOT_FOUND } from '../services/venues';

const ICS = 'text/calendar; charset=utf-8';
const venueId = { id: pathId(VENUE_NOT_FOUND) };

/** Calendars that sync: the venue's private feed (read without a session) and a booking's .ics. */
export const CALENDAR_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/venues/{id}/calendar-feed',
    tag: 'Calendars',
    summary: "The venue's private iCal feed URL (null until created)",
    description: "Only the venue's own host.",
    access: 'signed in',
    params: venueId,
    ok: json('CalendarFeed'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      (await calendar.getCalendarFeed(ctx, viewer, params.id)) satisfies Encoded<CalendarFeed>,
  }),

  endpoint({
    method: 'post',
    path: '/venues/{id}/calendar-feed',
    tag: 'Calendars',
    summary: 'Create the feed URL, or replace it (the old URL stops working)',
    description: "Only the venue's own host.",
    access: 'signed in',
    params: venueId,
    ok: json('CalendarFeed'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      (await calendar.regenerateCalendarFeed(ctx, viewer, params.id)) satisfies Encoded<CalendarFeed>,
  }),

  // The feed is read by calendar apps, which carry no session: the secret token is the key.
  endpoint({
    method: 'get',
    path: '/calendar/venues/{file}',
    tag: 'Calendars',
    summary: "A venue's confirmed bookings as iCalendar",
    description:
      '`file` is the secret token followed by `.ics`, as in the URL the host was given. No session.',
    access: 'secret URL',
    params: { file: pathText() },
    ok: media(
      'text/calendar',
      'One VEVENT per confirmed booking, start and end in UTC; X-WR-TIMEZONE is the venue’s zone.',
    ),
    handler: async ({ ctx, c, params: { file } }) => {
      if (!file.endsWith('.ics')) throw notFound(calendar.FEED_NOT_FOUND);
      const body = await calendar.venueFeed(ctx, file.slice(0, -'.ics'.length));
      return c.body(body, 200, {
        'content-type': ICS,
        'cache-control': 'private, no-store',
        'x-robots-tag': 'noindex',
      });
    },
  }),

  endpoint({
    method: 'get',
    path: '/bookings/{id}/calendar.ics',
    tag: 'Calendars',
    summary: 'One booking as an .ics file (Add to calendar)',
    access: 'signed in',
    params: { id: pathId(BOOKING_NOT_FOUND) },
    ok: media(
      'text/calendar',
      'An attachment with one VEVENT: the venue’s name and address, start and end in UTC.',
    ),
    handler: async ({ ctx, c, viewer, params }) => {
      const { filename, body } = await calendar.bookingCalendarFile(ctx, viewer, params.id);
      return c.body(body, 200, {
        'content-type': ICS,
        'content-disposition': `attachment; filename="${filename}"`,
        'cache-control': 'private, no-store',
      });
    },
  }),
];
