import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export interface HostStats {
  total_venues: number;
  active_bookings: number;
}

export function useHostStats() {
  return useQuery({
    queryKey: ['host', 'stats'],
    queryFn: ({ signal }) => api.get<HostStats>('/api/host/stats', { signal }),
  });
}
