/**
 * Change events handed straight to a public read model, for the tests of what it keeps: the read
 * model's only input is a change feed it follows (decision 0089), so a test that must drop what
 * is kept — without writing to the database — gives it one more feed and publishes on it.
 */
import type { ChangeEvent } from '../../src/server/adapters/realtime';
import type { PublicReadModel } from '../../src/server/services/venues/public-read-model';

/** A venue id no venue has: its event drops the cached pages without owing a full reload. */
export const NO_VENUE = '00000000-0000-0000-0000-000000000000';

export function feedEvents(reads: Pick<PublicReadModel, 'follow'>) {
  const subscribers = new Set<(event: ChangeEvent) => void>();
  const gapListeners = new Set<() => void>();
  reads.follow({
    subscribe(s) {
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    onGap(l) {
      gapListeners.add(l);
      return () => gapListeners.delete(l);
    },
  });
  return {
    /** An active venue changed (as its trigger announces it). */
    venueChanged(id: string) {
      const event: ChangeEvent = {
        entity: 'venue',
        op: 'update',
        id,
        host_id: NO_VENUE,
        is_active: true,
        was_active: true,
      };
      for (const s of subscribers) s(event);
    },
    /** The feed may have lost events: everything is read anew. */
    gap() {
      for (const l of gapListeners) l();
    },
  };
}
