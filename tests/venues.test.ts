import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { bookings, emailOutbox, venueAvailability, venueReviews, venues } from '../src/server/db/schema';
import { venueListCache } from '../src/server/services/venues';
import { ADMIN_EMAIL, createTestEnv, type TestEnv } from './support/env';
import { call, createActors, type Actors } from './support/client';
import {
  PRIVATE_FIELDS,
  ROLES,
  approveVenue,
  cookieOf,
  createActiveVenue,
  createVenue,
  venueInput,
  type RoleName,
} from './fixtures/venues';
import { pngImage, uploadForm } from './fixtures/images';

let env: TestEnv;
let actors: Actors;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createActors(env);
});
afterAll(async () => {
  await env.close();
});

const as = (role: RoleName) => cookieOf(actors, role);

async function outbox(template: string, to?: string) {
  const rows = await env.ctx.db
    .select()
    .from(emailOutbox)
    .where(
      to
        ? and(eq(emailOutbox.template, template), eq(emailOutbox.to, to))
        : eq(emailOutbox.template, template),
    );
  return rows;
}

describe('POST /api/venues (Add New Venue)', () => {
  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 201],
    ['otherHost', 201],
    ['admin', 403],
  ])('%s → %i', async (role, status) => {
    const res = await call(env, 'POST', '/api/venues', { cookie: as(role), json: venueInput() });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 401) expect(res.body.error.code).toBe('UNAUTHENTICATED');
    if (status === 403) expect(res.body.error.message).toBe('Only hosts can do that.');
  });

  it('creates an inactive venue owned by the host, with the default time zone and normalized fields', async () => {
    const res = await call(env, 'POST', '/api/venues', {
      cookie: actors.host.cookie,
      json: venueInput({
        name: '  The Blue Door ',
        amenities: ['security', 'bar', 'dj'],
        is_active: true,
        host_id: actors.otherHost.profile.id,
      }),
    });
    expect(res.status).toBe(201);
    const v = res.body;
    expect(v).toMatchObject({
      name: 'The Blue Door',
      is_active: false,
      host_id: actors.host.profile.id,
      time_zone: env.config.DEFAULT_TIME_ZONE,
      amenities: ['bar', 'dj', 'security'],
      images: [],
      email: 'bookings@nightco.test',
      bank_account_number: '000123456789',
      bank_routing_number: '021000021',
      tax_id: '12-3456789',
      base_price: 250,
      open_to_flexible_hours: false,
    });
    expect(v.hours.monday).toEqual({
      open: '09:00',
      close: '17:00',
      closed: false,
      price: 0,
      pricing_type: 'hourly_rate',
    });
    expect(v.hours.saturday).toMatchObject({ open: '10:00', close: '18:00' });
  });

  it('keeps a time zone the host chose', async () => {
    const v = await createVenue(env, actors.host, { time_zone: 'america/chicago' });
    expect(v.time_zone).toBe('America/Chicago');
  });

  it('queues "venue submitted" to the host and to the admin in the same transaction', async () => {
    const v = await createVenue(env, actors.host, { name: 'Submitted Club' });
    const toHost = (await outbox('venue_submitted', actors.host.email)).filter((m) =>
      m.subject.includes('Submitted Club'),
    );
    const toAdmin = (await outbox('venue_submitted_admin', ADMIN_EMAIL)).filter((m) =>
      m.subject.includes('Submitted Club'),
    );
    expect(toHost).toHaveLength(1);
    expect(toAdmin).toHaveLength(1);
    expect(toHost[0]!.text).toContain('24-48 hours');
    expect(toAdmin[0]!.text).toContain(actors.host.email);
    expect(toAdmin[0]!.text).toContain('/admin-dashboard');
    // No private details in emails.
    expect(toAdmin[0]!.html).not.toContain('000123456789');
    await env.worker.runOnce();
    expect(env.mail.sent.some((m) => m.to === ADMIN_EMAIL && m.subject.includes('Submitted Club'))).toBe(
      true,
    );
    expect(v.id).toBeTruthy();
  });

  it('does not create a venue (nor queue an email) when the input is refused', async () => {
    const before = (await outbox('venue_submitted')).length;
    const res = await call(env, 'POST', '/api/venues', {
      cookie: actors.host.cookie,
      json: venueInput({ capacity: 0 }),
    });
    expect(res.status).toBe(400);
    expect((await outbox('venue_submitted')).length).toBe(before);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['capacity 0', { capacity: 0 }, 'capacity'],
    ['capacity not whole', { capacity: 10.5 }, 'capacity'],
    ['negative price', { base_price: -1 }, 'base_price'],
    ['price with 3 decimals', { base_price: 10.005 }, 'base_price'],
    ['unknown amenity', { amenities: ['bar', 'helipad'] }, 'amenities.1'],
    ['unknown pricing type', { pricing_type: 'per_head' }, 'pricing_type'],
    ['terms not accepted', { terms_accepted: false }, 'terms_accepted'],
    ['missing name', { name: '   ' }, 'name'],
    ['missing tax id', { tax_id: undefined }, 'tax_id'],
    ['bad routing number', { bank_routing_number: '12345' }, 'bank_routing_number'],
    ['bad time zone', { time_zone: 'Mars/Olympus' }, 'time_zone'],
    ['bad hours', { hours: { monday: { open: '25:00', close: '02:00' } } }, 'hours'],
  ])('refuses %s with 400 naming the field', async (_label, overrides, field) => {
    const res = await call(env, 'POST', '/api/venues', {
      cookie: actors.host.cookie,
      json: venueInput(overrides),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.field).toContain(field);
    expect(res.body.error.message).toBeTruthy();
  });

  it('answers a non-JSON body with 415 and malformed JSON with 400', async () => {
    const text = await call(env, 'POST', '/api/venues', {
      cookie: actors.host.cookie,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.status).toBe(415);
    const bad = await call(env, 'POST', '/api/venues', {
      cookie: actors.host.cookie,
      body: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/venues/:id (detail)', () => {
  it.each<[RoleName, number, boolean]>([
    ['signedOut', 200, false],
    ['guest', 200, false],
    ['otherGuest', 200, false],
    ['owner', 200, true],
    ['otherHost', 200, false],
    ['admin', 200, true],
  ])('active venue: %s → %i (private fields: %s)', async (role, status, privateFields) => {
    const v = await createActiveVenue(env, actors);
    const res = await call(env, 'GET', `/api/venues/${v.id}`, { cookie: as(role) });
    expect(res.status).toBe(status);
    expect(res.body.id).toBe(v.id);
    for (const field of PRIVATE_FIELDS) {
      if (privateFields) expect(res.body[field]).toBeTruthy();
      else expect(res.body).not.toHaveProperty(field);
    }
    if (!privateFields) {
      expect(res.body).not.toHaveProperty('review_notes');
      expect(JSON.stringify(res.body)).not.toContain('000123456789');
    }
  });

  it.each<[RoleName, number]>([
    ['signedOut', 404],
    ['guest', 404],
    ['otherGuest', 404],
    ['owner', 200],
    ['otherHost', 404],
    ['admin', 200],
  ])('inactive (pending) venue: %s → %i', async (role, status) => {
    const v = await createVenue(env, actors.host);
    const res = await call(env, 'GET', `/api/venues/${v.id}`, { cookie: as(role) });
    expect(res.status).toBe(status);
    if (status === 404) expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Venue not found' });
    else expect(res.body.tax_id).toBe('12-3456789');
  });

  it('answers 404 for an unknown id and for an id that is not a UUID', async () => {
    const unknown = await call(env, 'GET', '/api/venues/4b1d3f55-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Venue not found');
    const bad = await call(env, 'GET', "/api/venues/not-a-uuid'--");
    expect(bad.status).toBe(404);
  });

  it('lists images with their media URLs', async () => {
    const v = await createVenue(env, actors.host);
    const up = await call(env, 'POST', `/api/venues/${v.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(), 'front.png', 'image/png'),
    });
    expect(up.status).toBe(201);
    await approveVenue(env, actors.admin, v.id);
    const res = await call(env, 'GET', `/api/venues/${v.id}`);
    expect(res.body.images).toHaveLength(1);
    const [image] = res.body.images;
    expect(image.path).toMatch(new RegExp(`^${v.id}/\\d+-0-front\\.png$`));
    expect(image).toEqual({
      path: image.path,
      url: `/media/${image.path}`,
      card_url: `/media/${image.path}.card.webp`,
      full_url: `/media/${image.path}.full.webp`,
    });
  });
});

describe('PATCH /api/venues/:id (edit)', () => {
  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 200],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const v = await createVenue(env, actors.host);
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
    const v = await createVenue(env, actors.host);
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
    const v = await createVenue(env, actors.host, { amenities: ['bar'] });
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
    const v = await createVenue(env, actors.host);
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

describe('admin approval', () => {
  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('approve: %s → %i', async (role, status) => {
    const v = await createVenue(env, actors.host);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, { cookie: as(role), json: {} });
    expect(res.status).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.is_active).toBe(status === 200);
    if (status === 403) expect(res.body.error.message).toBe('Access denied. Admin privileges required.');
  });

  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('reject: %s → %i', async (role, status) => {
    const v = await createActiveVenue(env, actors);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
      cookie: as(role),
      json: { notes: 'Photos are missing.' },
    });
    expect(res.status).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.is_active).toBe(status !== 200);
  });

  it('approves with optional notes and queues "venue approved" to the host', async () => {
    const v = await createVenue(env, actors.host, { name: 'Approve Me Bar' });
    const withoutBody = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
    });
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body).toMatchObject({ is_active: true, review_notes: null });
    const emptyJson = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      body: '',
      headers: { 'content-type': 'application/json' },
    });
    expect(emptyJson.status).toBe(200);
    const notJson = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      body: 'notes=hi',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/approve`, {
      cookie: actors.admin.cookie,
      json: { notes: 'Lovely photos.' },
    });
    expect(res.body).toMatchObject({ is_active: true, review_notes: 'Lovely photos.' });
    const mails = (await outbox('venue_approved', actors.host.email)).filter((m) =>
      m.subject.includes('Approve Me Bar'),
    );
    expect(mails).toHaveLength(3);
    expect(mails.some((m) => m.text.includes('Lovely photos.'))).toBe(true);
    expect(mails[0]!.text).toContain(`/venue/${v.id}`);
  });

  it('rejects only with a non-blank reason, and queues "venue rejected" with it', async () => {
    const v = await createActiveVenue(env, actors, { name: 'Reject Me Bar' });
    for (const json of [{}, { notes: '' }, { notes: '   ' }, { notes: null }]) {
      const res = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
        cookie: actors.admin.cookie,
        json,
      });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error.field).toBe('notes');
    }
    const noBody = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
      cookie: actors.admin.cookie,
    });
    expect(noBody.status).toBe(400);
    const res = await call(env, 'POST', `/api/admin/venues/${v.id}/reject`, {
      cookie: actors.admin.cookie,
      json: { notes: 'The address could not be verified.' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ is_active: false, review_notes: 'The address could not be verified.' });
    const [mail] = (await outbox('venue_rejected', actors.host.email)).filter((m) =>
      m.subject.includes('Reject Me Bar'),
    );
    expect(mail!.text).toContain('Reason: The address could not be verified.');
    // The public can no longer see it.
    expect((await call(env, 'GET', `/api/venues/${v.id}`)).status).toBe(404);
  });

  it('answers 404 for unknown venues and bad ids', async () => {
    const unknown = await call(
      env,
      'POST',
      '/api/admin/venues/4b1d3f55-0000-4000-8000-000000000000/approve',
      {
        cookie: actors.admin.cookie,
        json: {},
      },
    );
    expect(unknown.status).toBe(404);
    const bad = await call(env, 'POST', '/api/admin/venues/nope/reject', {
      cookie: actors.admin.cookie,
      json: { notes: 'x' },
    });
    expect(bad.status).toBe(404);
  });
});

