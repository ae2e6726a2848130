import { BadgeCheck, Hourglass, XCircle } from 'lucide-react';
import { Badge } from '@/web/components/ui/badge';
import type { Venue } from '@/domain/contract';

export type VenueStatus = 'approved' | 'pending' | 'rejected';

/**
 * Approved = active. An inactive venue the admin has turned down with a reason (and not edited
 * back to active since) is 'rejected'; every other inactive venue waits for approval.
 */
export function venueStatus(venue: Pick<Venue, 'is_active' | 'review_notes' | 'reviewed_at'>): VenueStatus {
  if (venue.is_active) return 'approved';
  if (venue.reviewed_at && venue.review_notes) return 'rejected';
  return 'pending';
}

export function VenueStatusBadge({
  venue,
  className,
}: {
  venue: Pick<Venue, 'is_active' | 'review_notes' | 'reviewed_at'>;
  className?: string;
}) {
  const status = venueStatus(venue);
  if (status === 'approved')
    return (
      <Badge tone="success" className={className}>
        <BadgeCheck aria-hidden="true" />
        Approved
      </Badge>
    );
  if (status === 'rejected')
    return (
      <Badge tone="danger" className={className}>
        <XCircle aria-hidden="true" />
        Rejected
      </Badge>
    );
  return (
    <Badge tone="warning" className={className}>
      <Hourglass aria-hidden="true" />
      Pending Approval
    </Badge>
  );
}
