import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  adminBookingEditSchema,
  bookingEditSchema,
  bookingRequestSchema,
  optionalReasonSchema,
} from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { readJson, readOptionalJson, readQuery, uuidParam } from '../http/validate';
import { requireRole, requireViewer } from '../http/viewer';
import { VENUE_NOT_FOUND } from '../services/availability';
import * as bookings from '../services/bookings';
import { listAdminBookingsPage } from '../services/admin-lists';
import { adminBookingQuerySchema } from '@/domain/schemas';
import type { AdminBookingPage, Booking, BookingList, Encoded } from '@/domain/contract';

const bookingId = (c: Context) => uuidParam(c, 'id', bookings.BOOKING_NOT_FOUND);

/**
 * The booking's updated_at as the caller's page read it (an ISO 8601 date-time, as the API
 * sends it): the action applies only to that version of the booking.
 */
const seenUpdatedAt = z
  .string({
    // Left out: the default message, which describeZodError turns into "Updated at is required."
    error: (issue) => (issue.input === undefined ? undefined : 'Updated at must be text.'),
  })
  .pipe(z.iso.datetime({ offset: true, error: 'Updated at must be an ISO 8601 date and time.' }))
  .transform((v) => new Date(v));

/** POST /bookings/:id/approve-changes: the version of the booking whose changes the guest saw. */
export const approveChangesSchema = z.object(
  { updated_at: seenUpdatedAt },
  { error: 'Invalid request body.' },
);
/** POST /bookings/:id/approve: optionally, the version of the booking the host saw. */
export const approveSchema = z.object(
  { updated_at: seenUpdatedAt.optional() },
  { error: 'Invalid request body.' },
);

/** Booking requests, the booking lifecycle (SPEC §4) and the booking lists of each role. */
export function bookingRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/bookings', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    const input = await readJson(c, bookingRequestSchema);
    return c.json((await bookings.requestBooking(ctx, viewer, input)) satisfies Encoded<Booking>, 201);
  });

  r.get('/me/bookings', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    c.header('cache-control', 'no-store');
    return c.json({ bookings: await bookings.listGuestBookings(ctx, viewer) } satisfies Encoded<BookingList>);
  });

  r.get('/host/bookings', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    c.header('cache-control', 'no-store');
    return c.json({ bookings: await bookings.listHostBookings(ctx, viewer) } satisfies Encoded<BookingList>);
  });

  r.get('/venues/:id/bookings', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', VENUE_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json({
      bookings: await bookings.listVenueBookings(ctx, viewer, id),
    } satisfies Encoded<BookingList>);
  });

  r.get('/bookings/:id', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = bookingId(c);
    c.header('cache-control', 'no-store');
    return c.json((await bookings.getBooking(ctx, viewer, id)) satisfies Encoded<Booking>);
  });

  r.post('/bookings/:id/approve', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    const id = bookingId(c);
    const { updated_at } = await readOptionalJson(c, approveSchema);
    return c.json((await bookings.approveBooking(ctx, viewer, id, updated_at)) satisfies Encoded<Booking>);
  });

  r.post('/bookings/:id/reject', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    const id = bookingId(c);
    const { reason } = await readOptionalJson(c, optionalReasonSchema);
    return c.json((await bookings.rejectBooking(ctx, viewer, id, reason)) satisfies Encoded<Booking>);
  });

  r.post('/bookings/:id/edit', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const id = bookingId(c);
    const input = await readJson(c, bookingEditSchema);
    return c.json((await bookings.editBooking(ctx, viewer, id, input)) satisfies Encoded<Booking>);
  });

  r.post('/bookings/:id/approve-changes', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    const id = bookingId(c);
    const { updated_at } = await readOptionalJson(c, approveChangesSchema);
    return c.json((await bookings.approveChanges(ctx, viewer, id, updated_at)) satisfies Encoded<Booking>);
  });

  r.post('/bookings/:id/reject-changes', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    return c.json((await bookings.rejectChanges(ctx, viewer, bookingId(c))) satisfies Encoded<Booking>);
  });

  r.get('/admin/bookings', async (c) => {
    await requireRole(ctx, c, 'admin');
    const query = readQuery(c, adminBookingQuerySchema);
    c.header('cache-control', 'no-store');
    const { items, ...page } = await listAdminBookingsPage(ctx, query);
    return c.json({ bookings: items, ...page } satisfies Encoded<AdminBookingPage>);
  });

  r.patch('/admin/bookings/:id', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = bookingId(c);
    const input = await readJson(c, adminBookingEditSchema);
    return c.json((await bookings.adminUpdateBooking(ctx, viewer, id, input)) satisfies Encoded<Booking>);
  });

  return r;
}
