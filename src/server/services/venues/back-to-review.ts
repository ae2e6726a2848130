/**
 * Decision record 0015, applied: an approved venue whose host changes its name, description or
 * photos goes back to pending (hidden from guests until approved again) and the admin is told.
 * Called inside the transaction of the change, by the venue update and the photo upload.
 */
import { eq } from 'drizzle-orm';
import { backToReviewNote, type ReviewedContent } from '@/domain/venue-review';
import type { AppContext, Viewer } from '../../context';
import type { Tx } from '../../db/client';
import { venues } from '../../db/schema';
import { enqueueEmail } from '../../mail/outbox';
import { venueChangedAdminEmail, type VenueSummary } from '../../mail/venue-emails';

export async function sendBackForReview(
  ctx: AppContext,
  tx: Tx,
  viewer: Viewer,
  venue: VenueSummary,
  touched: ReviewedContent[],
): Promise<void> {
  if (touched.length === 0) return;
  const note = backToReviewNote(touched);
  await tx
    .update(venues)
    .set({ is_active: false, review_notes: note, updated_at: ctx.now() })
    .where(eq(venues.id, venue.id));
  await enqueueEmail(
    tx,
    'venue_changed_admin',
    ctx.config.ADMIN_EMAIL,
    venueChangedAdminEmail({ venue, host: viewer.profile, note, publicUrl: ctx.config.PUBLIC_URL }),
  );
}
