import { useInfiniteQuery } from '@tanstack/react-query';
import { venueKeys, venuesApi } from './api';

/** Active venues matching the filters, newest first, one server page at a time. */
export function useVenueList(query: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: venueKeys.list(query),
    queryFn: ({ pageParam, signal }) => venuesApi.list(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
  });
}
