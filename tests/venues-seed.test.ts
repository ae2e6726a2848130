import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { WEEK_DAYS } from '@/domain/calendar';
import { timeToMinutes } from '@/domain/time';
import type { Venue } from '../src/server/db/schema';
import { seedAccounts } from '../src/server/seed/accounts';
import { seedVenues } from '../src/server/seed/venues';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';

let env: TestEnv;
let seeded: Venue[];
let hostIds: string[];
beforeAll(async () => {
  env = await createTestEnv();
  const accounts = await seedAccounts(env.ctx);
  hostIds = accounts.hosts.map((h) => h.id);
  seeded = await seedVenues(env.ctx, accounts);
}, 180_000);
afterAll(async () => {
  await env.close();
});

describe('demo venues', () => {
  it('are a dozen active venues and two pending ones, split between the two demo hosts', () => {
    expect(seeded.filter((v) => v.is_active)).toHaveLength(12);
    expect(seeded.filter((v) => !v.is_active)).toHaveLength(2);
    for (const host of hostIds) {
      expect(seeded.filter((v) => v.host_id === host && v.is_active).length).toBeGreaterThanOrEqual(5);
      expect(seeded.filter((v) => v.host_id === host && !v.is_active)).toHaveLength(1);
    }
  });

  it('cover several cities, both pricing types, varied hours, amenities and flexible hours', () => {
    const active = seeded.filter((v) => v.is_active);
    const cities = new Set(active.map((v) => v.city));
    for (const city of ['New York', 'Miami', 'Chicago', 'Los Angeles', 'Austin', 'Las Vegas'])
      expect(cities).toContain(city);
    expect(new Set(active.map((v) => v.pricing_type))).toEqual(new Set(['hourly_rate', 'minimum_spend']));
    const closesAfterMidnight = active.filter((v) =>
      WEEK_DAYS.some(
        (d) => !v.hours[d].closed && timeToMinutes(v.hours[d].close) < timeToMinutes(v.hours[d].open),
      ),
    );
    expect(closesAfterMidnight.length).toBeGreaterThan(6);
    expect(active.some((v) => WEEK_DAYS.some((d) => v.hours[d].closed))).toBe(true);
    expect(active.some((v) => v.open_to_flexible_hours)).toBe(true);
    expect(active.some((v) => !v.open_to_flexible_hours)).toBe(true);
    expect(new Set(active.flatMap((v) => v.amenities)).size).toBeGreaterThanOrEqual(8);
    // Every price band has at least one venue.
    const prices = active.map((v) => v.base_price);
    expect(prices.some((p) => p <= 50)).toBe(true);
    expect(prices.some((p) => p > 2500)).toBe(true);
    for (const v of seeded) {
      expect(v.bank_account_number).toBeTruthy();
      expect(v.tax_id).toBeTruthy();
      expect(v.description!.length).toBeGreaterThan(40);
    }
  });

  it('each have 2-3 photos made locally, run through the pipeline and served', async () => {
    for (const v of seeded) {
      expect(v.images.length).toBeGreaterThanOrEqual(2);
      expect(v.images.length).toBeLessThanOrEqual(3);
    }
    const v = seeded[0]!;
    for (const key of v.images) {
      expect(key).toMatch(new RegExp(`^${v.id}/\\d+-\\d-[a-z0-9-]+-\\d\\.jpg$`));
      const original = await env.app.request(`/media/${key}`);
      expect(original.status).toBe(200);
      expect(original.headers.get('content-type')).toBe('image/jpeg');
      const card = await env.app.request(`/media/${key}.card.webp`);
      const meta = await sharp(Buffer.from(await card.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 640, height: 400 });
      expect(await env.ctx.storage.get(`${key}.full.webp`)).not.toBeNull();
    }
  });

  it('show up in the public list, newest first; the pending ones stay hidden', async () => {
    const res = await call(env, 'GET', '/api/venues?limit=48');
    expect(res.body.all_count).toBe(12);
    expect(res.body.venues).toHaveLength(12);
    const times = res.body.venues.map((c: { created_at: string }) => Date.parse(c.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(res.body.venues.every((c: { image: unknown }) => c.image !== null)).toBe(true);
    for (const pending of seeded.filter((v) => !v.is_active)) {
      expect((await call(env, 'GET', `/api/venues/${pending.id}`)).status).toBe(404);
    }
    const vegas = await call(env, 'GET', '/api/venues?location=las vegas');
    expect(vegas.body.total_count).toBe(2);
  });
});
