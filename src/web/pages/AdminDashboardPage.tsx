import { CalendarClock, CalendarDays, Hourglass, Store } from 'lucide-react';
import { PageHeader } from '@/web/components/ui/page-header';
import { SectionTabs } from '@/web/components/SectionTabs';
import { Container } from '@/web/components/Container';
import { StatTiles } from '@/web/components/StatTiles';
import { AccessDenied } from '@/web/components/AccessDenied';
import { useAuth } from '@/web/features/auth';
import {
  BookingManagementTab,
  ManageVenuesTab,
  ReviewsTab,
  OperationsTab,
  TransactionManagementTab,
  useAdminStats,
  VenueApprovalsTab,
  AuditTab,
  PayoutsTab,
} from '@/web/features/admin';
import { useTabParam } from '@/web/lib/useTabParam';
import { formatCount } from '@/web/lib/format';

const TABS = [
  'approvals',
  'venues',
  'bookings',
  'transactions',
  'payouts',
  'reviews',
  'audit',
  'operations',
] as const;

function AdminDashboard() {
  const [tab, setTab] = useTabParam(TABS, 'approvals');
  const stats = useAdminStats();
  const d = stats.data;

  return (
    <Container className="flex flex-col gap-10 py-10 sm:py-14">
      <PageHeader
        eyebrow="Admin"
        title="Admin Dashboard"
        description="Approve venues, oversee bookings and payments, and run the platform's operations."
      />
      <StatTiles
        loading={stats.isPending}
        error={stats.isError}
        tiles={[
          { label: 'Pending Venues', value: formatCount(d?.pending_venues ?? 0), icon: Hourglass },
          { label: 'Pending Bookings', value: formatCount(d?.pending_bookings ?? 0), icon: CalendarClock },
          { label: 'Total Venues', value: formatCount(d?.total_venues ?? 0), icon: Store },
          { label: 'Total Bookings', value: formatCount(d?.total_bookings ?? 0), icon: CalendarDays },
        ]}
      />
      <SectionTabs
        label="Admin sections"
        value={tab}
        onValueChange={setTab}
        sections={[
          { value: 'approvals', label: 'Venue Approvals', content: <VenueApprovalsTab /> },
          { value: 'venues', label: 'Manage Venues', content: <ManageVenuesTab /> },
          { value: 'bookings', label: 'Booking Management', content: <BookingManagementTab /> },
          { value: 'transactions', label: 'Transaction Management', content: <TransactionManagementTab /> },
          { value: 'payouts', label: 'Payouts', content: <PayoutsTab /> },
          { value: 'reviews', label: 'Reviews', content: <ReviewsTab /> },
          { value: 'audit', label: 'Audit', content: <AuditTab /> },
          { value: 'operations', label: 'Operations', content: <OperationsTab /> },
        ]}
      />
    </Container>
  );
}

/**
 * /admin-dashboard: the admin's dashboard. Any other signed-in person sees the SPEC's
 * 'Access denied. Admin privileges required.' (signed-out visitors are sent to / by the guard).
 */
export default function AdminDashboardPage() {
  const { isAdmin } = useAuth();
  return isAdmin ? <AdminDashboard /> : <AccessDenied message="Access denied. Admin privileges required." />;
}
