/**
 * Live updates: a booking request on a host's venue reaches that host's Server-Sent Events
 * stream (and the guest's), and never another host's or a signed-out visitor's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { openStream, type SseEvent } from './support/sse';
import {
  type Accounts,
  bookingAction,
  createAccounts,
  createBooking,
  freezeClock,
  insertVenue,
} from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;

beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});

describe('live booking updates', () => {
  it('the venue’s host (and the guest) see a booking request; another host and a visitor do not', async () => {
    const streams = {
      host: await openStream(env, a.host),
      guest: await openStream(env, a.guest),
      otherHost: await openStream(env, a.otherHost),
      otherGuest: await openStream(env, a.otherGuest),
      visitor: await openStream(env, null),
    };
    try {
      for (const s of Object.values(streams)) {
        expect(await s.waitFor((e) => e.event === 'ready', 5000)).not.toBeNull();
      }

      const booking = await createBooking(env, a.guest, venue.id);
      const isThis = (e: SseEvent) =>
        e.event === 'booking' && (JSON.parse(e.data) as { id: string }).id === booking.id;

      const seen = await streams.host.waitFor(isThis, 10_000);
      expect(seen, 'the host receives the booking event').not.toBeNull();
      const payload = JSON.parse(seen!.data);
      expect(payload).toEqual({
        entity: 'booking',
        op: 'insert',
        id: booking.id,
        venue_id: venue.id,
        status: 'pending',
      });
      expect(await streams.guest.waitFor(isThis, 5000)).not.toBeNull();

      // Everyone's subscriber ran when the host's did; give the others a moment anyway.
      for (const name of ['otherHost', 'otherGuest', 'visitor'] as const) {
        expect(
          await streams[name].waitFor((e) => e.event === 'booking', 300),
          `${name} sees no booking`,
        ).toBeNull();
      }

      // The host's approval reaches the guest as an update.
      expect((await bookingAction(env, a.host, booking.id, 'approve')).status).toBe(200);
      const update = await streams.guest.waitFor(
        (e) =>
          e.event === 'booking' && JSON.parse(e.data).op === 'update' && JSON.parse(e.data).id === booking.id,
        10_000,
      );
      expect(update && JSON.parse(update.data).status).toBe('confirmed');
      expect(await streams.otherHost.waitFor((e) => e.event === 'booking', 300)).toBeNull();
    } finally {
      await Promise.all(Object.values(streams).map((s) => s.close()));
    }
  });
});
