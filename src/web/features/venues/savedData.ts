/** Saved venues (issue 31): the signed-in guest's list and the heart's save / unsave. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedVenues, SavedVenueState } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';

export const savedVenuesKey = ['saved-venues'] as const;

export const useSavedVenues = (enabled: boolean) =>
  useQuery({
    queryKey: savedVenuesKey,
    queryFn: () => api.get<SavedVenues>('/api/me/saved-venues'),
    enabled,
  });

export function useToggleSaved() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ venueId, save }: { venueId: string; save: boolean }) =>
      save
        ? api.put<SavedVenueState>(`/api/me/saved-venues/${venueId}`)
        : api.delete<SavedVenueState>(`/api/me/saved-venues/${venueId}`),
    onSuccess: (state) => {
      void client.invalidateQueries({ queryKey: savedVenuesKey });
      toast.success(state.saved ? 'Saved' : 'Removed from Saved');
    },
    onError: (err) => toast.apiError(err, 'Could not update your saved venues.'),
  });
}
