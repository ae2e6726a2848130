/** Calendars that sync: the venue's private feed URL, and the .ics link of a booking. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '@/domain/contract';
import { api } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

const feedPath = (venueId: string) => `/api/venues/${encodeURIComponent(venueId)}/calendar-feed`;

export const calendarApi = {
  feed: (venueId: string, signal?: AbortSignal) => api.get<CalendarFeed>(feedPath(venueId), { signal }),
  regenerate: (venueId: string) => api.post<CalendarFeed>(feedPath(venueId)),
};

/** Where a booking's Add to calendar file is downloaded from. */
export const bookingIcsUrl = (bookingId: string) =>
  `/api/bookings/${encodeURIComponent(bookingId)}/calendar.ics`;

export function useCalendarFeed(venueId: string, enabled = true) {
  return useQuery({
    queryKey: queryKeys.calendarFeed(venueId),
    queryFn: ({ signal }) => calendarApi.feed(venueId, signal),
    enabled,
  });
}

export function useRegenerateCalendarFeed(venueId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => calendarApi.regenerate(venueId),
    onSuccess: (feed) => queryClient.setQueryData(queryKeys.calendarFeed(venueId), feed),
  });
}
