/**
 * Which changes to an approved venue need the admin's review again (decision record 0015):
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

/** The review note the venue carries while it waits: what changed. */
export function backToReviewNote(touched: ReviewedContent[]): string {
  const list = touched.map((t) => REVIEWED_CONTENT_LABELS[t]);
  const words = list.length > 1 ? `${list.slice(0, -1).join(', ')} and ${list.at(-1)}` : list[0];
  return `Sent back for review: the host changed the venue's ${words}.`;
}
