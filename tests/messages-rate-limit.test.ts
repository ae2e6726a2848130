/**
 * Messages are rate limited per person (MESSAGES_PER_MINUTE, counted in the database across
 * all bookings): over the limit → 429 with Retry-After and nothing written; the window's end
 * lets them write again; another person is not affected. The other suites turn limits off.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGE_TEXT } from '../src/domain/messages';
import { bookingMessages, type Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { createAccounts, insertBooking, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
let venue: Venue;
const T0 = new Date('2030-06-03T16:00:00Z');

beforeAll(async () => {
  env = await createTestEnv({ RATE_LIMITS: 'true', MESSAGES_PER_MINUTE: '3' });
  env.clock.now = T0;
  a = await createAccounts(env);
  venue = await insertVenue(env, a.host);
});
afterAll(async () => {
  await env.close();
});

const post = (who: 'guest' | 'host', bookingId: string, body: string) =>
  call(env, 'POST', `/api/bookings/${bookingId}/messages`, { cookie: a[who].cookie, json: { body } });
const count = async (bookingId: string) =>
  (await env.ctx.db.select().from(bookingMessages).where(eq(bookingMessages.booking_id, bookingId))).length;

describe('message rate limit', () => {
  it('the 4th message in a minute is refused with 429 and Retry-After; the next minute it passes', async () => {
    const b1 = await insertBooking(env, venue, a.guest);
    const b2 = await insertBooking(env, venue, a.guest);
    expect((await post('guest', b1.id, 'one')).status).toBe(201);
    expect((await post('guest', b2.id, 'two')).status).toBe(201);
    expect((await post('guest', b1.id, 'three')).status).toBe(201);

    const refused = await post('guest', b2.id, 'four');
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toBe(MESSAGE_TEXT.rateLimited('1 minute'));
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await count(b1.id)).toBe(2);
    expect(await count(b2.id)).toBe(1);

    // The host has their own allowance.
    expect((await post('host', b1.id, 'host replies')).status).toBe(201);

    env.clock.now = new Date(T0.getTime() + 61_000);
    expect((await post('guest', b2.id, 'four, later')).status).toBe(201);
    expect(await count(b2.id)).toBe(2);
  });
});
