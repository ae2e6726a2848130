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
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  /** Open streams one client address may hold (offices and homes share one). */
  maxPerAddress?: number;
  /** Open streams one signed-in person may hold (their tabs and devices). */
  maxPerAccount?: number;
}

export const PING_MS = 25_000;
export const MAX_QUEUED_BYTES = 64 * 1024;
export const MAX_STREAMS_PER_ADDRESS = 100;
export const MAX_STREAMS_PER_ACCOUNT = 20;
/** What EventSource waits before reconnecting a stream that broke (the `retry:` of `ready`). */
export const RETRY_MS = 3000;

const encoder = new TextEncoder();

/** One Server-Sent Events frame: `event:`, one `data:` line (JSON has no newline), `retry:`. */
export function sseFrame(event: string, data: string, retry?: number): Uint8Array {
  const retryLine = retry === undefined ? '' : `retry: ${retry}\n`;
  return encoder.encode(`event: ${event}\ndata: ${data}\n${retryLine}\n`);
}

/** What a client is told of a change: ids and the fields its page needs to refetch, no more. */
export function liveEvent(e: ChangeEvent): LiveEvent {
  if (e.entity === 'venue') return { entity: e.entity, op: e.op, id: e.id };
  if (e.entity === 'payout') return { entity: e.entity, op: e.op, id: e.id };
  if (e.entity === 'conversation') return { entity: e.entity, op: e.op, id: e.id, venue_id: e.venue_id };
  if (e.entity === 'waitlist') {
    const { entity, op, id, venue_id, date, notified } = e;
    return { entity, op, id, venue_id, date, notified };
  }
  return { entity: e.entity, op: e.op, id: e.id, venue_id: e.venue_id, status: e.status };
}

type Controller = ReadableStreamDefaultController<Uint8Array>;

/** One frame in the two forms it is sent in: as SSE bytes, and as an HTTP/1.1 chunk of them. */
class Frame {
  private chunk: Buffer | undefined;
  constructor(readonly bytes: Uint8Array) {}
  get chunked(): Buffer {
    this.chunk ??= Buffer.concat([
      Buffer.from(`${this.bytes.byteLength.toString(16)}\r\n`),
      this.bytes,
      CRLF,
    ]);
    return this.chunk;
  }
}
const CRLF = Buffer.from('\r\n');

const READY = sseFrame('ready', '{}', RETRY_MS);
const PING = new Frame(sseFrame('ping', '{}'));
const SHUTDOWN = new Frame(sseFrame('shutdown', '{}', RECONNECT_AFTER_MS));

/** Everyone who sees the same events: all signed-out visitors, or one signed-in person. */
interface Audience {
  key: string;
  who: ViewerRef | null;
  streams: Set<Stream>;
}

interface Stream {
  controller: Controller;
  audience: Audience;
  /** The Node response, when served by @hono/node-server (not in-process). */
  res: ServerResponse | undefined;
  /** Set once frames go straight to the socket (see `pull` in `open`). */
  socket: Socket | null;
  /** The client's address, counted against maxPerAddress. */
  address: string | undefined;
}

const audienceKey = (who: ViewerRef | null) => (who ? `${who.role}:${who.profileId}` : 'public');

export class LiveHub {
  private readonly audiences = new Map<string, Audience>();
  private readonly streams = new Set<Stream>();
  private readonly pingMs: number;
  private readonly maxQueuedBytes: number;
  private readonly maxPerAddress: number;
  private readonly maxPerAccount: number;
  private readonly perAddress = new Map<string, number>();
  private pinger: ReturnType<typeof setInterval> | undefined;
  private unsubscribe: (() => void) | undefined;
  private unregister: (() => void) | undefined;

  constructor(
    private readonly feed: ChangeSource,
    opts: LiveHubOptions = {},
  ) {
    this.pingMs = opts.pingMs ?? PING_MS;
    this.maxQueuedBytes = opts.maxQueuedBytes ?? MAX_QUEUED_BYTES;
    this.maxPerAddress = opts.maxPerAddress ?? MAX_STREAMS_PER_ADDRESS;
    this.maxPerAccount = opts.maxPerAccount ?? MAX_STREAMS_PER_ACCOUNT;
  }