describe('DELETE /api/venues/:id', () => {
  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 403],
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
    const v = await createVenue(env, actors.host);
    const bad = await call(env, 'DELETE', `/api/venues/${v.id}`, {
      cookie: actors.admin.cookie,
      json: { reason: 42 },
    });
    expect(bad.status).toBe(400);
    expect((await call(env, 'DELETE', '/api/venues/xyz', { cookie: actors.admin.cookie })).status).toBe(404);
  });
});

describe('GET /api/host/venues', () => {
  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 200],
    ['otherHost', 200],
    ['admin', 403],
  ])('%s → %i', async (role, status) => {
    const res = await call(env, 'GET', '/api/host/venues', { cookie: as(role) });
    expect(res.status).toBe(status);
  });

  it("lists only the host's own venues, every status, newest first, with private fields", async () => {
    const pending = await createVenue(env, actors.otherHost, { name: 'Other Pending' });
    const active = await createVenue(env, actors.otherHost, { name: 'Other Active' });
    await approveVenue(env, actors.admin, active.id);
    const res = await call(env, 'GET', '/api/host/venues', { cookie: actors.otherHost.cookie });
    const list = res.body.venues as Array<Record<string, unknown>>;
    expect(list.every((v) => v.host_id === actors.otherHost.profile.id)).toBe(true);
    const ids = list.map((v) => v.id);
    expect(ids.indexOf(active.id)).toBeLessThan(ids.indexOf(pending.id));
    expect(ids).toContain(pending.id);
    expect(list[0]).toHaveProperty('tax_id', '12-3456789');
    const created = list.map((v) => Date.parse(v.created_at as string));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });
});

