/* Host dashboard "Approved Venues" tab. Owned by the venues feature; shows an empty state for now. */
import { BadgeCheck } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function HostApprovedVenuesTab() {
  return (
    <EmptyState
      icon={BadgeCheck}
      title="No approved venues yet"
      description="Once a venue is approved it is visible to guests and can be booked."
    />
  );
}
