import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@/domain/contract';
import { queryKeysFor } from './liveRefresh';

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
  source.addEventListener('conversation', forward);
  source.addEventListener('waitlist', forward);
  source.addEventListener('payout', forward);
}

/** Calls `listener` with every live event while mounted (e.g. to tell the guest a waited time is free). */
export function useLiveEvents(listener: Listener) {
  useEffect(() => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [listener]);
}

/**
 * Keeps every query fresh from the change feed (GET /api/events), through the one table in
 * liveRefresh.ts. Mounted once, at the app's root. `viewerKey` names who is signed in (a
 * profile id, or 'anonymous'), or is null while the session is still being read.
 */
export function useLiveRefresh(viewerKey: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (viewerKey === null) return;
    connect(viewerKey);
    const listener: Listener = (event) => {
      for (const queryKey of queryKeysFor(event)) void queryClient.invalidateQueries({ queryKey });
    };
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, [viewerKey, queryClient]);
}