describe('GET /api/admin/venues', () => {
  it.each<[RoleName, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['owner', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const res = await call(env, 'GET', '/api/admin/venues', { cookie: as(role) });
    expect(res.status).toBe(status);
  });

  it('filters by status and joins the host', async () => {
    const pending = await createVenue(env, actors.host, { name: 'Admin Pending' });
    const active = await createActiveVenue(env, actors, { name: 'Admin Active' });
    const get = async (status?: string) =>
      (
        await call(env, 'GET', `/api/admin/venues${status ? `?status=${status}` : ''}`, {
          cookie: actors.admin.cookie,
        })
      ).body.venues as Array<Record<string, any>>;
    const pendingList = await get('pending');
    expect(pendingList.every((v) => v.is_active === false)).toBe(true);
    expect(pendingList.map((v) => v.id)).toContain(pending.id);
    expect(pendingList.map((v) => v.id)).not.toContain(active.id);
    const activeList = await get('active');
    expect(activeList.every((v) => v.is_active === true)).toBe(true);
    expect(activeList.map((v) => v.id)).toContain(active.id);
    const all = await get();
    expect(all.map((v) => v.id)).toEqual(expect.arrayContaining([pending.id, active.id]));
    const row = all.find((v) => v.id === pending.id)!;
    expect(row.host).toEqual({ full_name: 'Hana Host', email: actors.host.email, business_name: 'Night Co' });
    expect(row.bank_account_number).toBe('000123456789');
    const bad = await call(env, 'GET', '/api/admin/venues?status=deleted', { cookie: actors.admin.cookie });
    expect(bad.status).toBe(400);
  });
});

