import {
  adminBookingEditSchema,
  adminBookingQuerySchema,
  bookingApprovalSchema,
  bookingEditSchema,
  bookingRequestSchema,
  changesApprovalSchema,
  hostBookingQuerySchema,
  optionalReasonSchema,
} from '@/domain/schemas';
import type { AdminBookingPage, Booking, BookingList, Encoded, HostBookingPage } from '@/domain/contract';
import { endpoint, json, pathId } from '../http/endpoint';
import { LIMITS } from '../http/rate-limits';
import { VENUE_NOT_FOUND } from '../services/availability';
import * as bookings from '../services/bookings';
import { listAdminBookingsPage } from '../services/admin-lists';

const bookingId = { id: pathId(bookings.BOOKING_NOT_FOUND) };

/** Booking requests, the booking lifecycle (SPEC §4) and the booking lists of each role. */
export const BOOKING_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: '/bookings',
    tag: 'Bookings',
    summary: 'Request a booking',
    access: 'guest',
    body: bookingRequestSchema,
    ok: json('Booking', 201),
    idempotent: true,
    rateLimit: {
      count: [
        [LIMITS.bookingRequestsPerUser, 'user'],
        [LIMITS.bookingRequestsPerAddress, 'address'],
      ],
      signedInOnly: true,
      message: (wait) => `Too many booking requests. Please wait ${wait} and try again.`,
    },
    handler: async ({ ctx, viewer, body }) =>
      (await bookings.requestBooking(ctx, viewer, body)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'get',
    path: '/me/bookings',
    tag: 'Bookings',
    summary: "The guest's bookings",
    access: 'guest',
    ok: json('BookingList'),
    cache: 'no-store',
    handler: async ({ ctx, viewer }) =>
      ({ bookings: await bookings.listGuestBookings(ctx, viewer) }) satisfies Encoded<BookingList>,
  }),

  endpoint({
    method: 'get',
    path: '/host/bookings',
    tag: 'Bookings',
    summary: "The host's inbox: bookings of the host's venues, filtered and paged",
    description:
      'Requests awaiting the venue’s answer first, then upcoming bookings soonest first, then past ones; ' +
      'a venue_id that is not one of the host’s venues answers an empty page.',
    access: 'host',
    query: hostBookingQuerySchema,
    ok: json('HostBookingPage'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, query }) =>
      (await bookings.listHostInbox(ctx, viewer, query)) satisfies Encoded<HostBookingPage>,
  }),

  endpoint({
    method: 'get',
    path: '/venues/{id}/bookings',
    tag: 'Bookings',
    summary: "A venue's bookings",
    description: "The venue's host or the admin.",
    access: 'signed in',
    params: { id: pathId(VENUE_NOT_FOUND) },
    ok: json('BookingList'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      ({ bookings: await bookings.listVenueBookings(ctx, viewer, params.id) }) satisfies Encoded<BookingList>,
  }),

  endpoint({
    method: 'get',
    path: '/bookings/{id}',
    tag: 'Bookings',
    summary: 'One booking',
    access: 'signed in',
    params: bookingId,
    ok: json('Booking'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      (await bookings.getBooking(ctx, viewer, params.id)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/approve',
    tag: 'Bookings',
    summary: 'Approve a request',
    access: 'host or admin',
    params: bookingId,
    body: bookingApprovalSchema,
    bodyOptional: true,
    ok: json('Booking'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await bookings.approveBooking(ctx, viewer, params.id, body.updated_at)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/reject',
    tag: 'Bookings',
    summary: 'Reject a request',
    access: 'host or admin',
    params: bookingId,
    body: optionalReasonSchema,
    bodyOptional: true,
    ok: json('Booking'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await bookings.rejectBooking(ctx, viewer, params.id, body.reason)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/edit',
    tag: 'Bookings',
    summary: "Change a booking (back to the guest's approval)",
    access: 'host',
    params: bookingId,
    body: bookingEditSchema,
    ok: json('Booking'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await bookings.editBooking(ctx, viewer, params.id, body)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/approve-changes',
    tag: 'Bookings',
    summary: "Accept the venue's changes",
    access: 'guest',
    params: bookingId,
    body: changesApprovalSchema,
    bodyOptional: true,
    ok: json('Booking'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await bookings.approveChanges(ctx, viewer, params.id, body.updated_at)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'post',
    path: '/bookings/{id}/reject-changes',
    tag: 'Bookings',
    summary: "Decline the venue's changes",
    access: 'guest',
    params: bookingId,
    ok: json('Booking'),
    handler: async ({ ctx, viewer, params }) =>
      (await bookings.rejectChanges(ctx, viewer, params.id)) satisfies Encoded<Booking>,
  }),

  endpoint({
    method: 'get',
    path: '/admin/bookings',
    tag: 'Bookings',
    summary: 'Every booking, filtered and paged',
    access: 'admin',
    query: adminBookingQuerySchema,
    ok: json('AdminBookingPage'),
    cache: 'no-store',
    handler: async ({ ctx, query }) => {
      const { items, ...page } = await listAdminBookingsPage(ctx, query);
      return { bookings: items, ...page } satisfies Encoded<AdminBookingPage>;
    },
  }),

  endpoint({
    method: 'patch',
    path: '/admin/bookings/{id}',
    tag: 'Bookings',
    summary: "The admin's direct edit",
    access: 'admin',
    params: bookingId,
    body: adminBookingEditSchema,
    ok: json('Booking'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await bookings.adminUpdateBooking(ctx, viewer, params.id, body)) satisfies Encoded<Booking>,
  }),
];
