import { describe, expect, it } from 'vitest';
import type { ViewerRef } from '@/domain/access';
import { canSee, type ChangeEvent } from './realtime';

const venue = (is_active: boolean, was_active: boolean): ChangeEvent => ({
  entity: 'venue',
  op: 'update',
  id: 'v1',
  host_id: 'host',
  is_active,
  was_active,
});
const booking: ChangeEvent = {
  entity: 'booking',
  op: 'update',
  id: 'b1',
  venue_id: 'v1',
  user_id: 'guest',
  host_id: 'host',
  status: 'pending',
};

const conversation = (op: 'message' | 'read'): ChangeEvent => ({
  entity: 'conversation',
  op,
  id: 'b1',
  venue_id: 'v1',
  user_id: 'guest',
  host_id: 'host',
  reader_id: op === 'read' ? 'guest' : null,
});

const viewers: Record<string, ViewerRef | null> = {
  anonymous: null,
  guest: { profileId: 'guest', role: 'user' },
  otherGuest: { profileId: 'other-guest', role: 'user' },
  host: { profileId: 'host', role: 'host' },
  otherHost: { profileId: 'other-host', role: 'host' },
  admin: { profileId: 'admin', role: 'admin' },
};

describe('who hears about a change', () => {
  it.each([
    ['active venue', venue(true, true), ['anonymous', 'guest', 'otherGuest', 'host', 'otherHost', 'admin']],
    [
      'venue just approved',
      venue(true, false),
      ['anonymous', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'],
    ],
    [
      'venue just deactivated',
      venue(false, true),
      ['anonymous', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'],
    ],
    ['pending venue', venue(false, false), ['host', 'admin']],
    ['booking', booking, ['guest', 'host', 'admin']],
    ['new message in a booking’s conversation', conversation('message'), ['guest', 'host', 'admin']],
    ['a participant read the conversation', conversation('read'), ['guest', 'host', 'admin']],
    [
      'message on a booking whose venue is gone',
      { ...conversation('message'), host_id: null } as ChangeEvent,
      ['guest', 'admin'],
    ],
    [
      'a payout to the host',
      { entity: 'payout', op: 'insert', id: 'p1', host_id: 'host' } as ChangeEvent,
      ['host', 'admin'],
    ],
  ] as const)('%s', (_label, event, allowed) => {
    for (const [name, viewer] of Object.entries(viewers)) {
      expect(canSee(event, viewer), name).toBe((allowed as readonly string[]).includes(name));
    }
  });
});
