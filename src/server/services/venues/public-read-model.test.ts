import { describe, expect, it } from 'vitest';
import type { ChangeEvent } from '../../adapters/realtime';
import { PublicReadModel, touchesPublicList } from './public-read-model';

const venueEvent = (is_active: boolean, was_active: boolean): ChangeEvent => ({
  entity: 'venue',
  op: 'update',
  id: 'v1',
  host_id: 'h1',
  is_active,
  was_active,
});
const bookingEvent: ChangeEvent = {
  entity: 'booking',
  op: 'insert',
  id: 'b1',
  venue_id: 'v1',
  user_id: 'u1',
  host_id: 'h1',
  status: 'pending',
};

/** A change feed that lets the test publish events and report a gap. */
function fakeFeed() {
  const subscribers = new Set<(e: ChangeEvent) => void>();
  const gapListeners = new Set<() => void>();
  return {
    subscribe(s: (e: ChangeEvent) => void) {
      subscribers.add(s);
      return () => subscribers.delete(s);
    },
    onGap(l: () => void) {
      gapListeners.add(l);
      return () => gapListeners.delete(l);
    },
    publish(e: ChangeEvent) {
      for (const s of subscribers) s(e);
    },
    gap() {
      for (const l of gapListeners) l();
    },
  };
}

describe('PublicReadModel', () => {
  it('serves a stored value until it expires', async () => {
    let now = 0;
    const cache = new PublicReadModel(() => now, 1000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    expect(cache.hits).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('a change event drops everything, and a value loaded across it is not stored', async () => {
    const feed = fakeFeed();
    const cache = new PublicReadModel();
    cache.follow(feed);
    await cache.get('a', async () => 'old');
    feed.publish(venueEvent(true, true));
    expect(cache.size).toBe(0);
    let release!: (v: string) => void;
    const pending = cache.get('b', () => new Promise<string>((r) => (release = r)));
    feed.gap();
    release('computed before the change');
    expect(await pending).toBe('computed before the change');
    expect(cache.size).toBe(0);
  });

  it('shares one load between concurrent misses of a key', async () => {
    const cache = new PublicReadModel();
    let loads = 0;
    const load = async () => {
      loads++;
      return 'page';
    };
    await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
  });

  it('follows the change feed: changes to a venue that is or was active invalidate, others do not', async () => {
    const feed = fakeFeed();
    const cache = new PublicReadModel();
    const stop = cache.follow(feed);
    const fill = () => cache.get('k', async () => 'page');

    await fill();
    feed.publish(venueEvent(false, false)); // a pending venue changed: not on the public list
    feed.publish(bookingEvent);
    expect(cache.size).toBe(1);
    for (const event of [venueEvent(true, true), venueEvent(true, false), venueEvent(false, true)]) {
      await fill();
      feed.publish(event);
      expect(cache.size).toBe(0);
    }

    // A gap in the feed (events may be lost) drops everything.
    await fill();
    feed.gap();
    expect(cache.size).toBe(0);

    stop();
    await fill();
    feed.publish(venueEvent(true, true));
    feed.gap();
    expect(cache.size).toBe(1);
  });

  it('touchesPublicList', () => {
    expect(touchesPublicList(venueEvent(true, false))).toBe(true);
    expect(touchesPublicList(venueEvent(false, false))).toBe(false);
    expect(touchesPublicList(bookingEvent)).toBe(false);
  });

  it('passes straight through when disabled', async () => {
    const cache = new PublicReadModel();
    cache.enabled = false;
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
