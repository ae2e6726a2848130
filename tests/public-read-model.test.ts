/**
 * One public read path (decision 0089): the public list, detail and calendar are kept by one read
 * model whose only input is the change feed. No writer tells it anything: a write through the API
 * answers once the feed has delivered its own events here, so the very next public read shows it.
 * Each case warms the read model (the read is answered from memory), writes through the API, and
 * reads once — no waiting, no retry.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call, signUpAndSignIn, STRONG_PASSWORD } from './support/client';
import { pngImage, uploadForm } from './fixtures/images';
import { insertPaidNight, postReview } from './support/reviews-fixtures';
import {
  FRIDAY,
  createAccounts,
  createActiveVenue,
  freezeClock,
  nightHours,
  venueInput,
  venueRow,
  type Accounts,
} from './factories';

let env: TestEnv;
let a: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  freezeClock(env);
  a = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

type Page = {
  venues: Array<{ id: string; base_price: number; rating: { count: number } }>;
  total_count: number;
};
type Detail = { id: string; base_price: number; images: unknown[]; hours: unknown };
type Calendar = { overrides: Array<{ date: string; is_available: boolean; price: number }> };

let cities = 0;
const list = async (city: string, extra = '') =>
  (await call<Page>(env, 'GET', `/api/venues?location=${encodeURIComponent(city)}${extra}`)).body;
const detail = (id: string) => call<Detail>(env, 'GET', `/api/venues/${id}`);
const calendar = async (id: string) =>
  (await call<Calendar>(env, 'GET', `/api/venues/${id}/availability?from=2030-06-01&to=2030-06-30`)).body;

/** An active venue in a city of its own, with what the feed says about it delivered. */
async function venueInOwnCity(): Promise<{ venue: Venue; city: string }> {
  const city = `Readmodel City ${++cities}`;
  const body = (await createActiveVenue(env, a, { city })) as { id: string };
  await env.ctx.changes.caughtUp();
  return { venue: (await venueRow(env, body.id))!, city };
}

/**
 * Reads the list (and the date-filtered list), the detail and the calendar twice, so that each is
 * answered from memory the second time: a write that did not reach the read model would not show.
 */
async function warm(venueId: string, city: string) {
  const reads = env.ctx.publicReads;
  await env.ctx.changes.caughtUp();
  await reads.index?.settled();
  for (const extra of ['', `&date=${FRIDAY}`]) await list(city, extra);
  await detail(venueId);
  await calendar(venueId);
  const pages = reads.hits;
  const calendars = reads.calendars.hits;
  for (const extra of ['', `&date=${FRIDAY}`]) await list(city, extra);
  await calendar(venueId);
  expect(reads.hits, 'the list pages are answered from memory').toBe(pages + 2);
  expect(reads.calendars.hits, 'the calendar is answered from memory').toBe(calendars + 1);
  const details = reads.index?.detailHits ?? 0;
  await detail(venueId);
  if (reads.index) expect(reads.index.detailHits, 'the detail is answered from memory').toBe(details + 1);
}

/** A write through the API: successful, and answered only after its events were delivered. */
async function write<T = Record<string, unknown>>(
  method: string,
  url: string,
  opts: { cookie?: string; json?: unknown; body?: FormData },
) {
  const before = env.ctx.changes.barriersArrived;
  const res = await call<T>(env, method, url, opts);
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  expect(env.ctx.changes.barriersArrived, 'the answer waited for the change feed').toBeGreaterThan(before);
  return res;
}

