/** Add New Venue (SPEC §5): a host's venue, created inactive until the admin approves it. */
import { canAs } from '@/domain/access';
import { forbidden } from '@/domain/errors';
import type { VenueInput } from '@/domain/schemas';
import type { AppContext } from '../../context';
import { viewerRef, type Viewer } from '../../viewer';
import { venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { enqueueEmail } from '../../mail/outbox';
import { venueSubmittedAdminEmail, venueSubmittedHostEmail } from '../../mail/venue-emails';
import { sealBankDetails } from './bank-details';
import { fullColumns, withImages, type FullVenue } from './shared';

/** Created inactive (pending approval); 'venue submitted' goes to the host and the admin. */
export async function createVenue(ctx: AppContext, viewer: Viewer, input: VenueInput): Promise<FullVenue> {
  if (!canAs(viewerRef(viewer), 'createVenue')) throw forbidden('Only hosts can do that.');
  const {
    terms_accepted: _terms,
    time_zone,
    bank_account_number,
    bank_routing_number,
    tax_id,
    ...fields
  } = input;
  const venue = await inTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(venues)
      .values({
        ...fields,
        ...sealBankDetails(ctx.cipher, { bank_account_number, bank_routing_number, tax_id }),
        host_id: viewer.profile.id,
        time_zone: time_zone ?? ctx.config.DEFAULT_TIME_ZONE,
        images: [],
        is_active: false,
      })
      .returning(fullColumns);
    const created = row!;
    await enqueueEmail(
      tx,
      'venue_submitted',
      viewer.profile.email,
      venueSubmittedHostEmail({
        venue: created,
        hostName: viewer.profile.full_name,
        publicUrl: ctx.config.PUBLIC_URL,
      }),
    );
    await enqueueEmail(
      tx,
      'venue_submitted_admin',
      ctx.config.ADMIN_EMAIL,
      venueSubmittedAdminEmail({ venue: created, host: viewer.profile, publicUrl: ctx.config.PUBLIC_URL }),
    );
    return created;
  });
  return withImages(venue);
}
