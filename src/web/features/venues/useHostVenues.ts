import { useQuery } from '@tanstack/react-query';
import { useLiveInvalidate } from '@/web/lib/live';
import { venueKeys, venuesApi } from './api';

/** The signed-in host's own venues, every status, newest first; refreshed live. */
export function useHostVenues() {
  useLiveInvalidate('venue', [venueKeys.host, ['host', 'stats']]);
  return useQuery({
    queryKey: venueKeys.host,
    queryFn: async ({ signal }) => (await venuesApi.hostVenues(signal)).venues,
  });
}
