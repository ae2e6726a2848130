import { Hono, type Context } from 'hono';
import { adminBookingEditSchema, bookingEditSchema, bookingRequestSchema } from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { readJson, uuidParam } from '../http/validate';
import { requireRole, requireViewer } from '../http/viewer';
import { VENUE_NOT_FOUND } from '../services/availability';
import * as bookings from '../services/bookings';

const bookingId = (c: Context) => uuidParam(c, 'id', bookings.BOOKING_NOT_FOUND);

/** A body that may be left out entirely (POST /bookings/:id/reject): no or an empty body means no reason. */
async function readOptionalJson(c: Context<AppEnv>) {
  if (!(await c.req.text()).trim()) return { reason: null };
  return readJson(c, bookings.bookingRejectionSchema);
}

/** Booking requests, the booking lifecycle (SPEC §4) and the booking lists of each role. */
export function bookingRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.post('/bookings', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    const input = await readJson(c, bookingRequestSchema);
    return c.json(await bookings.requestBooking(ctx, viewer, input), 201);
  });

  r.get('/me/bookings', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    c.header('cache-control', 'no-store');
    return c.json({ bookings: await bookings.listGuestBookings(ctx, viewer) });
  });

  r.get('/host/bookings', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    c.header('cache-control', 'no-store');
    return c.json({ bookings: await bookings.listHostBookings(ctx, viewer) });
  });

  r.get('/venues/:id/bookings', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = uuidParam(c, 'id', VENUE_NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json({ bookings: await bookings.listVenueBookings(ctx, viewer, id) });
  });

  r.get('/bookings/:id', async (c) => {
    const viewer = await requireViewer(ctx, c);
    const id = bookingId(c);
    c.header('cache-control', 'no-store');
    return c.json(await bookings.getBooking(ctx, viewer, id));
  });

  r.post('/bookings/:id/approve', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    return c.json(await bookings.approveBooking(ctx, viewer, bookingId(c)));
  });

  r.post('/bookings/:id/reject', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    const id = bookingId(c);
    const { reason } = await readOptionalJson(c);
    return c.json(await bookings.rejectBooking(ctx, viewer, id, reason));
  });

  r.post('/bookings/:id/edit', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const id = bookingId(c);
    const input = await readJson(c, bookingEditSchema);
    return c.json(await bookings.editBooking(ctx, viewer, id, input));
  });

  r.post('/bookings/:id/approve-changes', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    return c.json(await bookings.approveChanges(ctx, viewer, bookingId(c)));
  });

  r.post('/bookings/:id/reject-changes', async (c) => {
    const viewer = await requireRole(ctx, c, 'user');
    return c.json(await bookings.rejectChanges(ctx, viewer, bookingId(c)));
  });

  r.get('/admin/bookings', async (c) => {
    await requireRole(ctx, c, 'admin');
    c.header('cache-control', 'no-store');
    return c.json({ bookings: await bookings.listAllBookings(ctx) });
  });

  r.patch('/admin/bookings/:id', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = bookingId(c);
    const input = await readJson(c, adminBookingEditSchema);
    return c.json(await bookings.adminUpdateBooking(ctx, viewer, id, input));
  });

  return r;
}
