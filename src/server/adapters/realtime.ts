import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { canOnBooking, canOnVenue, canOnWaitlistEntry, type ViewerRef } from '@/domain/access';
import type { Database, Unlisten } from '../db/client';
import type { Logger } from '../logger';

export const CHANGE_CHANNEL = 'velvet_changes';

/**
 * A barrier's payload on the change channel: `barrier:<uuid>`. Not JSON, so no trigger's event can
 * look like one; the feed keeps it to itself (subscribers never see it).
 */
const BARRIER_PREFIX = 'barrier:';
/**
 * How long `caughtUp()` waits for its marker before it reports a gap instead: a slow or broken
 * feed costs a write's answer at most this, and the readers a full re-read.
 */
export const BARRIER_TIMEOUT_MS = 2_000;
/** After a barrier timed out, and until the feed delivers anything again, barriers wait only this. */
const STALLED_BARRIER_MS = 50;

export type ChangeEvent =
  | {
      entity: 'venue';
      op: 'insert' | 'update' | 'delete';
      id: string;
      host_id: string;
      is_active: boolean;
      was_active: boolean;
    }
  | {
      entity: 'booking';
      op: 'insert' | 'update' | 'delete';
      id: string;
      venue_id: string;
      user_id: string;
      host_id: string | null;
      status: string;
    }
  | {
      /** A booking's conversation (booking_messages, booking_message_reads); id is the booking's. */
      entity: 'conversation';
      op: 'message' | 'read';
      id: string;
      venue_id: string;
      user_id: string;
      host_id: string | null;
      /** Who read it (op 'read'). */
      reader_id: string | null;
    }
  | {
      entity: 'waitlist';
      op: 'insert' | 'update' | 'delete';
      id: string;
      venue_id: string;
      user_id: string;
      host_id: string | null;
      date: string;
      notified: boolean;
    }
  | {
      /** A payout was recorded for a host (issue 29): their earnings and the admin's payouts change. */
      entity: 'payout';
      op: 'insert';
      id: string;
      host_id: string;
    };

type Subscriber = (event: ChangeEvent) => void;
type Barrier = { marker: string; outcome: Promise<boolean>; settle: (delivered: boolean) => void };
/** Told when events may have been lost (the feed's connection dropped and came back). */
type GapListener = () => void;

