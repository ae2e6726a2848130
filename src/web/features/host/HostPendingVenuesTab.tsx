/* Host dashboard "Pending Approval" tab: the host's venues that are not active yet. */
import { Hourglass } from 'lucide-react';
import type { Venue } from '@/domain/contract';
import { HostVenueList } from '@/web/features/venues';

const pending = (venue: Venue) => !venue.is_active;

export function HostPendingVenuesTab() {
  return (
    <HostVenueList
      filter={pending}
      empty={{
        icon: Hourglass,
        title: 'No venues pending approval',
        description: 'New venues are reviewed by our team within 24-48 hours.',
      }}
    />
  );
}
