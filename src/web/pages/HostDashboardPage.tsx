import { Suspense, type ReactNode } from 'react';
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
import { BookingListSkeleton } from '@/web/features/bookings';
import { HostVenuesTab, useHostStats } from '@/web/features/host';
import { preloadable, type Preloadable } from '@/web/lib/preloadable';
import { useHydrated } from '@/web/lib/useHydrated';

// The first tab (My Venues) comes with the page; every other tab's module loads when it is
// chosen, or on intent — a pointer over its tab, the focus on it (decision 85): the inbox, the
// earnings chart and the activity log stay out of the dashboard's first load.
const HostPendingVenuesTab = preloadable(
  () => import('@/web/features/host/HostPendingVenuesTab'),
  (m) => m.HostPendingVenuesTab,
);
const HostApprovedVenuesTab = preloadable(
  () => import('@/web/features/host/HostApprovedVenuesTab'),
  (m) => m.HostApprovedVenuesTab,
);
const HostBookingsTab = preloadable(
  () => import('@/web/features/host/HostBookingsTab'),
  (m) => m.HostBookingsTab,
);
const EarningsTab = preloadable(
  () => import('@/web/features/host/EarningsTab'),
  (m) => m.EarningsTab,
);
const HostActivityTab = preloadable(
  () => import('@/web/features/host/HostActivityTab'),
  (m) => m.HostActivityTab,
);

/**
 * A lazily loaded tab: list skeletons until its module is here, then its content. The server
 * renders the skeletons too (decision 92): a tab's search field drawn by the server could be
 * typed into before its module had loaded, and what was typed would not reach it.
 */
function LazyTab({ tab: Tab }: { tab: Preloadable<object> }) {
  const hydrated = useHydrated();
  if (!hydrated) return <BookingListSkeleton />;
  return (
    <Suspense fallback={<BookingListSkeleton />}>
      <Tab />
    </Suspense>
  );
}

function lazyTab(tab: Preloadable<object>): { content: ReactNode; preload: () => void } {
  return { content: <LazyTab tab={tab} />, preload: () => void tab.preload() };
}

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
            { value: 'pending', label: 'Pending Approval', ...lazyTab(HostPendingVenuesTab) },
            { value: 'approved', label: 'Approved Venues', ...lazyTab(HostApprovedVenuesTab) },
            {
              value: 'bookings',
              label: 'Bookings',
              badge: <PendingBadge count={pending.data ?? 0} data-testid="tab-pending" />,
              ...lazyTab(HostBookingsTab),
            },
            { value: 'earnings', label: 'Earnings', ...lazyTab(EarningsTab) },
            { value: 'activity', label: 'Activity', ...lazyTab(HostActivityTab) },
          ]}
        />
      </Container>
    </>
  );
}
