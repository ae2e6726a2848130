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
    };

type Subscriber = (event: ChangeEvent) => void;

/**
 * The change feed: PostgreSQL NOTIFY (from triggers on venues and bookings) fanned out to
 * in-process subscribers. Every app server LISTENs, so a change made through any server
 * reaches the clients connected to all of them.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<Subscriber>();
  private unlisten: Unlisten | undefined;

  constructor(private readonly log: Logger) {}

  async start(database: Database) {
    this.unlisten = await database.listen(CHANGE_CHANNEL, (payload) => {
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
    });
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
    await this.unlisten?.();
  }
}

/** Who may hear about a change: only people who may read the row. */
export function canSee(event: ChangeEvent, viewer: { profileId: string; role: string } | null): boolean {
  if (viewer?.role === 'admin') return true;
  if (event.entity === 'venue') {
    if (event.is_active || event.was_active) return true;
    return viewer !== null && viewer.profileId === event.host_id;
  }
  if (!viewer) return false;
  return viewer.profileId === event.user_id || viewer.profileId === event.host_id;
}
