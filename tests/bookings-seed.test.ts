import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { todayInZone } from '../src/domain/availability';
import { isAwaitingGuest } from '../src/domain/booking';
import { normalizeWeeklyHours } from '../src/domain/hours';
import { quoteBooking } from '../src/domain/pricing';
import { bookings, profiles, venueAvailability, venues } from '../src/server/db/schema';
import { seedDemo } from '../src/server/seed';
import { DEMO_PASSWORD } from '../src/server/seed/accounts';
import { createTestEnv, type TestEnv } from './support/env';
import { call, cookieFrom } from './support/client';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
  expect(await seedDemo(env.ctx)).not.toBeNull();
}, 180_000);
afterAll(async () => {
  await env.close();
});

describe('demo bookings', () => {
  it('cover every state: pending, pending with host notes, confirmed past and future, cancelled', async () => {
    const rows = await env.ctx.db.select().from(bookings).innerJoin(venues, eq(venues.id, bookings.venue_id));
    expect(rows.length).toBeGreaterThanOrEqual(8);
    const today = (tz: string) => todayInZone(tz, env.ctx.now());
    const has = (pred: (r: (typeof rows)[number]) => boolean) => rows.some(pred);
    expect(has((r) => r.bookings.status === 'pending' && !r.bookings.host_notes)).toBe(true);
    expect(has((r) => isAwaitingGuest(r.bookings))).toBe(true);
    expect(has((r) => r.bookings.status === 'confirmed' && r.bookings.date < today(r.venues.time_zone))).toBe(
      true,
    );
    expect(has((r) => r.bookings.status === 'confirmed' && r.bookings.date > today(r.venues.time_zone))).toBe(
      true,
    );
    expect(has((r) => r.bookings.status === 'cancelled')).toBe(true);
    expect(rows.every((r) => r.venues.is_active)).toBe(true);
  });

  it('are priced like real requests (except the venue’s edited one) and belong to the demo guests', async () => {
    const rows = await env.ctx.db.select().from(bookings).innerJoin(venues, eq(venues.id, bookings.venue_id));
    const guests = await env.ctx.db
      .select()
      .from(profiles)
      .where(
        inArray(
          profiles.id,
          rows.map((r) => r.bookings.user_id),
        ),
      );
    expect(guests.every((g) => g.role === 'user')).toBe(true);
    const overrides = await env.ctx.db.select().from(venueAvailability);
    for (const { bookings: b, venues: v } of rows) {
      expect(b.contact_email).toBe(guests.find((g) => g.id === b.user_id)!.email);
      expect(b.guest_count).toBeLessThanOrEqual(v.capacity);
      if (b.host_notes) continue;
      const override = overrides.find((o) => o.venue_id === v.id && o.date === b.date);
      const quote = quoteBooking(
        { base_price: v.base_price, pricing_type: v.pricing_type, hours: normalizeWeeklyHours(v.hours) },
        b,
        override,
      );
      expect(b.total_price).toBe(quote.total);
    }
  });

  it('show up on the demo guest’s My Bookings', async () => {
    const signIn = await call(env, 'POST', '/api/accounts/sign-in', {
      json: { email: 'jamie@velvet.test', password: DEMO_PASSWORD, portal: 'user' },
    });
    expect(signIn.status).toBe(200);
    const res = await call(env, 'GET', '/api/me/bookings', { cookie: cookieFrom(signIn.headers) });
    expect(res.status).toBe(200);
    expect(res.body.bookings.length).toBeGreaterThan(2);
  });
});
