/** Saved venues (issue 31): the signed-in guest's list and the heart's save / unsave. */
import { useQuery } from '@tanstack/react-query';
import type { SavedVenues } from '@/domain/contract';
import { api } from '@/web/lib/api';

export const savedVenuesKey = ['saved-venues'] as const;

export const useSavedVenues = (enabled: boolean) =>
  useQuery({
    queryKey: savedVenuesKey,
    queryFn: () => api.get<SavedVenues>('/api/me/saved-venues'),
    enabled,
  });
