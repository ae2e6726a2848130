import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveInvalidate } from '@/web/lib/live';
import { venueKeys, venuesApi } from './api';

/**
 * One page of the admin's venues (filtered, sorted and paged by the server; `query` is the list's
 * query string), with their hosts; refreshed live.
 */
export function useAdminVenues(query: string) {
  useLiveInvalidate('venue', [venueKeys.adminAll, ['admin', 'stats']]);
  return useQuery({
    queryKey: venueKeys.admin(query),
    queryFn: ({ signal }) => venuesApi.adminVenues(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** After an admin change: the admin lists and tiles, and the public lists. */
export function useAdminVenueRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: venueKeys.adminAll });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'stats'] });
    void queryClient.invalidateQueries({ queryKey: venueKeys.all });
  };
}

export function useVenueDecision() {
  const refresh = useAdminVenueRefresh();
  return useMutation({
    mutationFn: ({ id, action, notes }: { id: string; action: 'approve' | 'reject'; notes: string }) =>
      action === 'approve'
        ? venuesApi.approve(id, notes.trim() || undefined)
        : venuesApi.reject(id, notes.trim()),
    onSettled: refresh,
  });
}

export function useDeleteVenue() {
  const refresh = useAdminVenueRefresh();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      venuesApi.remove(id, reason.trim() || undefined),
    onSettled: refresh,
  });
}
