/* Host dashboard "Bookings" tab. Owned by the bookings feature; shows an empty state for now. */
import { CalendarDays } from 'lucide-react';
import { EmptyState } from '@/web/components/ui/empty-state';

export function HostBookingsTab() {
  return (
    <EmptyState
      icon={CalendarDays}
      title="No bookings yet"
      description="Booking requests for your venues will appear here."
    />
  );
}
