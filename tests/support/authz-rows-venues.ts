/**
 * Rows of the authorization matrix: venues, photos and availability (VENUE_ACTIONS of
 * src/domain/access.ts, SPEC §2 and §6; the statuses as tests/venues-*.test.ts and
 * tests/bookings-access.test.ts state them).
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { venueAvailability, venues } from '../../src/server/db/schema';
import {
  PRIVATE_FIELDS,
  type Role,
  bookingsOf,
  insertOverride,
  nightHours,
  venueInput,
  venueRow,
} from '../factories';
import { pngImage, uploadForm } from '../fixtures/images';
import {
  ADMIN_ONLY,
  ANYONE,
  HOSTS,
  INACTIVE_OWNER_ADMIN,
  OTHER_BANK,
  type Expected,
  type Row,
  VENUE_OWNER_ADMIN,
  freshBooking,
  freshVenue,
  profileOf,
  w,
} from './authz-world';

/** VENUE_ACTIONS.edit: the venue's own host and the admin (SPEC §6 "only their own venues"). */
const EDITORS: Expected = [401, 403, 403, 200, 403, 200];
/** VENUE_ACTIONS.manageAvailability: the owner only (SPEC §2: the manage page is host only, not admin). */
const OWNER_ONLY: Expected = [401, 403, 403, 200, 403, 403];
/** The public reads of an inactive venue: only its host and the admin know it exists. */
const INACTIVE_READ: Expected = [404, 404, 404, 200, 404, 200];

const row = (id: string) => () => venueRow(w.env, id);
const overrides = (venueId: string) => () =>
  w.env.ctx.db.select().from(venueAvailability).where(eq(venueAvailability.venue_id, venueId));

/** A venue of the host's with two photo paths (the files need not exist to list or reorder them). */
async function venueWithPhotos() {
  const id = randomUUID();
  return freshVenue({ id, images: [`${id}/1-0-front.png`, `${id}/1-1-bar.png`] });
}

let overrideDay = 0;
const overrideDate = () => `2031-01-${String(1 + (overrideDay++ % 28)).padStart(2, '0')}`;

const privateFieldsShown = (role: Role, body: Record<string, unknown>) => {
  for (const f of PRIVATE_FIELDS) {
    if (role === 'host' || role === 'admin') expect(body[f], f).toBeTruthy();
  }
};

