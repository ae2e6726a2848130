/**
 * The bookings feature's data: fetchers for every booking and availability endpoint, and the
 * hooks that read them. Keys come from the one factory (lib/queryKeys.ts); the live table
 * (lib/liveRefresh.ts) keeps every list fresh, and invalidateBookingViews refreshes them
 * at once after a change made here.
 */
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import type {
  AdminBookingPage,
  Booking,
  BookingList,
  GuestBookingStats,
  HostBookingPage,
  OverrideList,
  StoredOverride,
  Venue,
  VenueAvailability,
} from '@/domain/contract';
import type { WeeklyHours } from '@/domain/hours';
import type { AdminBookingEdit, BookingEdit, BookingRequest, DateOverrideInput } from '@/domain/schemas';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

const at = (id: string) => encodeURIComponent(id);

export const bookingsApi = {
  request: (body: BookingRequest) => api.post<Booking>('/api/bookings', body),
  get: (id: string, signal?: AbortSignal) => api.get<Booking>(`/api/bookings/${at(id)}`, { signal }),
  guestList: (signal?: AbortSignal) => api.get<BookingList>('/api/me/bookings', { signal }),
  guestStats: (signal?: AbortSignal) => api.get<GuestBookingStats>('/api/me/bookings/stats', { signal }),
  /** One page of the host's inbox; `query` is its query string (status, venue_id, from, to, q, page). */
  hostList: (query: string, signal?: AbortSignal) =>
    api.get<HostBookingPage>(`/api/host/bookings${query ? `?${query}` : ''}`, { signal }),
  venueList: (venueId: string, signal?: AbortSignal) =>
    api.get<BookingList>(`/api/venues/${at(venueId)}/bookings`, { signal }),
  /** One page of every booking; `query` is the list's query string (status, q, sort, page). */
  adminList: (query: string, signal?: AbortSignal) =>
    api.get<AdminBookingPage>(`/api/admin/bookings${query ? `?${query}` : ''}`, { signal }),
  /** The host's or admin's answer to a pending request (a reason only with a rejection). */
  decide: (id: string, action: 'approve' | 'reject', reason?: string) =>
    api.post<Booking>(
      `/api/bookings/${at(id)}/${action}`,
      action === 'reject' && reason !== undefined ? { reason: reason.trim() || null } : undefined,
    ),
  edit: (id: string, body: BookingEdit) => api.post<Booking>(`/api/bookings/${at(id)}/edit`, body),
  /** Approve Changes names the version the guest saw: the server refuses (409) a newer one. */
  approveChanges: (id: string, updatedAt: string) =>
    api.post<Booking>(`/api/bookings/${at(id)}/approve-changes`, { updated_at: updatedAt }),
  rejectChanges: (id: string) => api.post<Booking>(`/api/bookings/${at(id)}/reject-changes`),
  adminUpdate: (id: string, body: AdminBookingEdit) =>
    api.patch<Booking>(`/api/admin/bookings/${at(id)}`, body),

  availability: (venueId: string, from: string, to: string, signal?: AbortSignal) =>
    api.get<VenueAvailability>(`/api/venues/${at(venueId)}/availability?from=${from}&to=${to}`, { signal }),
  saveHours: (venueId: string, hours: WeeklyHours) =>
    api.put<Venue>(`/api/venues/${at(venueId)}/hours`, { hours }),
  overrides: (venueId: string, signal?: AbortSignal) =>
    api.get<OverrideList>(`/api/venues/${at(venueId)}/overrides`, { signal }),
  saveOverride: (venueId: string, body: DateOverrideInput) =>
    api.post<StoredOverride>(`/api/venues/${at(venueId)}/overrides`, body),
  removeOverride: (venueId: string, overrideId: string) =>
    api.delete<{ ok: true }>(`/api/venues/${at(venueId)}/overrides/${at(overrideId)}`),
};

// Shared with the payments feature (a payment changes a booking) from lib, so neither feature
// imports the other's index for it.
export { invalidateBookingViews } from '@/web/lib/bookingViews';

/** After a change to a venue's calendar (hours or overrides). */
export function invalidateCalendar(queryClient: QueryClient, venueId: string) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.overrides(venueId) });
  void queryClient.invalidateQueries({ queryKey: queryKeys.availability(venueId) });
}

export function useAvailability(venueId: string, from: string, to: string) {
  return useQuery({
    queryKey: queryKeys.availabilityRange(venueId, from, to),
    queryFn: ({ signal }) => bookingsApi.availability(venueId, from, to, signal),
    placeholderData: (previous) => previous,
  });
}

export function useGuestBookings(enabled = true) {
  return useQuery({
    enabled,
    queryKey: queryKeys.guest.bookings,
    queryFn: ({ signal }) => bookingsApi.guestList(signal),
    select: (data) => data.bookings,
  });
}

export function useGuestBookingStats() {
  return useQuery({
    queryKey: queryKeys.guest.stats,
    queryFn: ({ signal }) => bookingsApi.guestStats(signal),
  });
}

/** One page of the host's inbox, filtered and paged by the server (`query`). */
export function useHostInbox(query: string) {
  return useQuery({
    queryKey: queryKeys.host.bookingsPage(query),
    queryFn: ({ signal }) => bookingsApi.hostList(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useVenueBookings(venueId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.venueBookings(venueId),
    queryFn: ({ signal }) => bookingsApi.venueList(venueId, signal),
    select: (data) => data.bookings,
    enabled,
  });
}

/** One page of every booking (admin): filtered, sorted and paged by the server (`query`). */
export function useAdminBookings(query: string) {
  return useQuery({
    queryKey: queryKeys.admin.bookingsPage(query),
    queryFn: ({ signal }) => bookingsApi.adminList(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBooking(id: string) {
  return useQuery({
    queryKey: queryKeys.booking(id),
    queryFn: ({ signal }) => bookingsApi.get(id, signal),
  });
}

export function useVenueOverrides(venueId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.overrides(venueId),
    queryFn: ({ signal }) => bookingsApi.overrides(venueId, signal),
    select: (data) => data.overrides,
    enabled,
  });
}
