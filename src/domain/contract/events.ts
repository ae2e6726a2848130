/** The live change feed (GET /api/events, Server-Sent Events named after the entity). */

export type LiveEntity = 'venue' | 'booking' | 'waitlist';

/** One change, sent only to viewers who may read the row. */
export type LiveEvent =
  | { entity: 'venue'; op: 'insert' | 'update' | 'delete'; id: string }
  | {
      entity: 'booking';
      op: 'insert' | 'update' | 'delete';
      id: string;
      venue_id: string;
      status: string;
    }
  | {
      /** A waitlist entry joined, left or told its time is free (`notified`). */
      entity: 'waitlist';
      op: 'insert' | 'update' | 'delete';
      id: string;
      venue_id: string;
      date: string;
      notified: boolean;
    };
