/* Admin "Manage Venues" tab. Owned by the venues feature; shows an empty state for now. */
import { Store } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function ManageVenuesTab() {
  return (
    <EmptyState icon={Store} title="No venues yet" description="Venues listed by hosts will appear here." />
  );
}
