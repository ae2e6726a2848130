import type { VenueInput, VenueUpdate } from '@/domain/schemas';
import { ApiError, HTTP_ERROR, NETWORK_ERROR, api, request } from '@/web/lib/api';
import type { AdminVenuePage, Venue, VenueImage, VenueListPage } from './types';

/** Query keys of the venues feature. Everything public lives under ['venues'] (live-invalidated). */
export const venueKeys = {
  all: ['venues'] as const,
  list: (query: Record<string, string>) => ['venues', 'list', query] as const,
  stats: ['venues', 'stats'] as const,
  detail: (id: string) => ['venues', 'detail', id] as const,
  host: ['host', 'venues'] as const,
  admin: (query: string) => ['admin', 'venues', query] as const,
  adminAll: ['admin', 'venues'] as const,
};

export const VENUE_PAGE_SIZE = 12;

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') params.set(k, v);
  const s = params.toString();
  return s ? `${path}?${s}` : path;
}

export const venuesApi = {
  list: (query: Record<string, string>, cursor: string | undefined, signal?: AbortSignal) =>
    api.get<VenueListPage>(withQuery('/api/venues', { ...query, cursor, limit: String(VENUE_PAGE_SIZE) }), {
      signal,
    }),
  get: (id: string, signal?: AbortSignal) =>
    api.get<Venue>(`/api/venues/${encodeURIComponent(id)}`, { signal }),
  create: (input: VenueInput) => api.post<Venue>('/api/venues', input),
  update: (id: string, patch: VenueUpdate) =>
    api.patch<Venue>(`/api/venues/${encodeURIComponent(id)}`, patch),
  /** DELETE with a JSON body carrying the optional reason. */
  remove: (id: string, reason?: string) =>
    request<{ ok: true }>('DELETE', `/api/venues/${encodeURIComponent(id)}`, reason ? { reason } : {}),
  deleteImage: (id: string, path: string) =>
    api.delete<{ images: VenueImage[] }>(withQuery(`/api/venues/${encodeURIComponent(id)}/images`, { path })),
  reorderImages: (id: string, images: string[]) =>
    api.put<{ images: VenueImage[] }>(`/api/venues/${encodeURIComponent(id)}/images/order`, { images }),
  hostVenues: (signal?: AbortSignal) => api.get<{ venues: Venue[] }>('/api/host/venues', { signal }),
  /** One page of the admin's venue list; `query` is the list's query string (status, q, sort, page). */
  adminVenues: (query: string, signal?: AbortSignal) =>
    api.get<AdminVenuePage>(`/api/admin/venues${query ? `?${query}` : ''}`, { signal }),
  approve: (id: string, notes?: string) =>
    api.post<Venue>(`/api/admin/venues/${encodeURIComponent(id)}/approve`, notes ? { notes } : {}),
  reject: (id: string, notes: string) =>
    api.post<Venue>(`/api/admin/venues/${encodeURIComponent(id)}/reject`, { notes }),
};

/**
 * Uploads one photo (POST /api/venues/:id/images, multipart field `file`) with XMLHttpRequest so
 * the caller can show upload progress (0–1). Rejects with ApiError like the fetch client.
 */
export function uploadVenueImage(
  venueId: string,
  file: File,
  onProgress?: (fraction: number) => void,
): Promise<{ image: VenueImage; images: VenueImage[] }> {
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
        resolve(body as { image: VenueImage; images: VenueImage[] });
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
