/** Reads GET /api/events in-process, as a browser's EventSource would (for the live tests). */
import { expect } from 'vitest';
import type { Actor } from './client';
import { PUBLIC_URL, type TestEnv } from './env';

export interface SseEvent {
  event: string;
  data: string;
}

/** Opens GET /api/events in-process and reads it with time limits. */
export async function openStream(env: TestEnv, who: Actor | null) {
  const abort = new AbortController();
  const headers: Record<string, string> = { origin: PUBLIC_URL, accept: 'text/event-stream' };
  if (who) headers.cookie = who.cookie;
  const res = await env.app.request('/api/events', { headers, signal: abort.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const events: SseEvent[] = [];
  // A read still in flight when a wait times out is kept for the next wait, so no chunk is lost.
  let inFlight: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let done = false;

  const parse = () => {
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
      const data = [...block.matchAll(/^data: ?(.*)$/gm)].map((m) => m[1]).join('\n');
      events.push({ event, data });
    }
  };

  /** Reads until an event matches or `ms` pass; answers the match or null. */
  async function waitFor(match: (e: SseEvent) => boolean, ms: number): Promise<SseEvent | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0 || done) return null;
      inFlight ??= reader.read();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), left);
      });
      const chunk = await Promise.race([inFlight, timeout]);
      clearTimeout(timer);
      if (chunk === null) continue;
      inFlight = null;
      if (chunk.done) done = true;
      else buffer += decoder.decode(chunk.value, { stream: true });
      parse();
    }
  }

  return {
    events,
    waitFor,
    async close() {
      abort.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}
