/**
 * Loading a venue for what the viewer wants to do with it, by the access policy
 * (src/domain/access.ts): not found when they may not know it exists, forbidden when they see
 * it but may not do this. Shared by the venue, availability and booking use cases.
 */
import { eq } from 'drizzle-orm';
import { canOnVenue, venueRelation, type VenueAction } from '@/domain/access';
import { forbidden, notFound } from '@/domain/errors';
import { viewerRef, type Viewer } from '../../viewer';
import type { DbOrTx } from '../../db/client';
import { venues, type Venue } from '../../db/schema';
import { EDIT_OWN_VENUES_ONLY, VENUE_NOT_FOUND, fullColumns, type FullRow } from './shared';

export async function findVenue(
  db: DbOrTx,
  id: string,
  lock?: 'update' | 'share',
): Promise<Venue | undefined> {
  const query = db.select().from(venues).where(eq(venues.id, id));
  const [venue] = lock ? await query.for(lock) : await query;
  return venue;
}

/**
 * The venue if the viewer may do `action` on it: 404 'Venue not found' when the viewer may not
 * even know it exists, 403 when they see it but may not do this. `lock` locks the row for the
 * rest of the transaction.
 */
export async function venueFor(
  db: DbOrTx,
  viewer: Viewer | null,
  venueId: string,
  action: VenueAction,
  options: { deniedMessage?: string; lock?: 'update' | 'share' } = {},
): Promise<Venue> {
  const venue = await findVenue(db, venueId, options.lock);
  if (!venue || !venueRelation(viewerRef(viewer), venue)) throw notFound(VENUE_NOT_FOUND);
  if (!canOnVenue(viewerRef(viewer), venue, action)) {
    throw forbidden(options.deniedMessage ?? "Only the venue's host can do that.");
  }
  return venue;
}

/**
 * Loads a venue for an edit by its owner or the admin, locking the row (in a transaction):
 * 404 when there is no such venue, 403 for anyone else (SPEC's message for editing another
 * host's venue).
 */
export async function loadForEdit(
  tx: DbOrTx,
  viewer: Viewer,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<FullRow> {
  const query = tx.select(fullColumns).from(venues).where(eq(venues.id, id));
  const [row] = opts.lock === false ? await query : await query.for('update');
  if (!row) throw notFound(VENUE_NOT_FOUND);
  if (!canOnVenue(viewerRef(viewer), row, 'edit')) throw forbidden(EDIT_OWN_VENUES_ONLY);
  return row;
}