  /** Why a new stream for `who` from `address` is refused (too many open already), or null. */
  refusal(who: ViewerRef | null, address: string | undefined): string | null {
    if (address && (this.perAddress.get(address) ?? 0) >= this.maxPerAddress) {
      return `Too many live connections from this address (at most ${this.maxPerAddress}). Close some tabs and try again.`;
    }
    if (who && (this.audiences.get(audienceKey(who))?.streams.size ?? 0) >= this.maxPerAccount) {
      return `Too many live connections for this account (at most ${this.maxPerAccount}). Close some tabs and try again.`;
    }
    return null;
  }

  /** How many streams are open. */
  get size() {
    return this.streams.size;
  }

  /** How many of them are written to their sockets directly. */
  get direct() {
    let n = 0;
    for (const s of this.streams) if (s.socket) n++;
    return n;
  }

  /**
   * A new stream for `who`: `ready` first, then every event they may see, until cancelled.
   * `res` is the Node response the stream will be written to, when there is one: once the
   * adapter has sent the headers and the `ready` frame and asks for more (`pull`: nothing else
   * is queued), frames are written to its socket directly, as HTTP chunks, skipping a promise
   * and a stream read per client and event. The adapter's read then stays pending until the
   * stream closes, when it ends the response.
   */
  open(who: ViewerRef | null, res?: ServerResponse, address?: string): ReadableStream<Uint8Array> {
    let stream: Stream | undefined;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          controller.enqueue(READY);
          stream = this.add(controller, who, res, address);
        },
        pull: () => {
          const socket = stream?.res?.socket;
          if (stream && !stream.socket && socket && stream.res!.headersSent && stream.res!.chunkedEncoding) {
            stream.socket = socket;
          }
        },
        cancel: () => {
          if (stream) this.remove(stream);
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
  }

  private add(
    controller: Controller,
    who: ViewerRef | null,
    res: ServerResponse | undefined,
    address: string | undefined,
  ): Stream {
    const key = audienceKey(who);
    let audience = this.audiences.get(key);
    if (!audience) {
      audience = { key, who, streams: new Set() };
      this.audiences.set(key, audience);
    }
    const stream: Stream = { controller, audience, res, socket: null, address };
    if (address) this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    audience.streams.add(stream);
    this.streams.add(stream);
    if (this.streams.size === 1) this.start();
    return stream;
  }

  private remove(stream: Stream) {
    if (!this.streams.delete(stream)) return;
    const { audience, address } = stream;
    if (address) {
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left > 0) this.perAddress.set(address, left);
      else this.perAddress.delete(address);
    }
    audience.streams.delete(stream);
    if (audience.streams.size === 0) this.audiences.delete(audience.key);
    if (this.streams.size === 0) this.stop();
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
    let frame: Frame | undefined;
    for (const audience of this.audiences.values()) {
      if (!canSee(event, audience.who)) continue;
      frame ??= new Frame(sseFrame(event.entity, JSON.stringify(liveEvent(event))));
      for (const stream of audience.streams) this.send(stream, frame);
    }
  }

  private broadcast(frame: Frame) {
    for (const stream of this.streams) this.send(stream, frame);
  }

  /** Writes a frame; drops the stream if its client is too far behind (or already gone). */
  private send(stream: Stream, frame: Frame) {
    try {
      const { socket, controller } = stream;
      if (socket) {
        if (!socket.destroyed) {
          socket.write(frame.chunked);
          if (socket.writableLength <= this.maxQueuedBytes) return;
          socket.destroy();
        }
      } else {
        controller.enqueue(frame.bytes);
        if ((controller.desiredSize ?? 0) >= -this.maxQueuedBytes) return;
        controller.error(new Error('live stream dropped: the client is not reading'));
      }
    } catch {
      // Closed or errored meanwhile: nothing to send to.
    }
    this.remove(stream);
  }

  /** On shutdown: every stream gets `shutdown` with a reconnect hint, then ends. */
  closeAll() {
    for (const stream of [...this.streams]) {
      try {
        if (stream.socket) stream.socket.write(SHUTDOWN.chunked);
        else stream.controller.enqueue(SHUTDOWN.bytes);
        stream.controller.close();
      } catch {
        // Already gone.
      }
      this.remove(stream);
    }
  }
}
