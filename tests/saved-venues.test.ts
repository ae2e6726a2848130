/**
 * Saved venues (issue 31): a guest saves and unsaves listed venues and reads their own list;
 * signed out 401, other roles 403; a venue that is not listed cannot be saved (404) and leaves
 * the list while it is not listed. Nobody reads another guest's list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { savedVenues, venues } from '../src/server/db/schema';
import { call } from './support/client';
import { createTestEnv, type TestEnv } from './support/env';
import { ROLES, cookieOf, createAccounts, insertVenue, type Accounts } from './factories';

let env: TestEnv;
let a: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const list = (cookie: string | null) => call(env, 'GET', '/api/me/saved-venues', { cookie });
const save = (cookie: string | null, id: string) =>
  call(env, 'PUT', `/api/me/saved-venues/${id}`, { cookie });
const unsave = (cookie: string | null, id: string) =>
  call(env, 'DELETE', `/api/me/saved-venues/${id}`, { cookie });
const rows = () => env.ctx.db.select().from(savedVenues);

describe('saved venues', () => {
  it('save, list (last saved first), save again, unsave', async () => {
    const first = await insertVenue(env, a.host, { name: 'First Saved' });
    const second = await insertVenue(env, a.host, { name: 'Second Saved' });
    expect((await save(a.guest.cookie, first.id)).body).toEqual({ venue_id: first.id, saved: true });
    expect((await save(a.guest.cookie, second.id)).status).toBe(200);
    expect((await save(a.guest.cookie, first.id)).status).toBe(200);
    const mine = await list(a.guest.cookie);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    // Saving again keeps the first time.
    expect(mine.body.venues.map((v: { name: string }) => v.name)).toEqual(['Second Saved', 'First Saved']);
    expect(mine.body.venues[0]).toMatchObject({ id: second.id, city: second.city, rating: { count: 0 } });
    expect(mine.body.venues[0].saved_at).toEqual(expect.any(String));
    // The other guest's list is their own.
    expect((await list(a.otherGuest.cookie)).body.venues).toEqual([]);

    expect((await unsave(a.guest.cookie, first.id)).body).toEqual({ venue_id: first.id, saved: false });
    expect((await unsave(a.guest.cookie, first.id)).status).toBe(200);
    expect((await list(a.guest.cookie)).body.venues.map((v: { id: string }) => v.id)).toEqual([second.id]);
    // Unsaving never touches another guest's row.
    await save(a.otherGuest.cookie, second.id);
    await unsave(a.guest.cookie, second.id);
    expect((await list(a.otherGuest.cookie)).body.venues.map((v: { id: string }) => v.id)).toEqual([
      second.id,
    ]);
  });

  it('a venue that is not listed cannot be saved, and leaves the list while unlisted', async () => {
    const pending = await insertVenue(env, a.host, { is_active: false });
    const before = (await rows()).length;
    const res = await save(a.guest.cookie, pending.id);
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Venue not found');
    expect((await save(a.guest.cookie, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await save(a.guest.cookie, 'not-an-id')).status).toBe(404);
    expect((await rows()).length).toBe(before);

    const listed = await insertVenue(env, a.host, { name: 'Comes And Goes' });
    await save(a.otherGuest.cookie, listed.id);
    await env.ctx.db.update(venues).set({ is_active: false }).where(eq(venues.id, listed.id));
    expect(JSON.stringify((await list(a.otherGuest.cookie)).body)).not.toContain(listed.id);
    await env.ctx.db.update(venues).set({ is_active: true }).where(eq(venues.id, listed.id));
    expect(JSON.stringify((await list(a.otherGuest.cookie)).body)).toContain(listed.id);
  });

  it.each(ROLES.filter((r) => !['guest', 'otherGuest'].includes(r)))(
    '%s: refused, nothing written',
    async (role) => {
      const venue = await insertVenue(env, a.host);
      const cookie = cookieOf(a, role);
      const expected = role === 'signedOut' ? 401 : 403;
      const before = (await rows()).length;
      expect((await list(cookie)).status).toBe(expected);
      expect((await save(cookie, venue.id)).status).toBe(expected);
      expect((await unsave(cookie, venue.id)).status).toBe(expected);
      expect((await rows()).length).toBe(before);
    },
  );
});
