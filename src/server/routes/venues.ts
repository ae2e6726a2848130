import type { Context } from 'hono';
import {
  adminVenueQuerySchema,
  imageOrderSchema,
  imageRemovalQuerySchema,
  optionalReasonSchema,
  venueApprovalSchema,
  venueInputSchema,
  venueListQuerySchema,
  venueRejectionSchema,
  venueUpdateSchema,
} from '@/domain/schemas';
import { AppError, invalid } from '@/domain/errors';
import type {
  AdminVenuePage,
  Encoded,
  FullVenue,
  HostVenueList,
  Ok,
  Venue,
  VenueImageAdded,
  VenueImageList,
} from '@/domain/contract';
import type { AppEnv } from '../context';
import { COMPRESS_THRESHOLD, acceptsGzip, sendJson } from '../http/content-length';
import { endpoint, json, pathId } from '../http/endpoint';
import { getViewer } from '../http/viewer';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '../images/pipeline';
import * as venues from '../services/venues';
import { listAdminVenuesPage } from '../services/admin-lists';
import type { UploadedFile } from '../services/venues';

const venueId = { id: pathId(venues.VENUE_NOT_FOUND) };

/** The single file of a multipart upload (field `file`). */
async function readUpload(c: Context<AppEnv>): Promise<UploadedFile> {
  const type = (c.req.header('content-type') ?? '').toLowerCase();
  if (!type.includes('multipart/form-data')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the photo as multipart/form-data in the field "file".',
      { reason: 'UNSUPPORTED_MEDIA_TYPE' },
    );
  }
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch (err) {
    if ((err as { status?: number }).status === 413) throw err;
    throw invalid('The upload could not be read. Please try again.', 'file');
  }
  const file = form.get('file');
  if (!(file instanceof File)) throw invalid('Please choose an image to upload.', 'file');
  if (file.size > MAX_IMAGE_BYTES)
    throw new AppError('too_large', IMAGE_TOO_LARGE_MESSAGE, { reason: 'PAYLOAD_TOO_LARGE' });
  return { name: file.name || 'image', bytes: new Uint8Array(await file.arrayBuffer()) };
}

/**
 * The JSON of a venue detail, made once per detail object: a kept public detail (decision 0031)
 * is the same object until its venue changes, so its text is reused; a changed venue's detail
 * is a new object, and the text of one no longer kept goes with it.
 */
const texts = new WeakMap<object, string>();
function jsonText(venue: object): string {
  let text = texts.get(venue);
  if (text === undefined) texts.set(venue, (text = JSON.stringify(venue)));
  return text;
}

