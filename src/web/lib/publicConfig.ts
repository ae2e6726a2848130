/** The server's public settings (GET /api/config), read once per visit. */
import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@/domain/contract';
import { api } from './api';
import { queryKeys } from './queryKeys';

export const fetchPublicConfig = (signal?: AbortSignal) => api.get<PublicConfig>('/api/config', { signal });

export function usePublicConfig() {
  return useQuery({
    queryKey: queryKeys.publicConfig,
    queryFn: ({ signal }) => fetchPublicConfig(signal),
    staleTime: Infinity,
  });
}
