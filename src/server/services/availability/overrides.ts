/**
 * Date overrides: a date's own availability and price (SPEC §2 /venue-management/:id). Past
 * dates are judged in the venue's time zone; each change reads, checks and writes in one
 * transaction.
 */
import { and, asc, eq } from 'drizzle-orm';
import { OVERRIDE_DATE_TAKEN, conflict, invalid, notFound } from '@/domain/errors';
import { isPastDate } from '@/domain/instants';
import type { DateOverrideInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import type { Tx } from '../../db/client';
import { venueAvailability, type Venue, type VenueAvailability } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { venueFor } from '../venues/access';

export const PAST_DATE_MESSAGE = 'Past dates cannot be selected.';
export const OVERRIDE_NOT_FOUND = 'Date override not found.';

export async function listOverrides(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
): Promise<VenueAvailability[]> {
  const venue = await venueFor(ctx.db, viewer, venueId, 'readOverrides');
  return ctx.db
    .select()
    .from(venueAvailability)
    .where(eq(venueAvailability.venue_id, venue.id))
    .orderBy(asc(venueAvailability.date));
}

function refusePast(ctx: AppContext, venue: Venue, date: string, message = PAST_DATE_MESSAGE) {
  if (isPastDate(date, venue.time_zone, ctx.now())) throw invalid(message, 'date');
}

/**
 * The venue of an override change, for its host, locked FOR SHARE: its time zone (which "past"
 * is judged in) cannot change until the change is written.
 */
const venueForOverrides = (tx: Tx, viewer: Viewer, venueId: string) =>
  venueFor(tx, viewer, venueId, 'manageAvailability', { lock: 'share' });

/** Creates the override of a date, or replaces the one that date already has. */
export async function upsertOverride(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  input: DateOverrideInput,
): Promise<VenueAvailability> {
  return inTransaction(ctx.db, async (tx) => {
    const venue = await venueForOverrides(tx, viewer, venueId);
    refusePast(ctx, venue, input.date);
    const values = { price: input.price, is_available: input.is_available, pricing_type: input.pricing_type };
    const [row] = await tx
      .insert(venueAvailability)
      .values({ venue_id: venue.id, date: input.date, ...values })
      .onConflictDoUpdate({ target: [venueAvailability.venue_id, venueAvailability.date], set: values })
      .returning();
    return row!;
  });
}

/** The override, locked, of the host's own venue. */
async function ownOverride(tx: Tx, viewer: Viewer, venueId: string, overrideId: string) {
  const venue = await venueForOverrides(tx, viewer, venueId);
  const [row] = await tx
    .select()
    .from(venueAvailability)
    .where(and(eq(venueAvailability.id, overrideId), eq(venueAvailability.venue_id, venue.id)))
    .for('update');
  if (!row) throw notFound(OVERRIDE_NOT_FOUND);
  return { venue, row };
}

/**
 * Changes the fields sent of one override. Read, check and write run in one transaction; a
 * concurrent override of the new date is caught by the unique index (db/errors.ts).
 */
export async function updateOverride(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  overrideId: string,
  changes: Partial<DateOverrideInput>,
): Promise<VenueAvailability> {
  return inTransaction(ctx.db, async (tx) => {
    const { venue, row } = await ownOverride(tx, viewer, venueId, overrideId);
    refusePast(ctx, venue, row.date, 'Overrides of past dates cannot be changed.');
    if (changes.date !== undefined) refusePast(ctx, venue, changes.date);
    if (changes.date !== undefined && changes.date !== row.date) {
      const [clash] = await tx
        .select({ id: venueAvailability.id })
        .from(venueAvailability)
        .where(and(eq(venueAvailability.venue_id, venue.id), eq(venueAvailability.date, changes.date)));
      if (clash) throw conflict(OVERRIDE_DATE_TAKEN, 'DUPLICATE');
    }
    if (Object.keys(changes).length === 0) return row;
    const [updated] = await tx
      .update(venueAvailability)
      .set(changes)
      .where(eq(venueAvailability.id, row.id))
      .returning();
    return updated!;
  });
}

export async function deleteOverride(ctx: AppContext, viewer: Viewer, venueId: string, overrideId: string) {
  await inTransaction(ctx.db, async (tx) => {
    const { row } = await ownOverride(tx, viewer, venueId, overrideId);
    await tx.delete(venueAvailability).where(eq(venueAvailability.id, row.id));
  });
}
