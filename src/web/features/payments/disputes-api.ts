/**
 * Data of disputed additional charges (issue 30, decision 82): the guest's charges with their
 * dispute, disputing one, the admin's list and decision.
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api';
import type { ChargeDisputeItem, ChargeDisputeList, GuestChargeList } from '@/domain/contract/payments';

const enc = encodeURIComponent;

export const disputeKeys = {
  guestCharges: ['payments', 'charges'] as const,
  adminDisputes: ['admin', 'disputes'] as const,
};

export const disputesApi = {
  guestCharges: (signal?: AbortSignal) => api.get<GuestChargeList>('/api/charges', { signal }),
  dispute: (paymentId: string, reason: string) =>
    api.post<ChargeDisputeItem>(`/api/charges/${enc(paymentId)}/dispute`, { reason }),
  adminDisputes: (signal?: AbortSignal) => api.get<ChargeDisputeList>('/api/admin/disputes', { signal }),
  decide: (id: string, decision: 'uphold' | 'refund', note: string) =>
    api.post<ChargeDisputeItem>(
      `/api/admin/disputes/${enc(id)}/decide`,
      note.trim() ? { decision, note } : { decision },
    ),
};

/** The signed-in guest's additional charges (one request for all their booking cards). */
export function useGuestCharges(enabled = true) {
  return useQuery({
    queryKey: disputeKeys.guestCharges,
    queryFn: ({ signal }) => disputesApi.guestCharges(signal),
    enabled,
  });
}

export function useAdminDisputes() {
  return useQuery({
    queryKey: disputeKeys.adminDisputes,
    queryFn: ({ signal }) => disputesApi.adminDisputes(signal),
  });
}

export async function invalidateDisputeViews(queryClient: QueryClient) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: disputeKeys.guestCharges }),
    queryClient.invalidateQueries({ queryKey: disputeKeys.adminDisputes }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'transactions'] }),
    queryClient.invalidateQueries({ queryKey: ['bookings'] }),
  ]);
}
