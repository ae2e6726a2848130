import { Hono } from 'hono';
import { notFound } from '@/domain/errors';
import type { CalendarFeed, Encoded } from '@/domain/contract';
import type { AppContext, AppEnv } from '../context';
import { uuidParam } from '../http/validate';
import { requireViewer } from '../http/viewer';
import { BOOKING_NOT_FOUND } from '../services/bookings/shared';
import * as calendar from '../services/calendar';
import { VENUE_NOT_FOUND } from '../services/venues';

const ICS = 'text/calendar; charset=utf-8';

/** Calendars that sync: the venue's private feed (read without a session) and a booking's .ics. */
export function calendarRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/venues/:id/calendar-feed', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', VENUE_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json((await calendar.getCalendarFeed(ctx, viewer, id)) satisfies Encoded<CalendarFeed>);
  });

  r.post('/venues/:id/calendar-feed', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', VENUE_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json((await calendar.regenerateCalendarFeed(ctx, viewer, id)) satisfies Encoded<CalendarFeed>);
  });

  // The feed is read by calendar apps, which carry no session: the secret token is the key.
  r.get('/calendar/venues/:file', async (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) throw notFound(calendar.FEED_NOT_FOUND);
    const body = await calendar.venueFeed(ctx, file.slice(0, -'.ics'.length));
    return c.body(body, 200, {
      'content-type': ICS,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    });
  });

  r.get('/bookings/:id/calendar.ics', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', BOOKING_NOT_FOUND);
    const { filename, body } = await calendar.bookingCalendarFile(ctx, viewer, id);
    return c.body(body, 200, {
      'content-type': ICS,
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    });
  });

  return r;
}
