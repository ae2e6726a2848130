import { mailboxQuerySchema } from '@/domain/schemas';
import type {
  AdminStats,
  Encoded,
  GuestBookingStats,
  HostStats,
  Mailbox,
  VenueStats,
} from '@/domain/contract';
import { endpoint, json } from '../http/endpoint';
import { recentMail } from '../services/mailbox';
import * as stats from '../services/stats';

/** Dashboard tiles, and the admin's built-in mailbox. */
export const STATS_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/venues/stats',
    tag: 'Stats',
    summary: 'Public numbers of the home page',
    access: 'anyone',
    ok: json('VenueStats'),
    handler: async ({ ctx }) => (await stats.publicVenueStats(ctx)) satisfies VenueStats,
  }),

  endpoint({
    method: 'get',
    path: '/host/stats',
    tag: 'Stats',
    summary: "The host dashboard's tiles",
    access: 'host',
    ok: json('HostStats'),
    handler: async ({ ctx, viewer }) => (await stats.hostStats(ctx, viewer)) satisfies HostStats,
  }),

  endpoint({
    method: 'get',
    path: '/me/bookings/stats',
    tag: 'Stats',
    summary: "The guest dashboard's tiles",
    access: 'guest',
    ok: json('GuestBookingStats'),
    handler: async ({ ctx, viewer }) => (await stats.guestStats(ctx, viewer)) satisfies GuestBookingStats,
  }),

  endpoint({
    method: 'get',
    path: '/admin/stats',
    tag: 'Stats',
    summary: "The admin dashboard's tiles",
    access: 'admin',
    ok: json('AdminStats'),
    handler: async ({ ctx }) => (await stats.adminStats(ctx)) satisfies AdminStats,
  }),

  endpoint({
    method: 'get',
    path: '/admin/mailbox',
    tag: 'Operations',
    summary: 'The built-in mailbox (sent emails)',
    access: 'admin',
    query: mailboxQuerySchema,
    ok: json('Mailbox'),
    cache: 'no-store',
    handler: async ({ ctx, query }) => (await recentMail(ctx, query.limit)) satisfies Encoded<Mailbox>,
  }),
];
