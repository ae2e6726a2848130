import { useEffect, useRef } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useAuth } from '@/web/features/auth/useAuth';

/** What the server's change feed sends (GET /api/events): only rows this viewer may read. */
export interface LiveEvent {
  entity: 'venue' | 'booking';
  op: 'insert' | 'update' | 'delete';
  id: string;
  venue_id?: string;
  status?: string;
}

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
let sourceKey: string | null = null;

/**
 * One EventSource per tab, opened for the current viewer: the server decides what a connection
 * may hear when it opens, so signing in or out reopens it.
 */
function connect(viewerKey: string) {
  if (typeof EventSource === 'undefined') return;
  if (source && sourceKey === viewerKey) return;
  source?.close();
  sourceKey = viewerKey;
  source = new EventSource('/api/events', { withCredentials: true });
  const forward = (e: MessageEvent<string>) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(e.data) as LiveEvent;
    } catch {
      return;
    }
    for (const l of listeners) l(event);
  };
  source.addEventListener('venue', forward);
  source.addEventListener('booking', forward);
}

/** Calls `onEvent` for every live event about `entity` while the component is mounted. */
export function useLiveEvents(entity: LiveEvent['entity'] | 'all', onEvent: Listener) {
  const { profile, loading } = useAuth();
  const viewerKey = profile?.id ?? 'anonymous';
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    if (loading) return;
    connect(viewerKey);
    const listener: Listener = (event) => {
      if (entity === 'all' || event.entity === entity) handler.current(event);
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [entity, viewerKey, loading]);
}

/** Refetches the given queries whenever a live event about `entity` arrives. */
export function useLiveInvalidate(entity: LiveEvent['entity'] | 'all', queryKeys: QueryKey[]) {
  const queryClient = useQueryClient();
  const keys = JSON.stringify(queryKeys);
  useLiveEvents(entity, () => {
    for (const queryKey of JSON.parse(keys) as QueryKey[]) void queryClient.invalidateQueries({ queryKey });
  });
}
