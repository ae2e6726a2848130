import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { type Accounts, createAccounts, createActiveVenue } from './factories';

let env: TestEnv;
let actors: Accounts;
let venueId: string;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
  venueId = (await createActiveVenue(env, actors, { open_to_flexible_hours: true })).id;
});
afterAll(async () => {
  await env.close();
});

/** Bad input found by review: each must be a clear 4xx, never a 500. */
describe('hostile input gets a 4xx', () => {
  it('a NUL character in a search filter', async () => {
    const res = await call(env, 'GET', '/api/venues?location=%00');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/NUL/);
  });

  it('a NUL character in sign-up text and in a booking request', async () => {
    const signUp = await call(env, 'POST', '/api/accounts/sign-up', {
      json: { email: 'nul@example.com', password: 'NightOwl2026', full_name: 'Nul\u0000Byte' },
    });
    expect(signUp.status).toBeGreaterThanOrEqual(400);
    expect(signUp.status).toBeLessThan(500);
    const booking = await call(env, 'POST', '/api/bookings', {
      cookie: actors.guest.cookie,
      json: {
        venue_id: venueId,
        date: '2030-01-10',
        start_time: '20:00',
        end_time: '22:00',
        guest_count: 2,
        special_requests: 'a\u0000b',
      },
    });
    expect(booking.status).toBeGreaterThanOrEqual(400);
    expect(booking.status).toBeLessThan(500);
  });

  it('dates near the year 10000', async () => {
    const availability = await call(env, 'GET', `/api/venues/${venueId}/availability?from=9999-12-31`);
    expect(availability.status).toBe(400);
    const booking = await call(env, 'POST', '/api/bookings', {
      cookie: actors.guest.cookie,
      json: {
        venue_id: venueId,
        date: '9999-12-31',
        start_time: '23:00',
        end_time: '01:00',
        guest_count: 2,
        special_requests: 'Far future',
      },
    });
    expect(booking.status).toBe(400);
    expect(booking.body.error.field).toBe('date');
  });

  it('a weekly day price of 1e20', async () => {
    const venue = await call(env, 'GET', `/api/venues/${venueId}`, { cookie: actors.host.cookie });
    const hours = { ...venue.body.hours, monday: { ...venue.body.hours.monday, price: 1e20 } };
    const res = await call(env, 'PUT', `/api/venues/${venueId}/hours`, {
      cookie: actors.host.cookie,
      json: { hours },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Day price must be at most $1,000,000.');
  });

  it('numbers that JSON cannot carry, and arrays where objects belong', async () => {
    const res = await call(env, 'POST', '/api/bookings', {
      cookie: actors.guest.cookie,
      body: `{"venue_id":"${venueId}","date":"2030-01-10","start_time":"20:00","end_time":"22:00","guest_count":1e309,"special_requests":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const arr = await call(env, 'PATCH', `/api/venues/${venueId}`, { cookie: actors.host.cookie, json: [] });
    expect(arr.status).toBe(400);
  });
});
