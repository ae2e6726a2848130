/*
 * The heart's save / unsave (issue 31), loaded on its first click (SaveVenueButton): the home
 * page's cards paint and hydrate without it, the toasts and a mutation hook (decision 85).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { SavedVenueState } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { savedVenuesKey } from './savedData';

/** Saves or unsaves a venue for the signed-in guest, then refreshes their list and says so. */
export async function toggleSaved(client: QueryClient, venueId: string, save: boolean): Promise<void> {
  try {
    const state = save
      ? await api.put<SavedVenueState>(`/api/me/saved-venues/${venueId}`)
      : await api.delete<SavedVenueState>(`/api/me/saved-venues/${venueId}`);
    void client.invalidateQueries({ queryKey: savedVenuesKey });
    toast.success(state.saved ? 'Saved' : 'Removed from Saved');
  } catch (err) {
    toast.apiError(err, 'Could not update your saved venues.');
  }
}
