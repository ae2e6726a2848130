/** The host's weekly opening hours of a venue (SPEC §2 /venue-management/:id). */
import { eq, sql } from 'drizzle-orm';
import type { WeeklyHours } from '@/domain/hours';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { venues, type Venue } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { venueFor } from '../venues/access';

/** Replaces the weekly hours of the host's own venue; answers the updated venue row. */
export async function updateHours(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  hours: WeeklyHours,
): Promise<Venue> {
  return inTransaction(ctx.db, async (tx) => {
    await venueFor(tx, viewer, venueId, 'manageAvailability', { lock: 'update' });
    const [venue] = await tx
      .update(venues)
      .set({ hours, updated_at: sql`now()` })
      .where(eq(venues.id, venueId))
      .returning();
    return venue!;
  });
}
