/** A guest leaves one of their waitlist entries (the host and the admin cannot remove it for them). */
import { eq } from 'drizzle-orm';
import { canOnWaitlistEntry } from '@/domain/access';
import { forbidden, notFound } from '@/domain/errors';
import { WAITLIST_MESSAGES } from '@/domain/waitlist';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { venues, waitlistEntries } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

export async function leaveWaitlist(ctx: AppContext, viewer: Viewer, id: string): Promise<void> {
  await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .select({ id: waitlistEntries.id, user_id: waitlistEntries.user_id, host_id: venues.host_id })
      .from(waitlistEntries)
      .innerJoin(venues, eq(venues.id, waitlistEntries.venue_id))
      .where(eq(waitlistEntries.id, id))
      .for('update', { of: waitlistEntries });
    const who = viewerRef(viewer);
    if (!row || !canOnWaitlistEntry(who, row, 'read')) throw notFound(WAITLIST_MESSAGES.notFound);
    if (!canOnWaitlistEntry(who, row, 'leave')) throw forbidden('Only the guest can leave their waitlist.');
    await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, id));
  });
}
