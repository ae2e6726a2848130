import type { Encoded, WaitlistDemand, WaitlistEntry, WaitlistList } from '@/domain/contract';
import { waitlistJoinSchema } from '@/domain/schemas';
import { WAITLIST_MESSAGES } from '@/domain/waitlist';
import { endpoint, json, noContent, pathId } from '../http/endpoint';
import { LIMITS } from '../http/rate-limits';
import { VENUE_NOT_FOUND } from '../services/venues/shared';
import * as waitlist from '../services/waitlist';

/** The waitlist for a taken night (issue 14): join, the guest's list, leave, the host's demand. */
export const WAITLIST_ENDPOINTS = [
  endpoint({
    method: 'post',
    path: '/waitlist',
    tag: 'Waitlist',
    summary: 'Join the waitlist for a taken time (rate limited)',
    access: 'guest',
    body: waitlistJoinSchema,
    ok: json('WaitlistEntry', 201),
    rateLimit: {
      count: [[LIMITS.waitlistJoinsPerUser, 'user']],
      signedInOnly: true,
      message: (wait) => `Too many waitlist requests. Please wait ${wait} and try again.`,
    },
    handler: async ({ ctx, viewer, body }) =>
      (await waitlist.joinWaitlist(ctx, viewer, body)) satisfies Encoded<WaitlistEntry>,
  }),

  endpoint({
    method: 'get',
    path: '/me/waitlist',
    tag: 'Waitlist',
    summary: "The signed-in guest's waitlist entries",
    access: 'guest',
    ok: json('WaitlistList'),
    cache: 'no-store',
    handler: async ({ ctx, viewer }) =>
      ({ entries: await waitlist.listMyWaitlist(ctx, viewer) }) satisfies Encoded<WaitlistList>,
  }),

  endpoint({
    method: 'delete',
    path: '/waitlist/{id}',
    tag: 'Waitlist',
    summary: 'Leave a waitlist',
    access: 'signed in',
    params: { id: pathId(WAITLIST_MESSAGES.notFound) },
    ok: noContent,
    handler: async ({ ctx, viewer, params }) => {
      await waitlist.leaveWaitlist(ctx, viewer, params.id);
    },
  }),

  endpoint({
    method: 'get',
    path: '/venues/{id}/waitlist-demand',
    tag: 'Waitlist',
    summary: 'How many guests wait for each date (the venue calendar)',
    description: "The venue's host or the admin.",
    access: 'signed in',
    params: { id: pathId(VENUE_NOT_FOUND) },
    ok: json('WaitlistDemand'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      (await waitlist.venueWaitlistDemand(ctx, viewer, params.id)) satisfies Encoded<WaitlistDemand>,
  }),
];
