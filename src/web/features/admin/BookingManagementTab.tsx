/* Admin "Booking Management" tab. Owned by the bookings feature; shows an empty state for now. */
import { CalendarDays } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function BookingManagementTab() {
  return (
    <EmptyState
      icon={CalendarDays}
      title="No bookings yet"
      description="Guest booking requests across all venues will appear here."
    />
  );
}
