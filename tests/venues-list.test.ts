/**
 * GET /api/venues, the public list: the same for every role, card fields only, active venues only,
 * counts, the list cache and what invalidates it, gzip, and paging input. The filters themselves
 * are checked against the domain reference in venues-search.
 */
import { gunzipSync } from 'node:zlib';
import { COMPRESS_THRESHOLD } from '../src/server/http/content-length';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  PRIVATE_FIELDS,
  ROLES,
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

describe('GET /api/venues (list) — roles, fields and the cache', () => {
  it.each<Role>(ROLES)('%s sees the same public list', async (role) => {
    const res = await call(env, 'GET', '/api/venues?limit=48', { cookie: as(role) });
    expect(res.status).toBe(200);
    const anonymous = await call(env, 'GET', '/api/venues?limit=48');
    expect(res.body).toEqual(anonymous.body);
  });

  it('returns card fields only, never private ones, and only active venues', async () => {
    const pending = await submitVenue(env, actors.host, { name: 'Hidden Pending' });
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
          'rating',
        ].sort(),
      );
    }
    const text = JSON.stringify(res.body);
    for (const field of PRIVATE_FIELDS) expect(text).not.toContain(field);
    expect(text).not.toContain('000123456789');
  });

  it('gives the card image as the first photo’s 640×400 WebP', async () => {
    const v = await submitVenue(env, actors.host, { name: 'Pictured Club', city: 'Pictureville' });
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
    expect(none.body).toEqual({
      venues: [],
      total_count: 0,
      total_count_capped: false,
      all_count: active.length,
      next_cursor: null,
    });
    // A city of this test's own: two active venues (newest first) and a pending one it must not count.
    const older = await createActiveVenue(env, actors, { city: 'Countville' });
    const newer = await createActiveVenue(env, actors, { city: 'Countville' });
    await submitVenue(env, actors.host, { city: 'Countville' });
    const counted = await call(env, 'GET', '/api/venues?location=Countville');
    expect(counted.body).toMatchObject({ total_count: 2, all_count: active.length + 2, next_cursor: null });
    expect(counted.body.venues.map((v: { id: string }) => v.id)).toEqual([newer.id, older.id]);
  });

  it('serves repeated pages from the cache and drops them when a venue is approved', async () => {
    const cache = env.ctx.publicReads;
    const first = await call(env, 'GET', '/api/venues?location=Cachetown');
    expect(first.body.total_count).toBe(0);
    const hits = cache.hits;
    const again = await call(env, 'GET', '/api/venues?location=Cachetown');
    expect(cache.hits).toBe(hits + 1);
    expect(again.body).toEqual(first.body);

    const v = await submitVenue(env, actors.host, { city: 'Cachetown' });
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
    const v = await submitVenue(env, actors.host, { city: 'Feedville' });
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
    for (let i = 0; i < 18; i++) await createActiveVenue(env, actors, { city: 'Zipville' });
    const plain = await env.app.request('/api/venues?location=Zipville&limit=24');
    const plainText = await plain.text();
    expect(plainText.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    const zipped = await env.app.request('/api/venues?location=Zipville&limit=24', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await zipped.arrayBuffer());
    expect(gunzipSync(bytes).toString()).toBe(plainText);
    const refused = await env.app.request('/api/venues?location=Zipville&limit=24', {
      headers: { 'accept-encoding': 'gzip;q=0' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();
    expect(await refused.text()).toBe(plainText);
  });

  it('sends small JSON answers uncompressed, with their length; large ones gzipped whole', async () => {
    const small = await env.app.request('/api/venues/stats', { headers: { 'accept-encoding': 'gzip' } });
    const smallText = await small.text();
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(small.headers.get('content-length')).toBe(String(Buffer.byteLength(smallText)));
    expect(JSON.parse(smallText)).toHaveProperty('active_venues');
    // A large JSON answer that is not a list page (the host's own venues) is gzipped in one piece.
    for (let i = 0; i < 8; i++) await createActiveVenue(env, actors, { city: 'Bigville' });
    const big = await env.app.request('/api/host/venues', {
      headers: { 'accept-encoding': 'gzip', cookie: actors.host.cookie },
    });
    expect(big.status).toBe(200);
    expect(big.headers.get('content-encoding')).toBe('gzip');
    const bytes = Buffer.from(await big.arrayBuffer());
    expect(big.headers.get('content-length')).toBe(String(bytes.byteLength));
    expect(gunzipSync(bytes).byteLength).toBeGreaterThan(COMPRESS_THRESHOLD);
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
