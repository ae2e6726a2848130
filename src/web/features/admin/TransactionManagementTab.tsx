/* Admin "Transaction Management" tab. Owned by the payments feature; shows an empty state for now. */
import { Receipt } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function TransactionManagementTab() {
  return (
    <EmptyState
      icon={Receipt}
      title="No transactions yet"
      description="Card payments and cards on file for bookings will appear here."
    />
  );
}
