/**
 * How many booking requests wait for the host's answer: the badges of the navigation and of the
 * host dashboard's Bookings tab. Here rather than in a feature so the navigation, on every page,
 * does not load the host dashboard's code. The key sits under the host's bookings, so the live
 * table and invalidateBookingViews refresh it with the inbox.
 */
import { useQuery } from '@tanstack/react-query';
import type { HostBookingPage } from '@/domain/contract';
import { api } from './api';
import { queryKeys } from './queryKeys';

export function useHostPendingCount(enabled = true) {
  return useQuery({
    queryKey: queryKeys.host.pendingCount,
    queryFn: ({ signal }) =>
      api.get<HostBookingPage>('/api/host/bookings?status=awaiting&limit=1', { signal }),
    select: (data) => data.pending_count,
    enabled,
  });
}
