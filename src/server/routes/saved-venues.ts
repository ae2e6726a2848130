import type { Encoded, SavedVenueState, SavedVenues } from '@/domain/contract';
import { endpoint, json, pathId } from '../http/endpoint';
import * as saved from '../services/saved-venues';
import { VENUE_NOT_FOUND } from '../services/venues/shared';

const venueId = { id: pathId(VENUE_NOT_FOUND) };

/** Saved venues (issue 31): a signed-in guest's own list. */
export const SAVED_VENUE_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/me/saved-venues',
    tag: 'Saved venues',
    summary: 'My saved venues (listed ones only), last saved first',
    access: 'guest',
    ok: json('SavedVenues'),
    cache: 'no-store',
    handler: async ({ ctx, viewer }) =>
      (await saved.listSavedVenues(ctx, viewer)) satisfies Encoded<SavedVenues>,
  }),
  endpoint({
    method: 'put',
    path: '/me/saved-venues/{id}',
    tag: 'Saved venues',
    summary: 'Save a venue (saving it again changes nothing)',
    access: 'guest',
    params: venueId,
    ok: json('SavedVenueState'),
    handler: async ({ ctx, viewer, params }) =>
      (await saved.saveVenue(ctx, viewer, params.id)) satisfies SavedVenueState,
  }),
  endpoint({
    method: 'delete',
    path: '/me/saved-venues/{id}',
    tag: 'Saved venues',
    summary: 'Remove a venue from my saved venues',
    access: 'guest',
    params: venueId,
    ok: json('SavedVenueState'),
    handler: async ({ ctx, viewer, params }) =>
      (await saved.unsaveVenue(ctx, viewer, params.id)) satisfies SavedVenueState,
  }),
];
