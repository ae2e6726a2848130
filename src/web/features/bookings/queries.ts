/**
 * Query keys and reads for bookings and availability. Every bookings list is kept fresh by
 * the live change feed (useLiveInvalidate / useLiveEvents in lib/live.ts).
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/web/lib/api';
import type { AdminBookingPage, Booking, BookingList, StoredOverride, VenueAvailability } from './types';

export const bookingKeys = {
  /** The guest's list and stats share this prefix: invalidating it refreshes both. */
  guest: ['me', 'bookings'] as const,
  guestList: ['me', 'bookings', 'list'] as const,
  guestStats: ['me', 'bookings', 'stats'] as const,
  host: ['host', 'bookings'] as const,
  /** The host dashboard's tiles (useHostStats). */
  hostStats: ['host', 'stats'] as const,
  venue: (venueId: string) => ['venue-bookings', venueId] as const,
  admin: ['admin', 'bookings'] as const,
  adminStats: ['admin', 'stats'] as const,
  one: (id: string) => ['booking', id] as const,
  availability: (venueId: string) => ['availability', venueId] as const,
  availabilityRange: (venueId: string, from: string, to: string) =>
    ['availability', venueId, from, to] as const,
  overrides: (venueId: string) => ['venue-overrides', venueId] as const,
};

/** After any booking change: every list and tile that may show it. */
export function invalidateBookingViews(queryClient: QueryClient, venueId?: string) {
  const keys: readonly (readonly unknown[])[] = [
    bookingKeys.guest,
    bookingKeys.host,
    bookingKeys.hostStats,
    bookingKeys.admin,
    bookingKeys.adminStats,
    ['venue-bookings'],
    ['booking'],
    venueId ? bookingKeys.availability(venueId) : ['availability'],
  ];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

export function useAvailability(venueId: string, from: string, to: string) {
  return useQuery({
    queryKey: bookingKeys.availabilityRange(venueId, from, to),
    queryFn: ({ signal }) =>
      api.get<VenueAvailability>(
        `/api/venues/${encodeURIComponent(venueId)}/availability?from=${from}&to=${to}`,
        { signal },
      ),
    placeholderData: (previous) => previous,
  });
}

export function useGuestBookings() {
  return useQuery({
    queryKey: bookingKeys.guestList,
    queryFn: ({ signal }) => api.get<BookingList>('/api/me/bookings', { signal }),
    select: (data) => data.bookings,
  });
}

export function useHostBookings() {
  return useQuery({
    queryKey: bookingKeys.host,
    queryFn: ({ signal }) => api.get<BookingList>('/api/host/bookings', { signal }),
    select: (data) => data.bookings,
  });
}

export function useVenueBookings(venueId: string, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.venue(venueId),
    queryFn: ({ signal }) =>
      api.get<BookingList>(`/api/venues/${encodeURIComponent(venueId)}/bookings`, { signal }),
    select: (data) => data.bookings,
    enabled,
  });
}

/** One page of every booking (admin): filtered, sorted and paged by the server (`query`). */
export function useAdminBookings(query: string) {
  return useQuery({
    queryKey: [...bookingKeys.admin, query],
    queryFn: ({ signal }) =>
      api.get<AdminBookingPage>(`/api/admin/bookings${query ? `?${query}` : ''}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: string) {
  return useQuery({
    queryKey: bookingKeys.one(id),
    queryFn: ({ signal }) => api.get<Booking>(`/api/bookings/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useVenueOverrides(venueId: string, enabled = true) {
  return useQuery({
    queryKey: bookingKeys.overrides(venueId),
    queryFn: ({ signal }) =>
      api.get<{ overrides: StoredOverride[] }>(`/api/venues/${encodeURIComponent(venueId)}/overrides`, {
        signal,
      }),
    select: (data) => data.overrides,
    enabled,
  });
}
