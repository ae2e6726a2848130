/**
 * The waitlist feature's data: join, the guest's entries, leave, and a venue's demand per date.
 * Keys come from lib/queryKeys.ts; the live table refreshes them on every waitlist event.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { WaitlistDemand, WaitlistEntry, WaitlistList } from '@/domain/contract';
import type { WaitlistJoin } from '@/domain/schemas';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

const at = (id: string) => encodeURIComponent(id);

export const waitlistApi = {
  join: (body: WaitlistJoin) => api.post<WaitlistEntry>('/api/waitlist', body),
  mine: (signal?: AbortSignal) => api.get<WaitlistList>('/api/me/waitlist', { signal }),
  leave: (id: string) => api.delete<void>(`/api/waitlist/${at(id)}`),
  demand: (venueId: string, signal?: AbortSignal) =>
    api.get<WaitlistDemand>(`/api/venues/${at(venueId)}/waitlist-demand`, { signal }),
};

export function useMyWaitlist() {
  return useQuery({
    queryKey: queryKeys.myWaitlist,
    queryFn: ({ signal }) => waitlistApi.mine(signal),
    select: (data) => data.entries,
  });
}

/** Guests waiting per date of a venue (its host and the admin); a map date → count. */
export function useWaitlistDemand(venueId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.waitlistDemand(venueId),
    queryFn: ({ signal }) => waitlistApi.demand(venueId, signal),
    enabled,
    select: (data) => Object.fromEntries(data.dates.map((d) => [d.date, d.guests])) as Record<string, number>,
  });
}

export function invalidateWaitlist(queryClient: QueryClient, venueId?: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.myWaitlist });
  if (venueId) void queryClient.invalidateQueries({ queryKey: queryKeys.waitlistDemand(venueId) });
}
