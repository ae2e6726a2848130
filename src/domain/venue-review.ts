/**
 * Which changes to an approved venue need the admin's review (decision record 74; the venue
 * stays live as approved while they wait):
 * what guests read as the venue's identity — its name, its description and its photos. A host
 * approved with harmless content could otherwise swap in anything after approval.
 */

export type ReviewedContent = 'name' | 'description' | 'photos';

export const REVIEWED_CONTENT_LABELS: Record<ReviewedContent, string> = {
  name: 'name',
  description: 'description',
  photos: 'photos',
};

/** Whitespace-only and empty-vs-missing differences are not changes of content. */
const normalize = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ');

/**
 * The reviewed content a change touches, for a venue as it is and the fields being set.
 * Only a host's changes to an active (approved) venue count: the admin is the reviewer, and
 * a pending venue is waiting for review anyway. Removing or reordering photos shows nothing
 * that was not reviewed, so only an added photo counts (`photoAdded`).
 */
export function contentNeedingReview(
  venue: { is_active: boolean; name: string; description: string | null },
  change: { name?: string | null; description?: string | null; photoAdded?: boolean },
  by: 'host' | 'admin' | 'user',
): ReviewedContent[] {
  if (by !== 'host' || !venue.is_active) return [];
  const touched: ReviewedContent[] = [];
  if (change.name !== undefined && normalize(change.name) !== normalize(venue.name)) touched.push('name');
  if (change.description !== undefined && normalize(change.description) !== normalize(venue.description))
    touched.push('description');
  if (change.photoAdded) touched.push('photos');
  return touched;
}

/** The note of the admin's email: what changed, waiting for review. */
export function pendingChangesNote(touched: ReviewedContent[]): string {
  const list = touched.map((t) => REVIEWED_CONTENT_LABELS[t]);
  const words = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
  return `Waiting for review: the host changed the venue's ${words}.`;
}

/** A venue's content as guests see it once its pending changes are approved (decision 74). */
export function withPendingApplied<V extends { name: string; description: string | null; images: string[] }>(
  venue: V,
  pending: { pending_name: string | null; pending_description: string | null; pending_images: string[] },
): Pick<V, 'name' | 'description' | 'images'> {
  return {
    name: pending.pending_name ?? venue.name,
    description:
      pending.pending_description === null
        ? venue.description
        : pending.pending_description.trim() === ''
          ? null
          : pending.pending_description,
    images: [...venue.images, ...pending.pending_images.filter((k) => !venue.images.includes(k))],
  };
}

/**
 * Approving a venue that is already live with no changes waiting decides nothing (a second
 * click, a second tab left open): it writes nothing and emails the host no second approval.
 */
export function isRepeatApproval(
  venue: { is_active: boolean },
  hasPendingChanges: boolean,
  action: 'approve' | 'reject',
): boolean {
  return action === 'approve' && venue.is_active && !hasPendingChanges;
}
