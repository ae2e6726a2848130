/**
 * Live updates: a booking request on a host's venue reaches that host's Server-Sent Events
 * stream (and the guest's), and never another host's or a signed-out visitor's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../src/server/db/schema';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import {
  type Accounts,
  type Actor,
  bookingAction,
  createAccounts,
  createBooking,
  freezeClock,
  insertVenue,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});

interface SseEvent {
  event: string;
  data: string;
}

/** Opens GET /api/events in-process and reads it with time limits. */
async function openStream(who: Actor | null) {
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

describe('live booking updates', () => {
  it('the venue’s host (and the guest) see a booking request; another host and a visitor do not', async () => {
    const streams = {
      host: await openStream(a.host),
      guest: await openStream(a.guest),
      otherHost: await openStream(a.otherHost),
      otherGuest: await openStream(a.otherGuest),
      visitor: await openStream(null),
    };
    try {
      for (const s of Object.values(streams)) {
        expect(await s.waitFor((e) => e.event === 'ready', 5000)).not.toBeNull();
      }

      const booking = await createBooking(env, a.guest, venue.id);
      const isThis = (e: SseEvent) =>
        e.event === 'booking' && (JSON.parse(e.data) as { id: string }).id === booking.id;

      const seen = await streams.host.waitFor(isThis, 10_000);
      expect(seen, 'the host receives the booking event').not.toBeNull();
      const payload = JSON.parse(seen!.data);
      expect(payload).toEqual({
        entity: 'booking',
        op: 'insert',
        id: booking.id,
        venue_id: venue.id,
        status: 'pending',
      });
      expect(await streams.guest.waitFor(isThis, 5000)).not.toBeNull();

      // Everyone's subscriber ran when the host's did; give the others a moment anyway.
      for (const name of ['otherHost', 'otherGuest', 'visitor'] as const) {
        expect(
          await streams[name].waitFor((e) => e.event === 'booking', 300),
          `${name} sees no booking`,
        ).toBeNull();
      }

      // The host's approval reaches the guest as an update.
      expect((await bookingAction(env, a.host, booking.id, 'approve')).status).toBe(200);
      const update = await streams.guest.waitFor(
        (e) =>
          e.event === 'booking' && JSON.parse(e.data).op === 'update' && JSON.parse(e.data).id === booking.id,
        10_000,
      );
      expect(update && JSON.parse(update.data).status).toBe('confirmed');
      expect(await streams.otherHost.waitFor((e) => e.event === 'booking', 300)).toBeNull();
    } finally {
      await Promise.all(Object.values(streams).map((s) => s.close()));
    }
  });
});