export const VENUE_ROWS: Row[] = [
  {
    route: 'GET /api/venues',
    source: 'SPEC §6 visitors browse active venues',
    expect: ANYONE,
    prepare: async () => ({ path: '/api/venues?limit=48' }),
  },
  {
    route: 'POST /api/venues',
    source: 'ROLE_ACTIONS.createVenue [host]; SPEC §2 /upload-venue host only (not admin)',
    expect: [401, 403, 403, 201, 201, 403],
    prepare: async (role) => ({
      path: '/api/venues',
      json: venueInput(role === 'otherHost' ? OTHER_BANK : {}),
      snapshot: async () => (await w.env.ctx.db.select({ id: venues.id }).from(venues)).length,
    }),
    check: (role, res) => expect(res.body.host_id).toBe(profileOf(role)),
  },
  {
    route: 'GET /api/venues/:id',
    subject: 'the host’s active venue',
    source: 'VENUE_ACTIONS.read [admin, owner, public], readPrivate [admin, owner]',
    expect: ANYONE,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}` }),
    check: (role, res) => privateFieldsShown(role, res.body),
  },
  {
    route: 'GET /api/venues/:id',
    subject: 'the host’s pending venue',
    source: 'venueRelation: an inactive venue is public to no one; SPEC §2 /venue/{id} active only',
    expect: INACTIVE_READ,
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}` }),
  },
  {
    route: 'PATCH /api/venues/:id',
    source: 'VENUE_ACTIONS.edit; SPEC §5 "a host may edit only their own venue"',
    expect: EDITORS,
    prepare: async () => {
      const v = await freshVenue();
      return { path: `/api/venues/${v.id}`, json: { name: 'Renamed by the matrix' }, snapshot: row(v.id) };
    },
  },
  {
    route: 'DELETE /api/venues/:id',
    subject: 'a venue with a booking',
    source: 'VENUE_ACTIONS.moderate [admin]; SPEC §4 admin may delete a venue',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const v = await freshVenue();
      await freshBooking({ venue_id: v.id });
      return {
        path: `/api/venues/${v.id}`,
        snapshot: async () => [await venueRow(w.env, v.id), await bookingsOf(w.env, v.id)],
      };
    },
  },
  {
    route: 'POST /api/venues/:id/images',
    source: 'VENUE_ACTIONS.edit; tests/venues-images.test.ts',
    expect: [401, 403, 403, 201, 403, 201],
    prepare: async () => {
      const v = await freshVenue();
      return {
        path: `/api/venues/${v.id}/images`,
        body: uploadForm(await pngImage(64, 40), 'front.png', 'image/png'),
        snapshot: row(v.id),
      };
    },
  },
  {
    route: 'DELETE /api/venues/:id/images',
    source: 'VENUE_ACTIONS.edit; tests/venues-images.test.ts',
    expect: EDITORS,
    prepare: async () => {
      const v = await venueWithPhotos();
      return {
        path: `/api/venues/${v.id}/images?path=${encodeURIComponent(v.images[0]!)}`,
        snapshot: row(v.id),
      };
    },
  },
  {
    route: 'PUT /api/venues/:id/images/order',
    source: 'VENUE_ACTIONS.edit; tests/venues-images.test.ts',
    expect: EDITORS,
    prepare: async () => {
      const v = await venueWithPhotos();
      return {
        path: `/api/venues/${v.id}/images/order`,
        json: { images: [...v.images].reverse() },
        snapshot: row(v.id),
      };
    },
  },
  {
    route: 'GET /api/host/venues',
    source: 'SPEC §2 host dashboard: only the host’s own venues; tests/venues-read.test.ts',
    expect: HOSTS,
    prepare: async () => ({ path: '/api/host/venues' }),
    check: (role, res) => {
      const hosts = new Set(res.body.venues.map((v: { host_id: string }) => v.host_id));
      expect([...hosts]).toEqual([profileOf(role)]);
    },
  },
  {
    route: 'GET /api/admin/venues',
    source: 'SPEC §2 /admin-dashboard admin only',
    expect: ADMIN_ONLY,
    prepare: async () => ({ path: '/api/admin/venues' }),
  },
  {
    route: 'POST /api/admin/venues/:id/approve',
    source: 'VENUE_ACTIONS.moderate; tests/venues-review.test.ts',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const v = await freshVenue({ is_active: false });
      return { path: `/api/admin/venues/${v.id}/approve`, json: {}, snapshot: row(v.id) };
    },
  },
  {
    route: 'POST /api/admin/venues/:id/reject',
    source: 'VENUE_ACTIONS.moderate; tests/venues-review.test.ts',
    expect: ADMIN_ONLY,
    prepare: async () => {
      const v = await freshVenue();
      return {
        path: `/api/admin/venues/${v.id}/reject`,
        json: { notes: 'Photos are missing.' },
        snapshot: row(v.id),
      };
    },
  },

  /* ---------- availability ---------- */
  {
    route: 'GET /api/venues/:id/availability',
    subject: 'the host’s active venue',
    source: 'VENUE_ACTIONS.read; tests/bookings-access.test.ts',
    expect: ANYONE,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}/availability` }),
  },
  {
    route: 'GET /api/venues/:id/availability',
    subject: 'the host’s pending venue',
    source: 'VENUE_ACTIONS.read; tests/bookings-access.test.ts',
    expect: INACTIVE_READ,
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}/availability` }),
  },
  {
    route: 'PUT /api/venues/:id/hours',
    source: 'VENUE_ACTIONS.manageAvailability [owner]; tests/bookings-access.test.ts',
    expect: OWNER_ONLY,
    prepare: async () => {
      const v = await freshVenue();
      return {
        path: `/api/venues/${v.id}/hours`,
        json: { hours: nightHours({ sunday: { closed: true } }) },
        snapshot: row(v.id),
      };
    },
  },
  {
    route: 'GET /api/venues/:id/overrides',
    subject: 'the host’s active venue',
    source: 'VENUE_ACTIONS.readOverrides [admin, owner]; tests/bookings-access.test.ts',
    expect: VENUE_OWNER_ADMIN,
    prepare: async () => ({ path: `/api/venues/${w.venue.id}/overrides` }),
  },
  {
    route: 'GET /api/venues/:id/overrides',
    subject: 'the host’s pending venue',
    source: 'VENUE_ACTIONS.readOverrides; tests/bookings-access.test.ts',
    expect: INACTIVE_OWNER_ADMIN,
    prepare: async () => ({ path: `/api/venues/${w.inactive.id}/overrides` }),
  },
  {
    route: 'POST /api/venues/:id/overrides',
    source: 'VENUE_ACTIONS.manageAvailability [owner]',
    expect: [401, 403, 403, 201, 403, 403],
    prepare: async () => {
      const v = await freshVenue();
      return {
        path: `/api/venues/${v.id}/overrides`,
        json: { date: overrideDate(), price: 99, is_available: false },
        snapshot: overrides(v.id),
      };
    },
  },
  {
    route: 'PATCH /api/venues/:id/overrides/:overrideId',
    source: 'VENUE_ACTIONS.manageAvailability [owner]',
    expect: OWNER_ONLY,
    prepare: async () => {
      const v = await freshVenue();
      const o = await insertOverride(w.env, v, { date: overrideDate(), price: 80 });
      return { path: `/api/venues/${v.id}/overrides/${o.id}`, json: { price: 1 }, snapshot: overrides(v.id) };
    },
  },
  {
    route: 'DELETE /api/venues/:id/overrides/:overrideId',
    source: 'VENUE_ACTIONS.manageAvailability [owner]',
    expect: OWNER_ONLY,
    prepare: async () => {
      const v = await freshVenue();
      const o = await insertOverride(w.env, v, { date: overrideDate(), price: 80 });
      return { path: `/api/venues/${v.id}/overrides/${o.id}`, snapshot: overrides(v.id) };
    },
  },
];
