/*
 * Long-word data for the layout and accessibility tests, made through the product's API with
 * the suite's sessions: an active venue of the demo host named with one 60-letter word, a long
 * URL as its address, a long email and description; a second such venue waiting for approval;
 * a booking of the demo guest there with long event details and host notes; a sign-up with a
 * long email (so the admin's outbox lists it).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request, type APIRequestContext } from '@playwright/test';
import { addDaysToDate } from '../src/domain/calendar';
import { LONG, type RouteIds } from './routes';
import { authFile, type Role } from './support';

async function api(baseURL: string, role: Role | null): Promise<APIRequestContext> {
  return request.newContext({
    baseURL,
    extraHTTPHeaders: { origin: baseURL, accept: 'application/json' },
    ...(role ? { storageState: authFile(role) } : {}),
  });
}

async function call<T>(ctx: APIRequestContext, method: string, url: string, data?: unknown): Promise<T> {
  const res = await ctx.fetch(url, { method, data });
  const body = await res.text();
  expect(res.ok(), `${method} ${url} → ${res.status()} ${body}`).toBeTruthy();
  return (body ? JSON.parse(body) : null) as T;
}

function venueBody(suffix: string) {
  return {
    name: `${LONG.word}${suffix}`,
    business_name: `${LONG.word}Holdings`,
    description: `${LONG.word} ${LONG.url} ${LONG.note}`,
    address: LONG.url,
    city: LONG.word,
    phone: '+1 555 010 0199',
    email: LONG.email,
    capacity: 80,
    base_price: 250,
    pricing_type: 'hourly_rate',
    amenities: ['bar', 'dj', 'dance_floor', 'sound_system'],
    open_to_flexible_hours: true,
    bank_account_holder_name: `${LONG.word}Holdings`,
    bank_account_number: '000123456789',
    bank_routing_number: '110000000',
    tax_id: '12-3456789',
    cancellation_policy: 'moderate',
    time_zone: 'America/New_York',
    terms_accepted: true,
  };
}

/**
 * The seeded ids, made once per server run: kept in test-results/ and reused while the server
 * still has them (a failed test restarts the worker; seeding again would hit the booking
 * request rate limit). Each run starts a fresh server, so a stale file is simply replaced.
 */
export async function seedLongWordData(baseURL: string): Promise<RouteIds> {
  const file = path.join(
    import.meta.dirname,
    '..',
    'test-results',
    `.long-word-data-${new URL(baseURL).port}.json`,
  );
  if (existsSync(file)) {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as RouteIds;
    const guest = await api(baseURL, 'guest');
    const res = await guest.get(`/api/bookings/${cached.modifiedBookingId}`);
    const ok = res.ok() && ((await res.json()) as { status: string }).status === 'pending';
    await guest.dispose();
    if (ok) return cached;
  }
  const ids = await seed(baseURL);
  writeFileSync(file, JSON.stringify(ids));
  return ids;
}

async function seed(baseURL: string): Promise<RouteIds> {
  const [host, admin, guest, anonymous] = await Promise.all([
    api(baseURL, 'host'),
    api(baseURL, 'admin'),
    api(baseURL, 'guest'),
    api(baseURL, null),
  ]);
  const suffix = Date.now().toString(36);
  const venue = await call<{ id: string }>(host, 'POST', '/api/venues', venueBody(suffix));
  await call(admin, 'POST', `/api/admin/venues/${venue.id}/approve`, { notes: LONG.note });
  await call(host, 'POST', '/api/venues', venueBody(`${suffix}pending`));

  const { today } = await call<{ today: string }>(anonymous, 'GET', `/api/venues/${venue.id}/availability`);
  const ask = (offset: number) =>
    call<{ id: string; updated_at: string }>(guest, 'POST', '/api/bookings', {
      venue_id: venue.id,
      date: addDaysToDate(today, offset),
      start_time: '20:00',
      end_time: '23:00',
      guest_count: 12,
      special_requests: LONG.note,
    });
  const booking = await ask(20);
  // A second one the host modifies: the guest's card shows the changes and the host's notes.
  const modified = await ask(22);
  await call(host, 'POST', `/api/bookings/${modified.id}/edit`, {
    start_time: '21:00',
    end_time: '23:30',
    guest_count: 14,
    total_price: 600,
    host_notes: LONG.note,
  });
  const confirmed = await ask(25);
  await call(host, 'POST', `/api/bookings/${confirmed.id}/approve`, {});

  const signUp = await anonymous.post('/api/accounts/sign-up', {
    data: { email: LONG.signUpEmail, password: 'MidnightRun2026', full_name: LONG.word, role: 'user' },
  });
  expect([201, 409, 429]).toContain(signUp.status());

  await Promise.all([host, admin, guest, anonymous].map((c) => c.dispose()));
  return {
    venueId: venue.id,
    bookingId: booking.id,
    confirmedBookingId: confirmed.id,
    modifiedBookingId: modified.id,
  };
}