/**
 * The change feed: PostgreSQL NOTIFY (from triggers on venues, bookings and booking
 * conversations) fanned out to
 * in-process subscribers. Every app server LISTENs, so a change made through any server
 * reaches the clients connected to all of them. Events sent while the LISTEN connection is
 * down are not replayed: `onGap` listeners hear when that may have happened.
 *
 * `caughtUp()` is the barrier a write waits on before it answers (decision 0089): PostgreSQL
 * delivers the notifications of different transactions in the order they committed, so a marker
 * notified after a write committed arrives after every event of that write.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<Subscriber>();
  private readonly gapListeners = new Set<GapListener>();
  private unlisten: Unlisten | undefined;
  private database: Database | undefined;
  /** Markers sent and not yet back. */
  private readonly barriers = new Map<string, Barrier>();
  /** The barrier callers in this turn of the event loop share (one NOTIFY for all of them). */
  private next: Barrier | undefined;
  /** A barrier timed out and nothing has arrived since: the feed is down or far behind. */
  private stalled = false;
  /** Barriers that came back (tests). */
  barriersArrived = 0;

  constructor(private readonly log: Logger) {}

  async start(database: Database) {
    this.unlisten = await database.listen(
      CHANGE_CHANNEL,
      (payload) => this.deliver(payload),
      () => this.missed(),
    );
    this.database = database;
  }

  /**
   * Resolves once every change committed before this call has been delivered to the subscribers
   * of this process: it notifies a marker on the change channel and waits until the marker comes
   * back (PostgreSQL and PGlite deliver notifications in commit order). Should it not come back in
   * `timeoutMs`, or not be sent, the feed reports a gap (everything is read anew) and resolves
   * false: a write's answer is never held up for longer. Without a running feed: true at once.
   */
  async caughtUp(timeoutMs = BARRIER_TIMEOUT_MS): Promise<boolean> {
    const database = this.database;
    if (!database) return true;
    const barrier = this.next ?? this.newBarrier(database);
    const wait = this.stalled ? Math.min(timeoutMs, STALLED_BARRIER_MS) : timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const delivered = await Promise.race([
      barrier.outcome,
      new Promise<false>((r) => (timer = setTimeout(() => r(false), wait))),
    ]);
    clearTimeout(timer);
    if (!delivered) this.giveUp(barrier, `a barrier did not come back within ${wait} ms`);
    return delivered;
  }

  /** A barrier the callers of this turn of the event loop share: each has committed before it is sent. */
  private newBarrier(database: Database): Barrier {
    let settle!: (delivered: boolean) => void;
    const outcome = new Promise<boolean>((r) => (settle = r));
    const barrier: Barrier = { marker: `${BARRIER_PREFIX}${randomUUID()}`, outcome, settle };
    this.next = barrier;
    this.barriers.set(barrier.marker, barrier);
    setImmediate(() => {
      if (this.next === barrier) this.next = undefined;
      database.db
        .execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${barrier.marker})`)
        .catch((err: unknown) => {
          this.log.warn({ err }, 'change feed: a barrier could not be sent');
          this.giveUp(barrier, 'a barrier could not be sent');
        });
    });
    return barrier;
  }

  /** A barrier that did not come back: what it waited for may be lost, so the readers hear a gap. */
  private giveUp(barrier: Barrier, why: string) {
    if (!this.barriers.delete(barrier.marker)) return; // delivered, or already given up
    if (this.next === barrier) this.next = undefined;
    this.stalled = true;
    barrier.settle(false);
    this.missed(why);
  }

  private deliver(payload: string) {
    this.stalled = false;
    if (payload.startsWith(BARRIER_PREFIX)) {
      const barrier = this.barriers.get(payload);
      if (barrier) {
        this.barriers.delete(payload);
        this.barriersArrived++;
        barrier.settle(true);
      }
      return;
    }
    let event: ChangeEvent;
    try {
      event = JSON.parse(payload) as ChangeEvent;
    } catch {
      this.log.warn({ payload }, 'change feed: unreadable payload');
      return;
    }
    for (const s of this.subscribers) {
      try {
        s(event);
      } catch (err) {
        this.log.error({ err }, 'change feed: subscriber failed');
      }
    }
  }

  /** Listens for "events may have been missed" (after a reconnect); returns the unsubscribe. */
  onGap(listener: GapListener): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }

  /** Reports that events may have been missed: every gap listener hears it. */
  missed(why = 'reconnected') {
    this.log.warn(`change feed: ${why}; events during the gap may be lost`);
    for (const l of this.gapListeners) {
      try {
        l();
      } catch (err) {
        this.log.error({ err }, 'change feed: gap listener failed');
      }
    }
  }

  subscribe(s: Subscriber): () => void {
    this.subscribers.add(s);
    return () => this.subscribers.delete(s);
  }

  get size() {
    return this.subscribers.size;
  }

  async stop() {
    this.database = undefined;
    for (const barrier of this.barriers.values()) barrier.settle(false);
    this.barriers.clear();
    this.next = undefined;
    this.subscribers.clear();
    this.gapListeners.clear();
    await this.unlisten?.();
  }
}

/**
 * Who may hear about a change: only people who may read the row (the access policy's `read`).
 * A venue counts as active when it is or was, so its public list hears it appear and go.
 */
export function canSee(event: ChangeEvent, viewer: ViewerRef | null): boolean {
  if (event.entity === 'venue') {
    return canOnVenue(
      viewer,
      { host_id: event.host_id, is_active: event.is_active || event.was_active },
      'read',
    );
  }
  if (event.entity === 'payout') {
    return viewer !== null && (viewer.role === 'admin' || viewer.profileId === event.host_id);
  }
  if (event.entity === 'waitlist') {
    return canOnWaitlistEntry(viewer, { user_id: event.user_id, host_id: event.host_id ?? '' }, 'read');
  }
  // A booking whose venue is gone has no host; only its guest and the admin hear of it.
  const booking = { user_id: event.user_id, host_id: event.host_id ?? '' };
  if (event.entity === 'conversation') return canOnBooking(viewer, booking, 'readMessages');
  return canOnBooking(viewer, booking, 'read');
}
