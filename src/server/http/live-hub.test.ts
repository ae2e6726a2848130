/**
 * The live-update fan-out (decision 30), fed by a stand-in change source: who hears what, one
 * serialisation per event, one subscription and one ping timer for all streams, slow readers
 * dropped, the shutdown hint. tests/live-events.test.ts covers the same route on a real socket
 * with real database changes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../adapters/realtime';
import { beginShutdown } from '../lifecycle';
import { LiveHub, type ChangeSource } from './live-hub';

class Source implements ChangeSource {
  readonly subscribers = new Set<(e: ChangeEvent) => void>();
  subscribe(s: (e: ChangeEvent) => void) {
    this.subscribers.add(s);
    return () => this.subscribers.delete(s);
  }
  emit(e: ChangeEvent) {
    for (const s of this.subscribers) s(e);
  }
}

const host = { profileId: 'host-1', role: 'host' } as const;
const otherHost = { profileId: 'host-2', role: 'host' } as const;
const guest = { profileId: 'guest-1', role: 'user' } as const;
const admin = { profileId: 'admin-1', role: 'admin' } as const;

const venue = (id: string, active: boolean): ChangeEvent => ({
  entity: 'venue',
  op: 'update',
  id,
  host_id: host.profileId,
  is_active: active,
  was_active: active,
});
const booking = (id: string): ChangeEvent => ({
  entity: 'booking',
  op: 'insert',
  id,
  venue_id: 'v-1',
  user_id: guest.profileId,
  host_id: host.profileId,
  status: 'pending',
});

const decoder = new TextDecoder();

/** Reads one stream frame by frame (each chunk the hub queues is one frame). */
function reader(stream: ReadableStream<Uint8Array>) {
  const r = stream.getReader();
  return {
    chunks: [] as Uint8Array[],
    async next(): Promise<string> {
      const { value, done } = await r.read();
      if (done) return '(end)';
      this.chunks.push(value);
      return decoder.decode(value);
    },
    /** The next frame that is not a ping. */
    async nextEvent(): Promise<string> {
      for (;;) {
        const f = await this.next();
        if (!f.startsWith('event: ping')) return f;
      }
    },
    cancel: () => r.cancel(),
  };
}

const open: Array<ReturnType<typeof reader>> = [];
function connect(hub: LiveHub, who: Parameters<LiveHub['open']>[0]) {
  const r = reader(hub.open(who));
  open.push(r);
  return r;
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((r) => r.cancel().catch(() => undefined)));
});

