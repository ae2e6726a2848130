/** The host feature's data: the dashboard tiles. */
import { useQuery } from '@tanstack/react-query';
import type { HostStats } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

export function useHostStats() {
  return useQuery({
    queryKey: queryKeys.host.stats,
    queryFn: ({ signal }) => api.get<HostStats>('/api/host/stats', { signal }),
  });
}
