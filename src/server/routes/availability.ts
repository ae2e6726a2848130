import {
  availabilityRangeSchema,
  dateOverrideSchema,
  hoursBodySchema,
  overridePatchSchema,
  type DateOverrideInput,
} from '@/domain/schemas';
import type { Encoded, Ok, OverrideList, StoredOverride, Venue, VenueAvailability } from '@/domain/contract';
import { sendJson } from '../http/content-length';
import { endpoint, json, pathId } from '../http/endpoint';
import { getViewer } from '../http/viewer';
import * as availability from '../services/availability';
import { getVenue } from '../services/venues';

const venueId = { id: pathId(availability.VENUE_NOT_FOUND) };
const overrideIds = { ...venueId, overrideId: pathId('Date override not found.') };

/** The venue calendar: weekly hours, date overrides and the confirmed times (SPEC §3, §4). */
export const AVAILABILITY_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/venues/{id}/availability',
    tag: 'Availability',
    summary: 'Weekly hours, date overrides and confirmed times',
    access: 'anyone',
    params: venueId,
    query: availabilityRangeSchema,
    ok: json('VenueAvailability'),
    cache: 'no-store',
    handler: async ({ ctx, c, params, query }) => {
      const viewer = await getViewer(ctx, c);
      const calendar = await availability.getAvailability(ctx, viewer, params.id, query);
      return sendJson(c, JSON.stringify(calendar satisfies VenueAvailability));
    },
  }),

  endpoint({
    method: 'put',
    path: '/venues/{id}/hours',
    tag: 'Availability',
    summary: 'Replace the weekly hours',
    access: 'host',
    params: venueId,
    body: hoursBodySchema,
    ok: json('Venue'),
    handler: async ({ ctx, viewer, params, body }) => {
      await availability.updateHours(ctx, viewer, params.id, body.hours);
      return (await getVenue(ctx, viewer, params.id)) satisfies Encoded<Venue>;
    },
  }),

  endpoint({
    method: 'get',
    path: '/venues/{id}/overrides',
    tag: 'Availability',
    summary: 'Date overrides with their ids',
    access: 'signed in',
    params: venueId,
    ok: json('OverrideList'),
    cache: 'no-store',
    handler: async ({ ctx, viewer, params }) =>
      ({
        overrides: await availability.listOverrides(ctx, viewer, params.id),
      }) satisfies Encoded<OverrideList>,
  }),

  endpoint({
    method: 'post',
    path: '/venues/{id}/overrides',
    tag: 'Availability',
    summary: 'Add a date override',
    access: 'host',
    params: venueId,
    body: dateOverrideSchema,
    ok: json('StoredOverride', 201),
    handler: async ({ ctx, viewer, params, body }) =>
      (await availability.upsertOverride(ctx, viewer, params.id, body)) satisfies Encoded<StoredOverride>,
  }),

  endpoint({
    method: 'patch',
    path: '/venues/{id}/overrides/{overrideId}',
    tag: 'Availability',
    summary: 'Change a date override (only the fields sent)',
    access: 'host',
    params: overrideIds,
    body: overridePatchSchema,
    ok: json('StoredOverride'),
    handler: async ({ ctx, c, viewer, params, body }) => {
      // Only the fields sent change: the schema's defaults must not reset the others.
      const sent = (await c.req.json()) as object;
      const changes = Object.fromEntries(
        Object.entries(body).filter(([key]) => key in sent),
      ) as Partial<DateOverrideInput>;
      return (await availability.updateOverride(
        ctx,
        viewer,
        params.id,
        params.overrideId,
        changes,
      )) satisfies Encoded<StoredOverride>;
    },
  }),

  endpoint({
    method: 'delete',
    path: '/venues/{id}/overrides/{overrideId}',
    tag: 'Availability',
    summary: 'Remove a date override',
    access: 'host',
    params: overrideIds,
    ok: json('Ok'),
    handler: async ({ ctx, viewer, params }) => {
      await availability.deleteOverride(ctx, viewer, params.id, params.overrideId);
      return { ok: true } satisfies Ok;
    },
  }),
];
