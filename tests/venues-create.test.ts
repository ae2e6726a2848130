/**
 * POST /api/venues (Add New Venue): who may submit a venue, what is stored (pending, normalized),
 * the two emails, and bad input refused with 400 naming the field, writing nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  cookieOf,
  createAccounts,
  emailsOf,
  submitVenue,
  venueInput,
  type Accounts,
  type Role,
} from './factories';

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

describe('POST /api/venues (Add New Venue)', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 201],
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
      // Stored encrypted; answered by their last four digits (decision 0059).
      bank_account_number: '••••6789',
      bank_routing_number: '••••0021',
      tax_id: '••••6789',
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
    const v = await submitVenue(env, actors.host, { time_zone: 'america/chicago' });
    expect(v.time_zone).toBe('America/Chicago');
  });

  it('queues "venue submitted" to the host and to the admin in the same transaction', async () => {
    const v = await submitVenue(env, actors.host, { name: 'Submitted Club' });
    const toHost = (await emailsOf(env, 'venue_submitted', actors.host.email)).filter((m) =>
      m.subject.includes('Submitted Club'),
    );
    const toAdmin = (await emailsOf(env, 'venue_submitted_admin', ADMIN_EMAIL)).filter((m) =>
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
    const before = (await emailsOf(env, 'venue_submitted')).length;
    const res = await call(env, 'POST', '/api/venues', {
      cookie: actors.host.cookie,
      json: venueInput({ capacity: 0 }),
    });
    expect(res.status).toBe(400);
    expect((await emailsOf(env, 'venue_submitted')).length).toBe(before);
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
