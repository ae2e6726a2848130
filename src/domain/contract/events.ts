/** The live change feed (GET /api/events, Server-Sent Events named after the entity). */

export type LiveEntity = 'venue' | 'booking' | 'conversation' | 'waitlist' | 'payout';

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
      /** A booking's conversation: a new message ('message') or a participant read it ('read'). */
      entity: 'conversation';
      op: 'message' | 'read';
      /** The booking's id. */
      id: string;
      venue_id: string;
    }
  | {
      /** A waitlist entry joined, left or told its time is free (`notified`). */
      entity: 'waitlist';
      op: 'insert' | 'update' | 'delete';
      id: string;
      venue_id: string;
      date: string;
      notified: boolean;
    }
  | {
      /** A payout was recorded (to the host paid and the admin). */
      entity: 'payout';
      op: 'insert';
      id: string;
    };
