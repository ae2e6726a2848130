/**
 * Reading venues: the detail page per role (private fields only for the owner and the admin,
 * pending venues hidden from the public), the host's own list and the admin's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  PRIVATE_FIELDS,
  approveVenue,
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

describe('GET /api/venues/:id (detail)', () => {
  it.each<[Role, number, boolean]>([
    ['signedOut', 200, false],
    ['guest', 200, false],
    ['otherGuest', 200, false],
    ['host', 200, true],
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

  it.each<[Role, number]>([
    ['signedOut', 404],
    ['guest', 404],
    ['otherGuest', 404],
    ['host', 200],
    ['otherHost', 404],
    ['admin', 200],
  ])('inactive (pending) venue: %s → %i', async (role, status) => {
    const v = await submitVenue(env, actors.host);
    const res = await call(env, 'GET', `/api/venues/${v.id}`, { cookie: as(role) });
    expect(res.status).toBe(status);
    if (status === 404) expect(res.body.error).toEqual({ code: 'NOT_FOUND', message: 'Venue not found' });
    else expect(res.body.tax_id).toBe('••••6789'); // the last four: only the audited reveal shows more
  });

  it('answers 404 for an unknown id and for an id that is not a UUID', async () => {
    const unknown = await call(env, 'GET', '/api/venues/4b1d3f55-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Venue not found');
    const bad = await call(env, 'GET', "/api/venues/not-a-uuid'--");
    expect(bad.status).toBe(404);
  });

  it('lists images with their media URLs', async () => {
    const v = await submitVenue(env, actors.host);
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

describe('GET /api/host/venues', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 200],
    ['otherHost', 200],
    ['admin', 403],
  ])('%s → %i', async (role, status) => {
    const res = await call(env, 'GET', '/api/host/venues', { cookie: as(role) });
    expect(res.status).toBe(status);
  });

  it("lists only the host's own venues, every status, newest first, with private fields", async () => {
    const pending = await submitVenue(env, actors.otherHost, { name: 'Other Pending' });
    const active = await submitVenue(env, actors.otherHost, { name: 'Other Active' });
    await approveVenue(env, actors.admin, active.id);
    const res = await call(env, 'GET', '/api/host/venues', { cookie: actors.otherHost.cookie });
    const list = res.body.venues as Array<Record<string, unknown>>;
    expect(list.every((v) => v.host_id === actors.otherHost.profile.id)).toBe(true);
    const ids = list.map((v) => v.id);
    expect(ids.indexOf(active.id)).toBeLessThan(ids.indexOf(pending.id));
    expect(ids).toContain(pending.id);
    // The other host owns exactly these two venues (no other test in this file gives them one).
    expect(ids).toEqual([active.id, pending.id]);
    expect(list[0]).toHaveProperty('tax_id', '••••6789');
    expect(list[0]).toMatchObject({
      name: 'Other Active',
      is_active: true,
      bank_account_number: '••••6789',
    });
    expect(list[1]).toMatchObject({ name: 'Other Pending', is_active: false });
    const created = list.map((v) => Date.parse(v.created_at as string));
    expect([...created].sort((a, b) => b - a)).toEqual(created);
  });
});

describe('GET /api/admin/venues', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 403],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const res = await call(env, 'GET', '/api/admin/venues', { cookie: as(role) });
    expect(res.status).toBe(status);
  });

  it('filters by status and joins the host', async () => {
    const pending = await submitVenue(env, actors.host, { name: 'Admin Pending' });
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
    // Each list holds exactly the venues of its status, whichever test made them.
    const rows = await env.ctx.db.select({ id: venues.id, is_active: venues.is_active }).from(venues);
    const idsOf = (list: Array<Record<string, any>>) => list.map((v) => v.id as string).sort();
    expect(idsOf(pendingList)).toEqual(idsOf(rows.filter((r) => !r.is_active)));
    expect(idsOf(activeList)).toEqual(idsOf(rows.filter((r) => r.is_active)));
    expect(idsOf(all)).toEqual(idsOf(rows));
    const row = all.find((v) => v.id === pending.id)!;
    expect(row.host).toEqual({ full_name: 'Hana Host', email: actors.host.email, business_name: 'Night Co' });
    expect(row.bank_account_number).toBe('••••6789');
    const bad = await call(env, 'GET', '/api/admin/venues?status=deleted', { cookie: actors.admin.cookie });
    expect(bad.status).toBe(400);
  });
});
