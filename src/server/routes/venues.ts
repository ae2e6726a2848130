import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { venueListQuerySchema } from '@/domain/filters';
import {
  optionalReasonSchema,
  venueDecisionSchema,
  venueInputSchema,
  venueUpdateSchema,
} from '@/domain/schemas';
import type { AppContext, AppEnv } from '../context';
import { AppError, invalid } from '@/domain/errors';
import { COMPRESS_THRESHOLD, acceptsGzip, sendJson } from '../http/content-length';
import { errorBody } from '../http/errors';
import { readJson, readOptionalJson, readQuery, uuidParam } from '../http/validate';
import { getViewer, requireRole } from '../http/viewer';
import { IMAGE_TOO_LARGE_MESSAGE, MAX_IMAGE_BYTES } from '../images/pipeline';
import * as venues from '../services/venues';
import { listAdminVenuesPage } from '../services/admin-lists';
import { adminVenueQuerySchema } from '@/domain/schemas';
import type { UploadedFile } from '../services/venues';
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

/** Room for the multipart framing around one image of the largest allowed size. */
const UPLOAD_BODY_LIMIT = MAX_IMAGE_BYTES + 256 * 1024;

const approveSchema = z.preprocess((b) => ({ ...(b as object), action: 'approve' }), venueDecisionSchema);
const rejectSchema = z.preprocess((b) => ({ ...(b as object), action: 'reject' }), venueDecisionSchema);
export const orderSchema = z.object(
  {
    images: z
      .array(z.string({ error: 'Each image must be a path.' }), { error: 'Images must be a list of paths.' })
      .max(100, 'Too many images.'),
  },
  { error: 'Invalid request body.' },
);
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
function jsonOf(venue: object): string {
  let json = texts.get(venue);
  if (json === undefined) texts.set(venue, (json = JSON.stringify(venue)));
  return json;
}

/** Venues: the public list and detail, host and admin management, photos. */
export function venueRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const venueId = (c: Context<AppEnv>) => uuidParam(c, 'id', venues.VENUE_NOT_FOUND);

  r.get('/venues', async (c) => {
    const query = readQuery(c, venueListQuerySchema);
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
  });

  r.post('/venues', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    const input = await readJson(c, venueInputSchema);
    return c.json((await venues.createVenue(ctx, viewer, input)) satisfies Encoded<FullVenue>, 201);
  });

  r.get('/venues/:id', async (c) => {
    const id = venueId(c);
    const viewer = await getViewer(ctx, c);
    const venue = await venues.getVenue(ctx, viewer, id);
    if (viewer) c.header('cache-control', 'private, no-store');
    return sendJson(c, jsonOf(venue satisfies Encoded<Venue>));
  });

  r.patch('/venues/:id', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    const id = venueId(c);
    const patch = await readJson(c, venueUpdateSchema);
    return c.json((await venues.updateVenue(ctx, viewer, id, patch)) satisfies Encoded<Venue>);
  });

  r.delete('/venues/:id', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = venueId(c);
    const { reason } = await readOptionalJson(c, optionalReasonSchema);
    await venues.deleteVenue(ctx, viewer, id, reason);
    return c.json({ ok: true } satisfies Ok);
  });

  r.post(
    '/venues/:id/images',
    bodyLimit({
      maxSize: UPLOAD_BODY_LIMIT,
      onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', IMAGE_TOO_LARGE_MESSAGE), 413),
    }),
    async (c) => {
      const viewer = await requireRole(ctx, c, 'host', 'admin');
      const id = venueId(c);
      const file = await readUpload(c);
      return c.json((await venues.addVenueImage(ctx, viewer, id, file)) satisfies VenueImageAdded, 201);
    },
  );

  r.delete('/venues/:id/images', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    const id = venueId(c);
    const path = c.req.query('path')?.trim();
    if (!path) throw invalid('Say which image to remove (query parameter path).', 'path');
    return c.json((await venues.removeVenueImage(ctx, viewer, id, path)) satisfies VenueImageList);
  });

  r.put('/venues/:id/images/order', async (c) => {
    const viewer = await requireRole(ctx, c, 'host', 'admin');
    const id = venueId(c);
    const { images } = await readJson(c, orderSchema);
    return c.json((await venues.reorderVenueImages(ctx, viewer, id, images)) satisfies VenueImageList);
  });

  r.get('/host/venues', async (c) => {
    const viewer = await requireRole(ctx, c, 'host');
    c.header('cache-control', 'private, no-store');
    return c.json({ venues: await venues.listHostVenues(ctx, viewer) } satisfies Encoded<HostVenueList>);
  });

  r.get('/admin/venues', async (c) => {
    await requireRole(ctx, c, 'admin');
    const query = readQuery(c, adminVenueQuerySchema);
    c.header('cache-control', 'private, no-store');
    const { items, ...page } = await listAdminVenuesPage(ctx, query);
    return c.json({ venues: items, ...page } satisfies Encoded<AdminVenuePage>);
  });

  r.post('/admin/venues/:id/approve', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = venueId(c);
    const decision = await readOptionalJson(c, approveSchema);
    return c.json((await venues.decideVenue(ctx, viewer, id, decision)) satisfies Encoded<FullVenue>);
  });

  r.post('/admin/venues/:id/reject', async (c) => {
    const viewer = await requireRole(ctx, c, 'admin');
    const id = venueId(c);
    const decision = await readOptionalJson(c, rejectSchema);
    return c.json((await venues.decideVenue(ctx, viewer, id, decision)) satisfies Encoded<FullVenue>);
  });

  return r;
}