describe('LiveHub', () => {
  it('starts each stream with ready, then sends an event only to the viewers who may see it', async () => {
    const source = new Source();
    const hub = new LiveHub(source);
    const s = {
      visitor: connect(hub, null),
      host: connect(hub, host),
      otherHost: connect(hub, otherHost),
      guest: connect(hub, guest),
      admin: connect(hub, admin),
    };
    for (const r of Object.values(s)) expect(await r.next()).toBe('event: ready\ndata: {}\nretry: 3000\n\n');

    // An inactive venue: its host and the admin only. A booking: its guest, the host, the admin.
    source.emit(venue('hidden', false));
    source.emit(booking('b-1'));
    source.emit(venue('shown', true));
    const hidden = 'event: venue\ndata: {"entity":"venue","op":"update","id":"hidden"}\n\n';
    const bookingFrame =
      'event: booking\ndata: {"entity":"booking","op":"insert","id":"b-1","venue_id":"v-1","status":"pending"}\n\n';
    const shown = 'event: venue\ndata: {"entity":"venue","op":"update","id":"shown"}\n\n';
    const expected = {
      visitor: [shown],
      host: [hidden, bookingFrame, shown],
      otherHost: [shown],
      guest: [bookingFrame, shown],
      admin: [hidden, bookingFrame, shown],
    };
    for (const [name, frames] of Object.entries(expected)) {
      const got: string[] = [];
      for (let i = 0; i < frames.length; i++) got.push(await s[name as keyof typeof s].nextEvent());
      expect(got, name).toEqual(frames);
    }
  });

  it('serialises an event once: every stream that hears it gets the same bytes', async () => {
    const source = new Source();
    const hub = new LiveHub(source);
    const streams = [connect(hub, null), connect(hub, null), connect(hub, admin), connect(hub, guest)];
    for (const r of streams) await r.next();
    source.emit(venue('same', true));
    for (const r of streams) await r.nextEvent();
    const frames = streams.map((r) => r.chunks.at(-1));
    for (const f of frames) expect(f).toBe(frames[0]);
  });

  it('has one feed subscription and one ping for all its streams, and none once they close', async () => {
    const source = new Source();
    const hub = new LiveHub(source, { pingMs: 20 });
    expect(source.subscribers.size).toBe(0);
    const streams = [connect(hub, null), connect(hub, host), connect(hub, null)];
    expect(source.subscribers.size).toBe(1);
    for (const r of streams) {
      await r.next();
      expect(await r.next()).toBe('event: ping\ndata: {}\n\n');
    }
    await Promise.all(streams.map((r) => r.cancel()));
    expect(hub.size).toBe(0);
    expect(source.subscribers.size).toBe(0);
  });

  it('drops a stream whose reader falls behind; the others keep receiving', async () => {
    const source = new Source();
    const hub = new LiveHub(source, { maxQueuedBytes: 1000 });
    const slow = connect(hub, null);
    const fast = connect(hub, null);
    await fast.next();
    for (let i = 0; i < 30; i++) {
      source.emit(venue(`v${i}`, true));
      expect(await fast.nextEvent()).toContain(`"id":"v${i}"`);
    }
    expect(hub.size).toBe(1);
    await expect(slow.next()).rejects.toThrow(/not reading/);
    source.emit(venue('after', true));
    expect(await fast.nextEvent()).toContain('"id":"after"');
  });

  it('on shutdown, tells every stream to reconnect in 2 s and ends it', async () => {
    const source = new Source();
    const hub = new LiveHub(source);
    const streams = [connect(hub, null), connect(hub, admin)];
    for (const r of streams) await r.next();
    await beginShutdown();
    for (const r of streams) {
      expect(await r.next()).toBe('event: shutdown\ndata: {}\nretry: 2000\n\n');
      expect(await r.next()).toBe('(end)');
    }
    expect(hub.size).toBe(0);
    expect(source.subscribers.size).toBe(0);
  });
});

describe('LiveHub caps (issue 30)', () => {
  it('refuses a stream past the cap of one address or one account, and admits again once one closes', async () => {
    const hub = new LiveHub(new Source(), { maxPerAddress: 3, maxPerAccount: 2 });
    const a = [
      hub.open(null, undefined, '203.0.113.1'),
      hub.open(null, undefined, '203.0.113.1'),
      hub.open(null, undefined, '203.0.113.1'),
    ];
    const readers = a.map((s) => s.getReader());
    await Promise.all(readers.map((r) => r.read()));
    expect(hub.refusal(null, '203.0.113.1')).toMatch(
      /^Too many live connections from this address \(at most 3\)/,
    );
    expect(hub.refusal(null, '203.0.113.2')).toBeNull();
    await readers[0]!.cancel();
    expect(hub.refusal(null, '203.0.113.1')).toBeNull();

    const mine = [hub.open(guest, undefined, '198.51.100.1'), hub.open(guest, undefined, '198.51.100.2')];
    await Promise.all(mine.map((s) => s.getReader().read()));
    expect(hub.refusal(guest, '198.51.100.3')).toMatch(
      /^Too many live connections for this account \(at most 2\)/,
    );
    expect(hub.refusal(host, '198.51.100.3')).toBeNull();
    for (const r of readers.slice(1)) await r.cancel();
  });
});
