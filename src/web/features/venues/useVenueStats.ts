import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export interface VenueStats {
  active_venues: number;
}

/** Count of active venues for the hero. Any failure counts as 0. */
export function useVenueStats() {
  return useQuery({
    queryKey: ['venues', 'stats'],
    queryFn: async ({ signal }): Promise<VenueStats> => {
      try {
        const stats = await api.get<VenueStats>('/api/venues/stats', { signal });
        const n = Number(stats?.active_venues);
        return { active_venues: Number.isFinite(n) && n > 0 ? Math.floor(n) : 0 };
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.error('Failed to load venue stats', error);
        return { active_venues: 0 };
      }
    },
    staleTime: 60_000,
  });
}
