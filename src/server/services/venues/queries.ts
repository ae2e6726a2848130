/**
 * Reading venues: one venue in the view the viewer may have, and the host's venues (the admin's
 * paged list is services/admin-lists.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { canOnVenue } from '@/domain/access';
import { notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import type { Db } from '../../db/client';
import { venues } from '../../db/schema';
import {
  NEWEST_FIRST,
  VENUE_NOT_FOUND,
  fullColumns,
  publicPart,
  type FullRow,
  withImages,
  type FullVenue,
  type PublicVenue,
} from './shared';
import { UUID_PATTERN } from '@/domain/ids';

type Waiting = { resolve: (row: FullRow | undefined) => void; reject: (err: unknown) => void };
const batches = new WeakMap<Db, Map<string, Waiting[]>>();

/**
 * A venue's row by id. The reads asked during one turn of the event loop go to the database
 * together, as one query (under load, many detail pages and calendars of venues not kept yet
 * arrive at once; one statement for all of them costs little more than one for each).
 */
function venueRow(db: Db, id: string): Promise<FullRow | undefined> {
  // Not a UUID: nothing has that id, and it must not fail the other reads of its batch.
  if (!UUID_PATTERN.test(id)) return Promise.resolve(undefined);
  let batch = batches.get(db);
  if (!batch) {
    const ids = new Map<string, Waiting[]>();
    batches.set(db, (batch = ids));
    setImmediate(() => {
      batches.delete(db);
      db.select(fullColumns)
        .from(venues)
        .where(inArray(venues.id, [...ids.keys()]))
        .then(
          (rows) => {
            const byId = new Map(rows.map((row) => [row.id, row]));
            for (const [key, waiting] of ids) for (const w of waiting) w.resolve(byId.get(key));
          },
          (err: unknown) => {
            for (const waiting of ids.values()) for (const w of waiting) w.reject(err);
          },
        );
    });
  }
  const waiting = batch.get(id) ?? [];
  batch.set(id, waiting);
  return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
}

/**
 * A venue by id: every column for its owner and the admin (readPrivate), the public columns for
 * anyone else while it is active, 404 otherwise.
 */
export async function getVenue(
  ctx: AppContext,
  viewer: Viewer | null,
  id: string,
  opts: { countAsDetailRead?: boolean } = {},
): Promise<PublicVenue | FullVenue> {
  const who = viewerRef(viewer);
  // The public view of an active venue is kept in memory until that venue changes (decision 0031).
  const index = ctx.publicReads.enabled ? ctx.publicReads.index : undefined;
  const cachedDetail = opts.countAsDetailRead === false ? index?.peekDetail(id) : index?.detail(id);
  if (cachedDetail && !canOnVenue(who, cachedDetail, 'readPrivate')) return cachedDetail;
  const version = index?.version;
  const row = await venueRow(ctx.db, id);
  if (!row || !canOnVenue(who, row, 'read')) throw notFound(VENUE_NOT_FOUND);
  if (canOnVenue(who, row, 'readPrivate')) return withImages(row);
  const venue = withImages(publicPart(row));
  if (row.is_active && version !== undefined) index?.storeDetail(id, venue, version);
  return venue;
}

/** The host's own venues, every status, newest first (owner view). */
export async function listHostVenues(ctx: AppContext, viewer: Viewer): Promise<FullVenue[]> {
  const rows = await ctx.db
    .select(fullColumns)
    .from(venues)
    .where(eq(venues.host_id, viewer.profile.id))
    .orderBy(...NEWEST_FIRST);
  return rows.map(withImages);
}