describe('a write through the API shows on the very next public read', () => {
  it('a venue edit (update.ts): list and detail', async () => {
    const { venue, city } = await venueInOwnCity();
    await warm(venue.id, city);
    await write('PATCH', `/api/venues/${venue.id}`, { cookie: a.host.cookie, json: { base_price: 321 } });
    expect((await list(city)).venues[0]!.base_price).toBe(321);
    expect((await detail(venue.id)).body.base_price).toBe(321);
  });

  it('weekly hours (weekly.ts): the date filter and the detail', async () => {
    const { venue, city } = await venueInOwnCity();
    await warm(venue.id, city);
    expect((await list(city, `&date=${FRIDAY}`)).total_count).toBe(1);
    const hours = nightHours({ friday: { closed: true } });
    await write('PUT', `/api/venues/${venue.id}/hours`, { cookie: a.host.cookie, json: { hours } });
    expect((await list(city, `&date=${FRIDAY}`)).total_count).toBe(0);
    expect((await detail(venue.id)).body.hours).toEqual(hours);
  });

  it('date overrides added, changed and removed (overrides.ts): the date filter and the calendar', async () => {
    const { venue, city } = await venueInOwnCity();
    await warm(venue.id, city);
    const added = await write<{ id: string }>('POST', `/api/venues/${venue.id}/overrides`, {
      cookie: a.host.cookie,
      json: { date: FRIDAY, price: 0, is_available: false, pricing_type: null },
    });
    expect((await list(city, `&date=${FRIDAY}`)).total_count).toBe(0);
    expect((await calendar(venue.id)).overrides.map((o) => [o.date, o.is_available])).toEqual([
      [FRIDAY, false],
    ]);

    await warm(venue.id, city);
    await write('PATCH', `/api/venues/${venue.id}/overrides/${added.body.id}`, {
      cookie: a.host.cookie,
      json: { is_available: true, price: 75 },
    });
    expect((await list(city, `&date=${FRIDAY}`)).total_count).toBe(1);
    expect((await calendar(venue.id)).overrides[0]).toMatchObject({ is_available: true, price: 75 });

    await warm(venue.id, city);
    await write('DELETE', `/api/venues/${venue.id}/overrides/${added.body.id}`, { cookie: a.host.cookie });
    expect((await calendar(venue.id)).overrides).toEqual([]);
  });

  it('photos added, reordered and removed (images.ts): the detail', async () => {
    const { venue, city } = await venueInOwnCity();
    const upload = () =>
      pngImage().then((png) =>
        write<{ images: Array<{ path: string }> }>('POST', `/api/venues/${venue.id}/images`, {
          cookie: a.admin.cookie,
          body: uploadForm(png, 'photo.png', 'image/png'),
        }),
      );
    await upload();
    await warm(venue.id, city);
    const second = await upload();
    expect((await detail(venue.id)).body.images).toHaveLength(2);
    const paths = second.body.images.map((i) => i.path);

    await warm(venue.id, city);
    await write('PUT', `/api/venues/${venue.id}/images/order`, {
      cookie: a.host.cookie,
      json: { images: [...paths].reverse() },
    });
    expect(((await detail(venue.id)).body.images as Array<{ path: string }>).map((i) => i.path)).toEqual(
      [...paths].reverse(),
    );

    await warm(venue.id, city);
    await write('DELETE', `/api/venues/${venue.id}/images?path=${encodeURIComponent(paths[0]!)}`, {
      cookie: a.host.cookie,
    });
    expect((await detail(venue.id)).body.images).toHaveLength(1);
  });

  it('a review submitted, unpublished and published again (reviews/): the rating on the list', async () => {
    const { venue, city } = await venueInOwnCity();
    const booking = await insertPaidNight(env, venue, a.guest);
    await warm(venue.id, city);
    const review = await postReview(env, a.guest, booking.id);
    expect(review.status, JSON.stringify(review.body)).toBe(201);
    expect((await list(city)).venues[0]!.rating.count).toBe(1);

    await warm(venue.id, city);
    await write('POST', `/api/admin/reviews/${review.body.id}/unpublish`, {
      cookie: a.admin.cookie,
      json: { reason: 'Off topic for this venue.' },
    });
    expect((await list(city)).venues[0]!.rating.count).toBe(0);

    await warm(venue.id, city);
    await write('POST', `/api/admin/reviews/${review.body.id}/republish`, {
      cookie: a.admin.cookie,
      json: {},
    });
    expect((await list(city)).venues[0]!.rating.count).toBe(1);
  });

  it('a venue taken off the list and deleted by the admin (moderate.ts)', async () => {
    const { venue, city } = await venueInOwnCity();
    await warm(venue.id, city);
    await write('PATCH', `/api/venues/${venue.id}`, { cookie: a.admin.cookie, json: { is_active: false } });
    expect((await list(city)).total_count).toBe(0);
    expect((await detail(venue.id)).status).toBe(404);

    const other = await venueInOwnCity();
    await warm(other.venue.id, other.city);
    await write('DELETE', `/api/venues/${other.venue.id}`, { cookie: a.admin.cookie });
    expect((await list(other.city)).total_count).toBe(0);
    expect((await detail(other.venue.id)).status).toBe(404);
  });

  it('a host deleting their account hides their venues (account/delete.ts)', async () => {
    const host = await signUpAndSignIn(env, { role: 'host' });
    const city = `Readmodel City ${++cities}`;
    const created = await call<{ id: string }>(env, 'POST', '/api/venues', {
      cookie: host.cookie,
      json: venueInput({ city }),
    });
    expect(created.status).toBe(201);
    await write('POST', `/api/admin/venues/${created.body.id}/approve`, { cookie: a.admin.cookie, json: {} });
    await warm(created.body.id, city);
    await write('POST', '/api/account/delete', {
      cookie: host.cookie,
      json: { current_password: STRONG_PASSWORD },
    });
    expect((await list(city)).total_count).toBe(0);
    expect((await detail(created.body.id)).status).toBe(404);
  });
});

describe('the one invalidation path', () => {
  it('no service, route or job tells the read model, the index or the calendars what changed', () => {
    const root = path.resolve(__dirname, '../src/server');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
          const text = readFileSync(file, 'utf8');
          const own = /public-read-model\.ts$|venue-index\.ts$|calendar-cache\.ts$/.test(file);
          if (/publicReads\.(invalidate|calendars\.changed|index\??\.changed)|venueListCache/.test(text))
            offenders.push(path.relative(root, file));
          else if (!own && /\b(index|calendars)\??\.changed\(/.test(text))
            offenders.push(path.relative(root, file));
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
    // And the transaction helper has no hook for it.
    expect(readFileSync(path.join(root, 'db/transaction.ts'), 'utf8')).not.toMatch(/Committed|listener/);
  });
});
