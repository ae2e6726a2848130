import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export interface AdminStats {
  pending_venues: number;
  pending_bookings: number;
  total_venues: number;
  total_bookings: number;
}

export function useAdminStats(enabled = true) {
  return useQuery({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => api.get<AdminStats>('/api/admin/stats', { signal }),
    enabled,
  });
}
