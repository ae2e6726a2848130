/** Serving the calendars: a venue's feed by its secret token, and one booking's .ics. */
import { and, asc, eq, gte } from 'drizzle-orm';
import { canOnBooking } from '@/domain/access';
import { notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { bookings, profiles, venueCalendarFeeds, venues } from '../../db/schema';
import {
  appUrl,
  bookingRef,
  BOOKING_NOT_FOUND,
  guestDashboardUrl,
  manageBookingsUrl,
  readableBooking,
} from '../bookings/shared';
import { bookingIcs, venueFeedIcs } from './ics';

export const FEED_NOT_FOUND = 'Calendar feed not found.';
/** Bookings that ended longer ago than this are left out of a feed. */
export const FEED_PAST_DAYS = 90;

/** The venue's feed (text/calendar) for a token, or 404 when no venue has that token now. */
export async function venueFeed(ctx: AppContext, token: string): Promise<string> {
  // Tokens are 43 URL-safe base64 characters; anything else cannot match.
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw notFound(FEED_NOT_FOUND);
  const [venue] = await ctx.db
    .select({
      id: venues.id,
      name: venues.name,
      address: venues.address,
      city: venues.city,
      time_zone: venues.time_zone,
    })
    .from(venueCalendarFeeds)
    .innerJoin(venues, eq(venues.id, venueCalendarFeeds.venue_id))
    .where(eq(venueCalendarFeeds.token, token));
  if (!venue) throw notFound(FEED_NOT_FOUND);
  const since = new Date(ctx.now().getTime() - FEED_PAST_DAYS * 86_400_000);
  const rows = await ctx.db
    .select({
      booking: bookings,
      guest: { full_name: profiles.full_name, email: bookings.contact_email, phone: bookings.contact_phone },
    })
    .from(bookings)
    .innerJoin(profiles, eq(profiles.id, bookings.user_id))
    .where(
      and(eq(bookings.venue_id, venue.id), eq(bookings.status, 'confirmed'), gte(bookings.ends_at, since)),
    )
    .orderBy(asc(bookings.starts_at), asc(bookings.id));
  return venueFeedIcs(venue, rows, {
    publicUrl: ctx.config.PUBLIC_URL,
    manageUrl: manageBookingsUrl(ctx, venue.id),
  });
}

/** One booking as an .ics file, for whoever may read the booking (else 404). */
export async function bookingCalendarFile(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
): Promise<{ filename: string; body: string }> {
  const { row, relation } = await readableBooking(ctx.db, viewer, id);
  if (!canOnBooking(viewerRef(viewer), bookingRef(row), 'exportCalendar')) throw notFound(BOOKING_NOT_FOUND);
  const bookingUrl =
    relation === 'guest'
      ? guestDashboardUrl(ctx)
      : relation === 'host'
        ? manageBookingsUrl(ctx, row.venue.id)
        : appUrl(ctx, `/edit-booking/${row.booking.id}`);
  const body = bookingIcs(row.venue, row.booking, { publicUrl: ctx.config.PUBLIC_URL, bookingUrl });
  const slug =
    row.venue.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'booking';
  return { filename: `velvet-${slug}-${row.booking.date}.ics`, body };
}
