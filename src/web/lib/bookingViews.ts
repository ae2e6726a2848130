import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './queryKeys';

/**
 * After a booking change made in this tab (a decision, a cancellation, a payment): every list and
 * tile that may show it. The bookings and payments features both call it; it lives here so that
 * payments does not import the bookings feature, which imports payments' panels.
 */
export function invalidateBookingViews(queryClient: QueryClient, venueId?: string) {
  const keys: readonly (readonly unknown[])[] = [
    queryKeys.guest.all,
    queryKeys.host.bookings,
    queryKeys.host.stats,
    queryKeys.admin.bookings,
    queryKeys.admin.stats,
    ['venue-bookings'],
    ['booking'],
    venueId ? queryKeys.availability(venueId) : ['availability'],
  ];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}
