/**
 * Changing and deleting a venue: PATCH /api/venues/:id (owner and admin; what a host may not
 * change) and DELETE /api/venues/:id (admin; everything that hangs off the venue goes with it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { bookings, venueAvailability, venueReviews, venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  cookieOf,
  createAccounts,
  createActiveVenue,
  submitVenue,
  type Accounts,
  type Role,
} from './factories';
import { pngImage, uploadForm } from './fixtures/images';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const as = (role: Role) => cookieOf(actors, role);

describe('PATCH /api/venues/:id (edit)', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 200],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const v = await submitVenue(env, actors.host);
    const res = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: as(role),
      json: { name: `Renamed by ${role}` },
    });
    expect(res.status).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.name).toBe(status === 200 ? `Renamed by ${role}` : v.name);
    if (role === 'otherHost') {
      expect(res.body.error).toEqual({
        code: 'FORBIDDEN',
        message: 'Access Denied: You can only edit your own venues.',
      });
    }
  });

  it('ignores is_active from the host, honours it from the admin', async () => {
    const v = await submitVenue(env, actors.host);
    const host = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { is_active: true, capacity: 300 },
    });
    expect(host.status).toBe(200);
    expect(host.body).toMatchObject({ is_active: false, capacity: 300 });
    const admin = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { is_active: true },
    });
    expect(admin.body.is_active).toBe(true);
    const deactivated = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { is_active: false },
    });
    expect(deactivated.body.is_active).toBe(false);
  });

  it('changes only the fields sent, and never host_id, images or created_at', async () => {
    const v = await submitVenue(env, actors.host, { amenities: ['bar'] });
    const res = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: {
        description: null,
        hours: { ...v.hours, monday: { ...v.hours.monday, closed: true } },
        host_id: actors.otherHost.profile.id,
        images: ['evil/../../key.png'],
        created_at: '2000-01-01T00:00:00Z',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      description: null,
      host_id: actors.host.profile.id,
      images: [],
      name: v.name,
      amenities: ['bar'],
      created_at: v.created_at,
    });
    expect(res.body.hours.monday.closed).toBe(true);
  });

  it('refuses bad input with 400 and unknown venues with 404', async () => {
    const v = await submitVenue(env, actors.host);
    const zero = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { capacity: 0 },
    });
    expect(zero.status).toBe(400);
    expect(zero.body.error.field).toBe('capacity');
    const amenity = await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { amenities: ['pool'] },
    });
    expect(amenity.status).toBe(400);
    const missing = await call(env, 'PATCH', '/api/venues/4b1d3f55-0000-4000-8000-000000000000', {
      cookie: actors.host.cookie,
      json: { name: 'x' },
    });
    expect(missing.status).toBe(404);
    const badId = await call(env, 'PATCH', '/api/venues/1234', {
      cookie: actors.admin.cookie,
      json: { name: 'x' },
    });
    expect(badId.status).toBe(404);
  });
});

describe('DELETE /api/venues/:id', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const v = await createActiveVenue(env, actors);
    const res = await call(env, 'DELETE', `/api/venues/${v.id}`, { cookie: as(role) });
    expect(res.status).toBe(status);
    const rows = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(rows).toHaveLength(status === 200 ? 0 : 1);
  });

  it('removes bookings, date overrides, reviews and photo files together with the venue', async () => {
    const v = await createActiveVenue(env, actors);
    const up = await call(env, 'POST', `/api/venues/${v.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(), 'room.png', 'image/png'),
    });
    const key = up.body.image.path as string;
    await env.ctx.db
      .insert(venueAvailability)
      .values({ venue_id: v.id, date: '2031-05-01', price: 100, is_available: false });
    const [booking] = await env.ctx.db
      .insert(bookings)
      .values({
        venue_id: v.id,
        user_id: actors.guest.profile.id,
        date: '2024-05-01',
        start_time: '20:00',
        end_time: '22:00',
        starts_at: new Date('2024-05-02T00:00:00Z'),
        ends_at: new Date('2024-05-02T02:00:00Z'),
        guest_count: 10,
        total_price: 500,
        status: 'confirmed',
        contact_email: actors.guest.email,
      })
      .returning();
    await env.ctx.db.insert(venueReviews).values({
      venue_id: v.id,
      user_id: actors.guest.profile.id,
      booking_id: booking!.id,
      rating: 5,
      comment: 'Brilliant night out, great staff.',
    });

    const res = await call(env, 'DELETE', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { reason: 'Closed permanently.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await env.ctx.db.select().from(bookings).where(eq(bookings.venue_id, v.id))).toHaveLength(0);
    expect(
      await env.ctx.db.select().from(venueAvailability).where(eq(venueAvailability.venue_id, v.id)),
    ).toHaveLength(0);
    expect(await env.ctx.db.select().from(venueReviews).where(eq(venueReviews.venue_id, v.id))).toHaveLength(
      0,
    );
    for (const k of [key, `${key}.card.webp`, `${key}.full.webp`])
      expect(await env.ctx.storage.get(k)).toBeNull();
    expect((await call(env, 'GET', `/media/${key}`)).status).toBe(404);
    expect((await call(env, 'DELETE', `/api/venues/${v.id}`, { cookie: actors.admin.cookie })).status).toBe(
      404,
    );
  });

  it('refuses a body that is not an object, and bad ids with 404', async () => {
    const v = await submitVenue(env, actors.host);
    const bad = await call(env, 'DELETE', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { reason: 42 },
    });
    expect(bad.status).toBe(400);
    expect((await call(env, 'DELETE', '/api/venues/xyz', { cookie: actors.admin.cookie })).status).toBe(404);
  });
});
