/** The admin feature's data: the dashboard tiles (the outbox lives in operations/data.ts). */
import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

export const adminApi = {
  stats: (signal?: AbortSignal) => api.get<AdminStats>('/api/admin/stats', { signal }),
};

export function useAdminStats(enabled = true) {
  return useQuery({
    queryKey: queryKeys.admin.stats,
    queryFn: ({ signal }) => adminApi.stats(signal),
    enabled,
  });
}
