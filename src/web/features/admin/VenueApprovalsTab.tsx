/* Admin "Venue Approvals" tab. Owned by the venues feature; shows an empty state for now. */
import { ListChecks } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function VenueApprovalsTab() {
  return (
    <EmptyState
      icon={ListChecks}
      title="No venues awaiting approval"
      description="New venue submissions from hosts will appear here for review."
    />
  );
}
