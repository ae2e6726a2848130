/**
 * The venues feature's data: fetchers for every venue endpoint (and the photo upload with
 * progress), and the hooks that read and change venues. Keys come from the one factory
 * (lib/queryKeys.ts); the live table (lib/liveRefresh.ts) keeps them fresh.
 */
import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type {
  AdminVenuePage,
  FullVenue,
  HostVenueList,
  Ok,
  Venue,
  VenueImageAdded,
  VenueImageList,
  VenueListPage,
  VenueStats,
} from '@/domain/contract';
import type { VenueInput, VenueUpdate } from '@/domain/schemas';
import { ApiError, HTTP_ERROR, NETWORK_ERROR, api, request } from '@/web/lib/api';
import { queryKeys } from '@/web/lib/queryKeys';

export const VENUE_PAGE_SIZE = 12;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

/**
 * The API path of one page of the public venue list. The first page's cursor is undefined, or
 * null once a server-rendered cache has been through JSON (entry-server.tsx): both mean none.
 */
export const venueListPath = (query: Record<string, string>, cursor: string | null | undefined) =>
  withQuery('/api/venues', { ...query, cursor: cursor ?? undefined, limit: String(VENUE_PAGE_SIZE) });

export const venuesApi = {
  list: (query: Record<string, string>, cursor: string | null | undefined, signal?: AbortSignal) =>
    api.get<VenueListPage>(venueListPath(query, cursor), { signal }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<Venue>(`/api/venues/${encodeURIComponent(id)}`, { signal }),
  create: (input: VenueInput) => api.post<FullVenue>('/api/venues', input),
  update: (id: string, patch: VenueUpdate) =>
    api.patch<Venue>(`/api/venues/${encodeURIComponent(id)}`, patch),
  /** DELETE with a JSON body carrying the optional reason. */
  remove: (id: string, reason?: string) =>
    request<Ok>('DELETE', `/api/venues/${encodeURIComponent(id)}`, reason ? { reason } : {}),
  deleteImage: (id: string, path: string) =>
    api.delete<VenueImageList>(withQuery(`/api/venues/${encodeURIComponent(id)}/images`, { path })),
  reorderImages: (id: string, images: string[]) =>
    api.put<VenueImageList>(`/api/venues/${encodeURIComponent(id)}/images/order`, { images }),
  hostVenues: (signal?: AbortSignal) => api.get<HostVenueList>('/api/host/venues', { signal }),
  stats: (signal?: AbortSignal) => api.get<VenueStats>('/api/venues/stats', { signal }),
  /** One page of the admin's venue list; `query` is the list's query string (status, q, sort, page). */
  adminVenues: (query: string, signal?: AbortSignal) =>
    api.get<AdminVenuePage>(`/api/admin/venues${query ? `?${query}` : ''}`, { signal }),
  approve: (id: string, notes?: string) =>
    api.post<FullVenue>(`/api/admin/venues/${encodeURIComponent(id)}/approve`, notes ? { notes } : {}),
  reject: (id: string, notes: string) =>
    api.post<FullVenue>(`/api/admin/venues/${encodeURIComponent(id)}/reject`, { notes }),
};

/**
 * Uploads one photo (POST /api/venues/:id/images, multipart field `file`) with XMLHttpRequest so
 * the caller can show upload progress (0–1). Rejects with ApiError like the fetch client.
 */
export function uploadVenueImage(
  venueId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<VenueImageAdded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/venues/${encodeURIComponent(venueId)}/images`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, NETWORK_ERROR, 'Could not reach the server. Please check your connection.'));
    xhr.onabort = () => reject(new ApiError(0, NETWORK_ERROR, 'The upload was cancelled.'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(1);
        resolve(body as VenueImageAdded);
        return;
      }
      const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
      if (error && typeof error.message === 'string') {
        reject(
          new ApiError(xhr.status, typeof error.code === 'string' ? error.code : 'ERROR', error.message),
        );
      } else {
        reject(new ApiError(xhr.status, HTTP_ERROR, `HTTP ${xhr.status}`));
      }
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/* ---------- hooks ---------- */

/** One venue, whoever reads it (detail, manage and edit pages share the entry). */
export function useVenue(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.venue(id),
    queryFn: ({ signal }) => venuesApi.get(id, signal),
    enabled: options.enabled ?? true,
  });
}

/** Active venues matching the filters, newest first, one server page at a time. */
export function useVenueList(query: Record<string, string>) {
  return useInfiniteQuery({
    queryKey: queryKeys.venues.list(query),
    queryFn: ({ pageParam, signal }) => venuesApi.list(query, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
  });
}

/** Count of active venues for the hero. Any failure counts as 0. */
export function useVenueStats() {
  return useQuery({
    queryKey: queryKeys.venues.stats,
    queryFn: async ({ signal }): Promise<VenueStats> => {
      try {
        const stats = await venuesApi.stats(signal);
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

/** The signed-in host's own venues, every status, newest first. */
export function useHostVenues() {
  return useQuery({
    queryKey: queryKeys.host.venues,
    queryFn: async ({ signal }) => (await venuesApi.hostVenues(signal)).venues,
  });
}

/** Venues for the admin (pending, active or all), with their hosts. */
/**
 * One page of the admin's venues (filtered, sorted and paged by the server; `query` is the list's
 * query string), with their hosts.
 */
export function useAdminVenues(query: string) {
  return useQuery({
    queryKey: queryKeys.admin.venues(query),
    queryFn: ({ signal }) => venuesApi.adminVenues(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** After a venue change made here: the venue, the public lists, the host's and the admin's lists and tiles. */
export function invalidateVenueViews(queryClient: QueryClient, venueId?: string) {
  const keys: readonly (readonly unknown[])[] = [
    queryKeys.venues.all,
    queryKeys.host.venues,
    queryKeys.host.stats,
    queryKeys.admin.allVenues,
    queryKeys.admin.stats,
    venueId ? queryKeys.venue(venueId) : ['venue'],
  ];
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

export function useVenueDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, notes }: { id: string; action: 'approve' | 'reject'; notes: string }) =>
      action === 'approve'
        ? venuesApi.approve(id, notes.trim() || undefined)
        : venuesApi.reject(id, notes.trim()),
    onSettled: (_data, _error, { id }) => invalidateVenueViews(queryClient, id),
  });
}

export function useDeleteVenue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      venuesApi.remove(id, reason.trim() || undefined),
    onSettled: (_data, _error, { id }) => invalidateVenueViews(queryClient, id),
  });
}
