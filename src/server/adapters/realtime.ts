import { canOnBooking, canOnVenue, canOnWaitlistEntry, type ViewerRef } from '@/domain/access';
import type { Database, Unlisten } from '../db/client';
import type { Logger } from '../logger';

export const CHANGE_CHANNEL = 'velvet_changes';

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
/** Told when events may have been lost (the feed's connection dropped and came back). */
type GapListener = () => void;

/**
 * The change feed: PostgreSQL NOTIFY (from triggers on venues, bookings and booking
 * conversations) fanned out to
 * in-process subscribers. Every app server LISTENs, so a change made through any server
 * reaches the clients connected to all of them. Events sent while the LISTEN connection is
 * down are not replayed: `onGap` listeners hear when that may have happened.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<Subscriber>();
  private readonly gapListeners = new Set<GapListener>();
  private unlisten: Unlisten | undefined;

  constructor(private readonly log: Logger) {}

  async start(database: Database) {
    this.unlisten = await database.listen(
      CHANGE_CHANNEL,
      (payload) => this.deliver(payload),
      () => this.missed(),
    );
  }

  private deliver(payload: string) {
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
  missed() {
    this.log.warn('change feed: reconnected; events during the gap may be lost');
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
