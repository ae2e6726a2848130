/**
 * The fan-out behind GET /api/events (decision 30): one subscriber on the change feed for all
 * the streams of an app, not one per stream. Streams are grouped by audience — every signed-out
 * visitor is one audience, each signed-in person another — and an event is serialised once, as
 * one SSE frame, then checked once per audience (`canSee`) and the same bytes queued on each of
 * its streams. One timer pings every stream; one shutdown hook ends them all with a reconnect
 * hint. A stream whose reader falls behind by more than `maxQueuedBytes` is dropped (its
 * EventSource reconnects), so a stalled client cannot make the server hold an unbounded backlog.
 *
 * Each stream is a ReadableStream with no buffer of its own (high-water mark 0) that the HTTP
 * server reads: @hono/node-server copies each chunk to the socket as it comes, and waits for the
 * socket to drain before reading more, so what a slow client has not taken stays in this queue,
 * where it is counted.
 */
import type { ViewerRef } from '@/domain/access';
import type { LiveEvent } from '@/domain/contract';
import { canSee, type ChangeEvent } from '../adapters/realtime';
import { onShutdown, RECONNECT_AFTER_MS } from '../lifecycle';

/** The part of the change feed the hub needs. */
export interface ChangeSource {
  subscribe(subscriber: (event: ChangeEvent) => void): () => void;
}

export interface LiveHubOptions {
  /** How often every stream gets a `ping` (keeps proxies from closing an idle stream). */
  pingMs?: number;
  /** A stream with more than this many bytes waiting for its reader is dropped. */
  maxQueuedBytes?: number;
}

export const PING_MS = 25_000;
export const MAX_QUEUED_BYTES = 64 * 1024;
/** What EventSource waits before reconnecting a stream that broke (the `retry:` of `ready`). */
export const RETRY_MS = 3000;

const encoder = new TextEncoder();

/** One Server-Sent Events frame: `event:`, one `data:` line (JSON has no newline), `retry:`. */
export function sseFrame(event: string, data: string, retry?: number): Uint8Array {
  const retryLine = retry === undefined ? '' : `retry: ${retry}\n`;
  return encoder.encode(`event: ${event}\ndata: ${data}\n${retryLine}\n`);
}

const READY = sseFrame('ready', '{}', RETRY_MS);
const PING = sseFrame('ping', '{}');
const SHUTDOWN = sseFrame('shutdown', '{}', RECONNECT_AFTER_MS);

/** What a client is told of a change: ids and the fields its page needs to refetch, no more. */
export function liveEvent(e: ChangeEvent): LiveEvent {
  if (e.entity === 'venue') return { entity: e.entity, op: e.op, id: e.id };
  if (e.entity === 'conversation') return { entity: e.entity, op: e.op, id: e.id, venue_id: e.venue_id };
  if (e.entity === 'waitlist') {
    const { entity, op, id, venue_id, date, notified } = e;
    return { entity, op, id, venue_id, date, notified };
  }
  return { entity: e.entity, op: e.op, id: e.id, venue_id: e.venue_id, status: e.status };
}

type Controller = ReadableStreamDefaultController<Uint8Array>;

/** Everyone who sees the same events: all signed-out visitors, or one signed-in person. */
interface Audience {
  key: string;
  who: ViewerRef | null;
  streams: Set<Controller>;
}

const audienceKey = (who: ViewerRef | null) => (who ? `${who.role}:${who.profileId}` : 'public');

export class LiveHub {
  private readonly audiences = new Map<string, Audience>();
  private readonly audienceOf = new Map<Controller, Audience>();
  private readonly pingMs: number;
  private readonly maxQueuedBytes: number;
  private pinger: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private unregister: (() => void) | undefined;

  constructor(
    private readonly feed: ChangeSource,
    opts: LiveHubOptions = {},
  ) {
    this.pingMs = opts.pingMs ?? PING_MS;
    this.maxQueuedBytes = opts.maxQueuedBytes ?? MAX_QUEUED_BYTES;
  }

  /** How many streams are open. */
  get size() {
    return this.audienceOf.size;
  }

  /** A new stream for `who`: `ready` first, then every event they may see, until cancelled. */
  open(who: ViewerRef | null): ReadableStream<Uint8Array> {
    let self: Controller | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          self = controller;
          controller.enqueue(READY);
          this.add(controller, who);
        },
        cancel: () => {
          if (self) this.remove(self);
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
  }

  private add(controller: Controller, who: ViewerRef | null) {
    const key = audienceKey(who);
    let audience = this.audiences.get(key);
    if (!audience) {
      audience = { key, who, streams: new Set() };
      this.audiences.set(key, audience);
    }
    audience.streams.add(controller);
    this.audienceOf.set(controller, audience);
    if (this.audienceOf.size === 1) this.start();
  }

  private remove(controller: Controller) {
    const audience = this.audienceOf.get(controller);
    if (!audience) return;
    this.audienceOf.delete(controller);
    audience.streams.delete(controller);
    if (audience.streams.size === 0) this.audiences.delete(audience.key);
    if (this.audienceOf.size === 0) this.stop();
  }

  /** The feed, the ping timer and the shutdown hook exist only while a stream is open. */
  private start() {
    this.unsubscribe = this.feed.subscribe((event) => this.publish(event));
    this.pinger = setInterval(() => this.broadcast(PING), this.pingMs);
    this.pinger.unref?.();
    this.unregister = onShutdown(() => this.closeAll());
  }

  private stop() {
    this.unsubscribe?.();
    clearInterval(this.pinger);
    this.unregister?.();
    this.unsubscribe = this.pinger = this.unregister = undefined;
  }

  /** Sends a change to every stream whose viewer may see it; serialised at most once. */
  publish(event: ChangeEvent) {
    let frame: Uint8Array | undefined;
    for (const audience of this.audiences.values()) {
      if (!canSee(event, audience.who)) continue;
      frame ??= sseFrame(event.entity, JSON.stringify(liveEvent(event)));
      for (const controller of audience.streams) this.send(controller, frame);
    }
  }

  private broadcast(frame: Uint8Array) {
    for (const controller of this.audienceOf.keys()) this.send(controller, frame);
  }

  /** Queues a frame; drops the stream if its reader is too far behind (or already gone). */
  private send(controller: Controller, frame: Uint8Array) {
    try {
      controller.enqueue(frame);
      if ((controller.desiredSize ?? 0) >= -this.maxQueuedBytes) return;
      controller.error(new Error('live stream dropped: the client is not reading'));
    } catch {
      // Closed or errored meanwhile: nothing to send to.
    }
    this.remove(controller);
  }

  /** On shutdown: every stream gets `shutdown` with a reconnect hint, then ends. */
  closeAll() {
    for (const controller of [...this.audienceOf.keys()]) {
      try {
        controller.enqueue(SHUTDOWN);
        controller.close();
      } catch {
        // Already gone.
      }
      this.remove(controller);
    }
  }
}
