/* Host dashboard "Approved Venues" tab: the host's active venues. */
import { BadgeCheck } from 'lucide-react';
import type { Venue } from '@/domain/contract';
import { HostVenueList } from '@/web/features/venues';

const approved = (venue: Venue) => venue.is_active;

export function HostApprovedVenuesTab() {
  return (
    <HostVenueList
      filter={approved}
      empty={{
        icon: BadgeCheck,
        title: 'No approved venues yet',
        description: 'Once a venue is approved it is visible to guests and can be booked.',
      }}
    />
  );
}
