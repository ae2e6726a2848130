import { Link } from 'react-router';
import { CalendarCheck, Plus, Store } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { PageHeader } from '@/web/components/ui/page-header';
import { SectionTabs } from '@/web/components/SectionTabs';
import { Container } from '@/web/components/Container';
import { StatTiles } from '@/web/components/StatTiles';
import { useTabParam } from '@/web/lib/useTabParam';
import { formatCount } from '@/web/lib/format';
import { useHostPendingCount } from '@/web/lib/hostInbox';
import { PendingBadge } from '@/web/components/PendingBadge';
import {
  EarningsTab,
  HostApprovedVenuesTab,
  HostActivityTab,
  HostBookingsTab,
  HostPendingVenuesTab,
  HostVenuesTab,
  useHostStats,
} from '@/web/features/host';

const TABS = ['venues', 'pending', 'approved', 'bookings', 'earnings', 'activity'] as const;

/** /host-dashboard?tab=venues|pending|approved|bookings|earnings|activity (host only). */
export default function HostDashboardPage() {
  const [tab, setTab] = useTabParam(TABS, 'venues');
  const stats = useHostStats();
  const pending = useHostPendingCount();

  return (
    <>
      <Container className="flex flex-col gap-10 py-10 sm:py-14">
        <PageHeader
          eyebrow="Host"
          title="Host Dashboard"
          description="Manage your venues, availability and booking requests."
          actions={
            <Button asChild>
              <Link to="/upload-venue">
                <Plus aria-hidden="true" />
                Add New Venue
              </Link>
            </Button>
          }
        />
        <StatTiles
          loading={stats.isPending}
          error={stats.isError}
          tiles={[
            { label: 'Total Venues', value: formatCount(stats.data?.total_venues ?? 0), icon: Store },
            {
              label: 'Active Bookings',
              value: formatCount(stats.data?.active_bookings ?? 0),
              icon: CalendarCheck,
            },
          ]}
        />
        <SectionTabs
          label="Host dashboard sections"
          value={tab}
          onValueChange={setTab}
          sections={[
            { value: 'venues', label: 'My Venues', content: <HostVenuesTab /> },
            { value: 'pending', label: 'Pending Approval', content: <HostPendingVenuesTab /> },
            { value: 'approved', label: 'Approved Venues', content: <HostApprovedVenuesTab /> },
            {
              value: 'bookings',
              label: 'Bookings',
              badge: <PendingBadge count={pending.data ?? 0} data-testid="tab-pending" />,
              content: <HostBookingsTab />,
            },
            { value: 'earnings', label: 'Earnings', content: <EarningsTab /> },
            { value: 'activity', label: 'Activity', content: <HostActivityTab /> },
          ]}
        />
      </Container>
    </>
  );
}