/** Venues: the public list and detail, host and admin management, photos. */
export const VENUE_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/venues',
    tag: 'Venues',
    summary: 'Active venues, filtered, sorted and paged',
    access: 'anyone',
    query: venueListQuerySchema,
    ok: json('VenueListPage'),
    handler: async ({ ctx, c, query }) => {
      const page = await venues.listVenuesJson(ctx, query);
      // Cached pages are sent as they are, gzipped once per page for clients that accept it.
      // Vary and Content-Length (or Content-Encoding) are set here so the compress middleware
      // leaves the response alone instead of re-encoding it as a stream on every request.
      const headers = { 'content-type': 'application/json; charset=UTF-8', vary: 'Accept-Encoding' };
      if (page.byteLength >= COMPRESS_THRESHOLD && acceptsGzip(c.req.header('accept-encoding'))) {
        const gzipped = page.gzip();
        return c.body(gzipped, 200, {
          ...headers,
          'content-encoding': 'gzip',
          'content-length': String(gzipped.byteLength),
        });
      }
      return c.body(page.json, 200, { ...headers, 'content-length': String(page.byteLength) });
    },
  }),

  endpoint({
    method: 'post',
    path: '/venues',
    tag: 'Venues',
    summary: 'Add a venue (pending approval)',
    access: 'host',
    body: venueInputSchema,
    ok: json('FullVenue', 201),
    handler: async ({ ctx, viewer, body }) =>
      (await venues.createVenue(ctx, viewer, body)) satisfies Encoded<FullVenue>,
  }),

  endpoint({
    method: 'get',
    path: '/venues/{id}',
    tag: 'Venues',
    summary: 'One venue (private fields for its host and the admin)',
    access: 'anyone',
    params: venueId,
    ok: json('Venue'),
    handler: async ({ ctx, c, params }) => {
      const viewer = await getViewer(ctx, c);
      const venue = await venues.getVenue(ctx, viewer, params.id);
      if (viewer) c.header('cache-control', 'private, no-store');
      return sendJson(c, jsonText(venue satisfies Encoded<Venue>));
    },
  }),

  endpoint({
    method: 'patch',
    path: '/venues/{id}',
    tag: 'Venues',
    summary: 'Edit a venue',
    access: 'host or admin',
    params: venueId,
    body: venueUpdateSchema,
    ok: json('Venue'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await venues.updateVenue(ctx, viewer, params.id, body)) satisfies Encoded<Venue>,
  }),

  endpoint({
    method: 'delete',
    path: '/venues/{id}',
    tag: 'Venues',
    summary: 'Delete a venue',
    access: 'admin',
    params: venueId,
    body: optionalReasonSchema,
    bodyOptional: true,
    ok: json('Ok'),
    handler: async ({ ctx, viewer, params, body }) => {
      await venues.deleteVenue(ctx, viewer, params.id, body.reason);
      return { ok: true } satisfies Ok;
    },
  }),

  endpoint({
    method: 'post',
    path: '/venues/{id}/images',
    tag: 'Venues',
    summary: 'Upload a photo',
    access: 'host or admin',
    params: venueId,
    // Room for the multipart framing around one image of the largest allowed size.
    upload: { maxBytes: MAX_IMAGE_BYTES + 256 * 1024, tooLarge: IMAGE_TOO_LARGE_MESSAGE },
    ok: json('VenueImageAdded', 201),
    handler: async ({ ctx, c, viewer, params }) => {
      const file = await readUpload(c);
      return (await venues.addVenueImage(ctx, viewer, params.id, file)) satisfies VenueImageAdded;
    },
  }),

  endpoint({
    method: 'delete',
    path: '/venues/{id}/images',
    tag: 'Venues',
    summary: 'Remove a photo',
    access: 'host or admin',
    params: venueId,
    query: imageRemovalQuerySchema,
    ok: json('VenueImageList'),
    handler: async ({ ctx, viewer, params, query }) => {
      const path = query.path?.trim();
      if (!path) throw invalid('Say which image to remove (query parameter path).', 'path');
      return (await venues.removeVenueImage(ctx, viewer, params.id, path)) satisfies VenueImageList;
    },
  }),

  endpoint({
    method: 'put',
    path: '/venues/{id}/images/order',
    tag: 'Venues',
    summary: 'Reorder the photos',
    access: 'host or admin',
    params: venueId,
    body: imageOrderSchema,
    ok: json('VenueImageList'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await venues.reorderVenueImages(ctx, viewer, params.id, body.images)) satisfies VenueImageList,
  }),

  endpoint({
    method: 'get',
    path: '/host/venues',
    tag: 'Venues',
    summary: "The host's own venues",
    access: 'host',
    ok: json('HostVenueList'),
    cache: 'private, no-store',
    handler: async ({ ctx, viewer }) =>
      ({ venues: await venues.listHostVenues(ctx, viewer) }) satisfies Encoded<HostVenueList>,
  }),

  endpoint({
    method: 'get',
    path: '/admin/venues',
    tag: 'Venues',
    summary: 'Every venue, filtered and paged',
    access: 'admin',
    query: adminVenueQuerySchema,
    ok: json('AdminVenuePage'),
    cache: 'private, no-store',
    handler: async ({ ctx, query }) => {
      const { items, ...page } = await listAdminVenuesPage(ctx, query);
      return { venues: items, ...page } satisfies Encoded<AdminVenuePage>;
    },
  }),

  endpoint({
    method: 'post',
    path: '/admin/venues/{id}/approve',
    tag: 'Venues',
    summary: 'Approve a venue',
    access: 'admin',
    params: venueId,
    body: venueApprovalSchema,
    bodyOptional: true,
    ok: json('FullVenue'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await venues.decideVenue(ctx, viewer, params.id, body)) satisfies Encoded<FullVenue>,
  }),

  endpoint({
    method: 'post',
    path: '/admin/venues/{id}/reject',
    tag: 'Venues',
    summary: 'Reject a venue (notes required)',
    access: 'admin',
    params: venueId,
    body: venueRejectionSchema,
    // Left out, the body is {} and the missing reason is named.
    bodyOptional: true,
    ok: json('FullVenue'),
    handler: async ({ ctx, viewer, params, body }) =>
      (await venues.decideVenue(ctx, viewer, params.id, body)) satisfies Encoded<FullVenue>,
  }),
];
