/* Host dashboard "Pending Approval" tab. Owned by the venues feature; shows an empty state for now. */
import { Hourglass } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function HostPendingVenuesTab() {
  return (
    <EmptyState
      icon={Hourglass}
      title="No venues pending approval"
      description="New venues are reviewed by our team within 24-48 hours."
    />
  );
}
