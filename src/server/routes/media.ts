import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { isSafeKey } from '../adapters/storage';
import { errorBody } from '../http/errors';

/** Stored keys: '{venueId}/{file}' with a safe file name. */
const MEDIA_KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\/[a-z0-9][a-z0-9._-]*$/;

/** Venue photos, served outside /api: keys never change content, so they are cached for a year. */
export function mediaRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/media/*', async (c) => {
    const key = c.req.path.slice('/media/'.length);
    const object = MEDIA_KEY.test(key) && isSafeKey(key) ? await ctx.storage.get(key) : null;
    if (!object) return c.json(errorBody('NOT_FOUND', 'Image not found.'), 404);
    const fileName = key.slice(key.lastIndexOf('/') + 1);
    return c.body(new Uint8Array(object.body), 200, {
      'content-type': object.contentType,
      'content-length': String(object.size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="${fileName}"`,
    });
  });

  return r;
}