describe('GET /api/venues (list) — roles, fields and the cache', () => {
  it.each<RoleName>(ROLES)('%s sees the same public list', async (role) => {
    const res = await call(env, 'GET', '/api/venues?limit=48', { cookie: as(role) });
    expect(res.status).toBe(200);
    const anonymous = await call(env, 'GET', '/api/venues?limit=48');
    expect(res.body).toEqual(anonymous.body);
  });

  it('returns card fields only, never private ones, and only active venues', async () => {
    const pending = await createVenue(env, actors.host, { name: 'Hidden Pending' });
    await createActiveVenue(env, actors, { name: 'Shown Active' });
    const res = await call(env, 'GET', '/api/venues?limit=48');
    expect(res.headers.get('content-type')).toContain('application/json');
    const cards = res.body.venues as Array<Record<string, unknown>>;
    expect(cards.map((c) => c.id)).not.toContain(pending.id);
    for (const card of cards) {
      expect(Object.keys(card).sort()).toEqual(
        [
          'address',
          'base_price',
          'capacity',
          'city',
          'created_at',
          'id',
          'image',
          'name',
          'open_to_flexible_hours',
          'pricing_type',
        ].sort(),
      );
    }
    const text = JSON.stringify(res.body);
    for (const field of PRIVATE_FIELDS) expect(text).not.toContain(field);
    expect(text).not.toContain('000123456789');
  });

  it('gives the card image as the first photo’s 640×400 WebP', async () => {
    const v = await createVenue(env, actors.host, { name: 'Pictured Club', city: 'Pictureville' });
    const first = await call(env, 'POST', `/api/venues/${v.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(800, 600), 'first.png'),
    });
    await call(env, 'POST', `/api/venues/${v.id}/images`, {
      cookie: actors.host.cookie,
      body: uploadForm(await pngImage(800, 600, '#000000'), 'second.png'),
    });
    await approveVenue(env, actors.admin, v.id);
    const res = await call(env, 'GET', '/api/venues?location=Pictureville');
    expect(res.body.venues[0].image).toEqual({
      url: `/media/${first.body.image.path}.card.webp`,
      width: 640,
      height: 400,
    });
  });

  it('counts all active venues and the filtered ones', async () => {
    const all = await call(env, 'GET', '/api/venues');
    const active = await env.ctx.db.select().from(venues).where(eq(venues.is_active, true));
    expect(all.body.all_count).toBe(active.length);
    expect(all.body.total_count).toBe(active.length);
    const none = await call(env, 'GET', '/api/venues?location=no-such-place-anywhere');
    expect(none.body).toEqual({ venues: [], total_count: 0, all_count: active.length, next_cursor: null });
  });

  it('serves repeated pages from the cache and drops them when a venue is approved', async () => {
    const cache = venueListCache(env.ctx);
    const first = await call(env, 'GET', '/api/venues?location=Cachetown');
    expect(first.body.total_count).toBe(0);
    const hits = cache.hits;
    const again = await call(env, 'GET', '/api/venues?location=Cachetown');
    expect(cache.hits).toBe(hits + 1);
    expect(again.body).toEqual(first.body);

    const v = await createVenue(env, actors.host, { city: 'Cachetown' });
    await approveVenue(env, actors.admin, v.id);
    const after = await call(env, 'GET', '/api/venues?location=Cachetown');
    expect(after.body.total_count).toBe(1);
    expect(after.body.venues[0].id).toBe(v.id);

    // An edit shows at once too (a new price; a new name would go back to review, decision 0015).
    await call(env, 'PATCH', `/api/venues/${v.id}`, {
      cookie: actors.host.cookie,
      json: { base_price: 321 },
    });
    const repriced = await call(env, 'GET', '/api/venues?location=Cachetown');
    expect(repriced.body.venues[0].base_price).toBe(321);
  });

  it('also drops cached pages on change events from the database (changes made by another server)', async () => {
    const v = await createVenue(env, actors.host, { city: 'Feedville' });
    const before = await call(env, 'GET', '/api/venues?location=Feedville');
    expect(before.body.total_count).toBe(0);
    // Bypass the service, as another app server would: only the change feed can tell this one.
    await env.ctx.db.update(venues).set({ is_active: true }).where(eq(venues.id, v.id));
    await vi.waitFor(
      async () => {
        const after = await call(env, 'GET', '/api/venues?location=Feedville');
        expect(after.body.total_count).toBe(1);
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it('drops cached date-filtered pages when a date override opens or closes that day', async () => {
    const v = await createActiveVenue(env, actors, { city: 'Overrideville' });
    const date = '2099-03-06';
    const list = () => call(env, 'GET', `/api/venues?location=Overrideville&date=${date}`);
    expect((await list()).body.total_count).toBe(1);
    expect((await list()).body.total_count).toBe(1); // now cached
    const closed = await call(env, 'POST', `/api/venues/${v.id}/overrides`, {
      cookie: actors.host.cookie,
      json: { date, price: 0, is_available: false, pricing_type: null },
    });
    expect(closed.status, JSON.stringify(closed.body)).toBe(201);
    await vi.waitFor(async () => expect((await list()).body.total_count).toBe(0), {
      timeout: 5000,
      interval: 50,
    });
    const removed = await call(env, 'DELETE', `/api/venues/${v.id}/overrides/${closed.body.id}`, {
      cookie: actors.host.cookie,
    });
    expect(removed.status).toBe(200);
    await vi.waitFor(async () => expect((await list()).body.total_count).toBe(1), {
      timeout: 5000,
      interval: 50,
    });
  });

  it('sends the page gzipped (once, not twice) to clients that accept gzip', async () => {
    for (let i = 0; i < 6; i++) await createActiveVenue(env, actors, { city: 'Zipville' });
    const plain = await env.app.request('/api/venues?location=Zipville');
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const zipped = await env.app.request('/api/venues?location=Zipville', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(plainText);
    const refused = await env.app.request('/api/venues?location=Zipville', {
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plainText);
  });

  it('refuses bad paging input and bad filter values with 400', async () => {
    for (const q of [
      'limit=0',
      'limit=49',
      'limit=abc',
      'limit=2.5',
      'cursor=%%%',
      'cursor=bm9wZQ',
      `cursor=${Buffer.from('["2024-01-01T00:00:00.000000Z","x"]').toString('base64url')}`,
    ]) {
      const res = await call(env, 'GET', `/api/venues?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.message).toBeTruthy();
    }
    // Bad filter values are refused too (issue 15), not ignored; empty and 'all' mean no filter.
    for (const q of ['guests=abc', 'pricing=cheap', 'date=2024-02-30', 'pricingType=cheapest']) {
      const res = await call(env, 'GET', `/api/venues?${q}`);
      expect(res.status, q).toBe(400);
    }
    const lenient = await call(env, 'GET', '/api/venues?guests=&pricing=all&pricingType=all&date=&location=');
    expect(lenient.status).toBe(200);
    const all = await call(env, 'GET', '/api/venues');
    expect(lenient.body.total_count).toBe(all.body.total_count);
  });
});
