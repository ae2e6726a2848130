import { useQuery } from '@tanstack/react-query';
import { api } from '@/web/lib/api';

export interface GuestBookingStats {
  total_bookings: number;
  total_spent: number;
  confirmed_bookings: number;
}

export function useGuestBookingStats() {
  return useQuery({
    queryKey: ['me', 'bookings', 'stats'],
    queryFn: ({ signal }) => api.get<GuestBookingStats>('/api/me/bookings/stats', { signal }),
  });
}
