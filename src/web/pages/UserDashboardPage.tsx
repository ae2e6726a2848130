import { CalendarCheck, DollarSign, Ticket } from 'lucide-react';
import { Container } from '@/web/components/Container';
import { StatTiles } from '@/web/components/StatTiles';
import { PageHeader } from '@/web/components/ui/page-header';
import { GuestBookingList, useGuestBookingStats } from '@/web/features/bookings';
import { SavedVenuesList } from '@/web/features/venues';
import { MyWaitlists } from '@/web/features/waitlist';
import { formatCount, formatCurrency } from '@/web/lib/format';

/** /user-dashboard: My Bookings (role user only). */
export default function UserDashboardPage() {
  const stats = useGuestBookingStats();
  const data = stats.data;

  return (
    <>
      <Container className="flex flex-col gap-10 py-10 sm:py-14">
        <PageHeader
          eyebrow="Dashboard"
          title="My Bookings"
          description="Track your venue requests, payments and reviews in one place."
        />
        <StatTiles
          loading={stats.isPending}
          error={stats.isError}
          tiles={[
            { label: 'Total Bookings', value: formatCount(data?.total_bookings ?? 0), icon: Ticket },
            { label: 'Total Spent', value: formatCurrency(data?.total_spent ?? 0), icon: DollarSign },
            {
              label: 'Confirmed Bookings',
              value: formatCount(data?.confirmed_bookings ?? 0),
              icon: CalendarCheck,
            },
          ]}
        />
        <MyWaitlists />
        <GuestBookingList />
        <SavedVenuesList />
      </Container>
    </>
  );
}
