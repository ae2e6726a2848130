/**
 * Moving a venue to another time zone: the instants of its bookings follow their wall-clock
 * times (SPEC: times are the venue's local times), in the venue's edit transaction.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { AppError, invalid } from '@/domain/errors';
import { bookingInstants } from '@/domain/instants';
import type { Tx } from '../../db/client';
import { bookings } from '../../db/schema';
import { lockVenueConfirmations } from '../bookings/lifecycle';

/**
 * A new time zone for a venue: its bookings (all but cancelled ones) keep their date and
 * wall-clock times, and their starts_at/ends_at are recomputed in the new zone by the rule of
 * a booking request (bookingInstants), so the no-overlap constraint keeps comparing the real
 * instants. Two confirmed bookings that would overlap in the new zone raise 23P01; times that
 * do not exist there (a skipped hour) are refused. Runs in the venue's transaction, with the
 * venue row locked (new requests wait for it) and the venue's confirmations taking their turn.
 */
export async function moveBookingsToZone(tx: Tx, venueId: string, timeZone: string): Promise<void> {
  await lockVenueConfirmations(tx, venueId);
  // Locked, so an edit in flight either lands first (and is moved here) or fails its
  // compare-and-swap on the updated_at set below.
  const rows = await tx
    .select({
      id: bookings.id,
      date: bookings.date,
      start_time: bookings.start_time,
      end_time: bookings.end_time,
      status: bookings.status,
      starts_at: bookings.starts_at,
      ends_at: bookings.ends_at,
    })
    .from(bookings)
    .where(and(eq(bookings.venue_id, venueId), ne(bookings.status, 'cancelled')))
    .orderBy(asc(bookings.id))
    .for('update');

  const moved: Array<{ id: string; starts_at: string; ends_at: string }> = [];
  for (const b of rows) {
    let instants: { starts_at: Date; ends_at: Date };
    try {
      instants = bookingInstants(b.date, b.start_time, b.end_time, timeZone);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw invalid(
        `The booking on ${b.date} from ${b.start_time} to ${b.end_time} does not exist in ${timeZone} because of the daylight saving time change. Change or cancel that booking first.`,
        'time_zone',
      );
    }
    if (
      instants.starts_at.getTime() === b.starts_at.getTime() &&
      instants.ends_at.getTime() === b.ends_at.getTime()
    ) {
      continue;
    }
    moved.push({
      id: b.id,
      starts_at: instants.starts_at.toISOString(),
      ends_at: instants.ends_at.toISOString(),
    });
  }
  if (moved.length === 0) return;

  // The exclusion constraint is checked row by row, so moving confirmed bookings one by one could
  // meet another booking's old place (a night moved onto the night before) although the end state
  // is fine. First park the confirmed ones that move on distinct microseconds of 1970 (no booking
  // is there; the constraint is per venue), then write every final place: only a true overlap of
  // the new places can fail then. Nothing of this is visible outside the transaction.
  const movedIds = new Set(moved.map((m) => m.id));
  const parked = rows.filter((b) => b.status === 'confirmed' && movedIds.has(b.id)).map((b) => b.id);
  if (parked.length > 0) {
    await tx.execute(sql`
      update ${bookings}
      set starts_at = timestamptz 'epoch' + (parked.n * 2) * interval '1 microsecond',
          ends_at = timestamptz 'epoch' + (parked.n * 2 + 1) * interval '1 microsecond'
      from jsonb_array_elements_text(${JSON.stringify(parked)}::jsonb) with ordinality as parked(id, n)
      where ${bookings.id} = parked.id::uuid`);
  }
  // updated_at moves: the instants changed, and a compare-and-swap computed in the old zone must fail.
  await tx.execute(sql`
    update ${bookings}
    set starts_at = moved.starts_at, ends_at = moved.ends_at, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as moved(id uuid, starts_at timestamptz, ends_at timestamptz)
    where ${bookings.id} = moved.id`);
}
