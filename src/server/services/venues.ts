/**
 * Venues: create (pending approval), read (public / owner / admin views), edit, admin
 * approval and deletion, host and admin lists, and the public search list (filtered,
 * counted and paged in SQL, with a small cache invalidated by the change feed).
 */
import { gzipSync } from 'node:zlib';
import { and, asc, count, eq, gt, gte, ilike, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { findPriceBand, type NormalizedVenueFilters, type VenueListQuery } from '@/domain/filters';
import { weekDayOf } from '@/domain/calendar';
import type { VenueDecision, VenueInput, VenueUpdate } from '@/domain/schemas';
import type { AppContext, Viewer } from '../context';
import type { DbOrTx, Tx } from '../db/client';
import { bookings, profiles, venueAvailability, venueReviews, venues, type Profile } from '../db/schema';
import { AppError, OVERLAP_MESSAGE, conflict, forbidden, invalid, notFound } from '@/domain/errors';
import { sqlState } from '../db/errors';
import { CARD_SIZE, cardKey, fullKey } from '../images/pipeline';
import { enqueueEmail } from '../mail/outbox';
import {
  venueApprovedEmail,
  venueRejectedEmail,
  venueSubmittedAdminEmail,
  venueSubmittedHostEmail,
} from '../mail/venue-emails';
import { bookingInstants } from './availability';
import { lockVenueConfirmations } from './bookings';

export const VENUE_NOT_FOUND = 'Venue not found';
export const EDIT_OWN_VENUES_ONLY = 'Access Denied: You can only edit your own venues.';

/* ---------- columns: explicit whitelists, never select-then-delete ---------- */

/** Columns anyone may read about an active venue. */
const publicColumns = {
  id: venues.id,
  host_id: venues.host_id,
  name: venues.name,
  description: venues.description,
  address: venues.address,
  city: venues.city,
  capacity: venues.capacity,
  base_price: venues.base_price,
  pricing_type: venues.pricing_type,
  amenities: venues.amenities,
  images: venues.images,
  is_active: venues.is_active,
  hours: venues.hours,
  open_to_flexible_hours: venues.open_to_flexible_hours,
  time_zone: venues.time_zone,
  business_name: venues.business_name,
  phone: venues.phone,
  email: venues.email,
  created_at: venues.created_at,
  updated_at: venues.updated_at,
};

/** Columns only the owner and the admin read: payout details, tax id, the admin's review notes. */
const privateColumns = {
  bank_account_holder_name: venues.bank_account_holder_name,
  bank_account_number: venues.bank_account_number,
  bank_routing_number: venues.bank_routing_number,
  tax_id: venues.tax_id,
  review_notes: venues.review_notes,
  reviewed_at: venues.reviewed_at,
};

export const fullColumns = { ...publicColumns, ...privateColumns };

/** The list card: only what a card shows. */
const cardColumns = {
  id: venues.id,
  name: venues.name,
  city: venues.city,
  address: venues.address,
  capacity: venues.capacity,
  base_price: venues.base_price,
  pricing_type: venues.pricing_type,
  open_to_flexible_hours: venues.open_to_flexible_hours,
  created_at: venues.created_at,
  first_image: sql<string | null>`${venues.images}[1]`,
  // Full precision (microseconds, UTC) for the keyset cursor; a JS Date would lose it.
  cursor_at: sql<string>`to_char(${venues.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

type PublicRow = { [K in keyof typeof publicColumns]: (typeof venues.$inferSelect)[K] };
type FullRow = { [K in keyof typeof fullColumns]: (typeof venues.$inferSelect)[K] };

export interface VenueImage {
  path: string;
  url: string;
  card_url: string;
  full_url: string;
}

export type PublicVenue = Omit<PublicRow, 'images'> & { images: VenueImage[] };
export type FullVenue = Omit<FullRow, 'images'> & { images: VenueImage[] };
export type AdminVenue = FullVenue & {
  host: { full_name: string | null; email: string; business_name: string | null };
};

export interface VenueCard {
  id: string;
  name: string;
  city: string;
  address: string;
  capacity: number;
  base_price: number;
  pricing_type: 'hourly_rate' | 'minimum_spend';
  open_to_flexible_hours: boolean;
  created_at: Date;
  image: { url: string; width: number; height: number } | null;
}

export interface VenueListPage {
  venues: VenueCard[];
  total_count: number;
  all_count: number;
  next_cursor: string | null;
}

export const mediaUrl = (key: string) => `/media/${key}`;

export function imageView(key: string): VenueImage {
  return {
    path: key,
    url: mediaUrl(key),
    card_url: mediaUrl(cardKey(key)),
    full_url: mediaUrl(fullKey(key)),
  };
}

export function withImages<T extends { images: string[] }>(
  row: T,
): Omit<T, 'images'> & { images: VenueImage[] } {
  return { ...row, images: row.images.map(imageView) };
}

/** Whether the viewer may read the private columns and the inactive state of a venue. */
export function canManage(viewer: Viewer | null, venue: { host_id: string }): boolean {
  if (!viewer) return false;
  return (
    viewer.profile.role === 'admin' || (viewer.profile.role === 'host' && viewer.profile.id === venue.host_id)
  );
}

/* ---------- the list cache ---------- */

/**
 * How long a list page may be reused without a change event. Venue changes (any server)
 * arrive through the change feed at once; date overrides (venue_availability) have no
 * trigger of their own, so for lists with a date filter this bounds how stale they can be
 * unless the writer calls invalidateVenueList or touches the venue row.
 */
const LIST_TTL_MS = 60_000;
const LIST_CACHE_MAX_ENTRIES = 2_000;

/**
 * Public list pages as ready JSON, keyed by the normalized query. Every venue change event
 * (from any app server, through the database's change feed) that touches an active venue
 * empties it; writes made here empty it at once too. A page computed while a change landed
 * is not stored (generation check); concurrent misses for one key share one query.
 */
export class VenueListCache {
  private readonly entries = new Map<string, { value: unknown; expires: number }>();
  private readonly inflight = new Map<string, Promise<unknown>>();
  private generation = 0;
  enabled = true;
  hits = 0;
  misses = 0;

  constructor(private readonly clock: () => number = Date.now) {}

  clear() {
    this.generation++;
    this.entries.clear();
    this.inflight.clear();
  }

  get size() {
    return this.entries.size;
  }

  async get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.clock()) {
      this.hits++;
      return hit.value as T;
    }
    if (hit) this.entries.delete(key);
    const pending = this.inflight.get(key);
    if (pending) return pending as Promise<T>;
    this.misses++;
    const generation = this.generation;
    const promise: Promise<T> = load().then(
      (value) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        if (generation === this.generation) {
          if (this.entries.size >= LIST_CACHE_MAX_ENTRIES) {
            const oldest = this.entries.keys().next().value;
            if (oldest !== undefined) this.entries.delete(oldest);
          }
          this.entries.set(key, { value, expires: this.clock() + ttlMs });
        }
        return value;
      },
      (err: unknown) => {
        if (this.inflight.get(key) === promise) this.inflight.delete(key);
        throw err;
      },
    );
    this.inflight.set(key, promise);
    return promise;
  }
}

const listCaches = new WeakMap<AppContext, VenueListCache>();

/** The context's list cache, subscribed to the change feed on first use. */
export function venueListCache(ctx: AppContext): VenueListCache {
  let cache = listCaches.get(ctx);
  if (!cache) {
    const created = new VenueListCache();
    ctx.changes.subscribe((event) => {
      if (event.entity === 'venue' && (event.is_active || event.was_active)) created.clear();
    });
    listCaches.set(ctx, created);
    cache = created;
  }
  return cache;
}

/** Drops cached list pages now (after a local write; other servers hear it from the change feed). */
export function invalidateVenueList(ctx: AppContext): void {
  listCaches.get(ctx)?.clear();
}

/* ---------- the public list ---------- */

/**
 * Newest first, in the order of the indexes (created_at DESC NULLS LAST, id DESC NULLS LAST):
 * a plain DESC means NULLS FIRST, which the planner cannot serve from those indexes.
 */
const NEWEST_FIRST = [sql`${venues.created_at} desc nulls last`, sql`${venues.id} desc nulls last`];

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The SQL form of the domain's venueMatches (plus the date filter), on active venues. */
export function filterConditions(f: NormalizedVenueFilters): SQL[] {
  const conditions: SQL[] = [];
  if (f.location) {
    const pattern = `%${escapeLike(f.location)}%`;
    conditions.push(or(ilike(venues.city, pattern), ilike(venues.address, pattern))!);
  }
  if (f.guests !== undefined) conditions.push(gte(venues.capacity, f.guests));
  if (f.pricingType) conditions.push(eq(venues.pricing_type, f.pricingType));
  if (f.pricing) {
    const band = findPriceBand(f.pricing);
    if (band?.min != null) conditions.push(gt(venues.base_price, band.min));
    if (band?.max != null) conditions.push(lte(venues.base_price, band.max));
  }
  if (f.date) {
    // Open that day: a date override decides when there is one; else the weekday must not be closed.
    const day = weekDayOf(f.date);
    conditions.push(sql`(case when ${venueAvailability.id} is not null then ${venueAvailability.is_available}
      else coalesce(${venues.hours} -> ${day}::text ->> 'closed', 'false') <> 'true' end)`);
  }
  return conditions;
}

const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const badCursor = () => invalid('Invalid cursor.', 'cursor');
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw badCursor();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(value) || value.length !== 2) throw badCursor();
  const [createdAt, id] = value as unknown[];
  if (typeof createdAt !== 'string' || !CURSOR_TIME.test(createdAt) || Number.isNaN(Date.parse(createdAt))) {
    throw badCursor();
  }
  if (typeof id !== 'string' || !UUID.test(id)) throw badCursor();
  return { createdAt, id };
}

/** Memoizes a value by key (the list cache passes itself; without it every value is computed). */
export type Memo = <T>(key: string, ttlMs: number, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, _ttl, load) => load();

const filterKey = (f: NormalizedVenueFilters) =>
  JSON.stringify([
    f.location ?? null,
    f.date ?? null,
    f.guests ?? null,
    f.pricingType ?? null,
    f.pricing ?? null,
  ]);

/**
 * One page of active venues matching the filters, newest first, with the counts. The page
 * walks venues_active_created_idx from the cursor; the filtered count puts the filters in
 * WHERE (so the trigram and partial indexes apply); the count of all active venues is a
 * count of that partial index. Counts do not depend on the page, so pages share them.
 */
export async function listVenues(
  ctx: AppContext,
  query: VenueListQuery,
  memo: Memo = noMemo,
): Promise<VenueListPage> {
  const { cursor, limit, ...filters } = query;
  const after = cursor ? decodeCursor(cursor) : null;
  const conditions = filterConditions(filters);
  const overrideJoin = filters.date
    ? and(eq(venueAvailability.venue_id, venues.id), eq(venueAvailability.date, filters.date))!
    : undefined;

  let pageQuery = ctx.db.select(cardColumns).from(venues).$dynamic();
  if (overrideJoin) pageQuery = pageQuery.leftJoin(venueAvailability, overrideJoin);
  const keyset = after
    ? sql`(${venues.created_at}, ${venues.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : undefined;

  const countActive = async (where: SQL[]) => {
    let q = ctx.db.select({ n: count() }).from(venues).$dynamic();
    if (overrideJoin && where.length) q = q.leftJoin(venueAvailability, overrideJoin);
    const [row] = await q.where(and(eq(venues.is_active, true), ...where));
    return row?.n ?? 0;
  };

  const [rows, total, all] = await Promise.all([
    pageQuery
      .where(and(eq(venues.is_active, true), ...conditions, keyset))
      .orderBy(...NEWEST_FIRST)
      .limit(limit + 1),
    conditions.length
      ? memo(`total:${filterKey(filters)}`, LIST_TTL_MS, () => countActive(conditions))
      : undefined,
    memo('all', LIST_TTL_MS, () => countActive([])),
  ]);

  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    venues: page.map(({ first_image, cursor_at: _cursor, ...card }) => ({
      ...card,
      image: first_image ? { url: mediaUrl(cardKey(first_image)), ...CARD_SIZE } : null,
    })),
    total_count: total ?? all,
    all_count: all,
    next_cursor: more && last ? encodeCursor(last.cursor_at, last.id) : null,
  };
}

/** A list page ready to send: its JSON, and that JSON gzipped (made once, on first use). */
export class ListPageJson {
  private gzipped: Uint8Array<ArrayBuffer> | undefined;
  readonly byteLength: number;
  constructor(readonly json: string) {
    this.byteLength = Buffer.byteLength(json);
  }
  gzip(): Uint8Array<ArrayBuffer> {
    this.gzipped ??= new Uint8Array(gzipSync(this.json));
    return this.gzipped;
  }
}

/** The list page, from the cache when possible (the counts are cached on their own too). */
export function listVenuesJson(ctx: AppContext, query: VenueListQuery): Promise<ListPageJson> {
  const cache = venueListCache(ctx);
  const key = `page:${filterKey(query)}:${query.cursor ?? ''}:${query.limit}`;
  const memo: Memo = (k, t, load) => cache.get(k, t, load);
  return cache.get(
    key,
    LIST_TTL_MS,
    async () => new ListPageJson(JSON.stringify(await listVenues(ctx, query, memo))),
  );
}

/* ---------- reading one venue ---------- */

/** A venue by id: public columns for anyone (active only), every column for its owner and the admin. */
export async function getVenue(
  ctx: AppContext,
  viewer: Viewer | null,
  id: string,
): Promise<PublicVenue | FullVenue> {
  const role = viewer?.profile.role;
  if (viewer && (role === 'admin' || role === 'host')) {
    const own =
      role === 'admin' ? eq(venues.id, id) : and(eq(venues.id, id), eq(venues.host_id, viewer.profile.id));
    const [row] = await ctx.db.select(fullColumns).from(venues).where(own);
    if (row) return withImages(row);
  }
  const [row] = await ctx.db
    .select(publicColumns)
    .from(venues)
    .where(and(eq(venues.id, id), eq(venues.is_active, true)));
  if (!row) throw notFound(VENUE_NOT_FOUND);
  return withImages(row);
}

/** The host's own venues, every status, newest first (owner view). */
export async function listHostVenues(ctx: AppContext, viewer: Viewer): Promise<FullVenue[]> {
  const rows = await ctx.db
    .select(fullColumns)
    .from(venues)
    .where(eq(venues.host_id, viewer.profile.id))
    .orderBy(...NEWEST_FIRST);
  return rows.map(withImages);
}

/* ---------- writing ---------- */

/**
 * Loads a venue for a change by its owner or the admin, locking the row (in a transaction):
 * 404 when there is no such venue, 403 for anyone else.
 */
export async function loadForEdit(
  tx: DbOrTx,
  viewer: Viewer,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<FullRow> {
  const query = tx.select(fullColumns).from(venues).where(eq(venues.id, id));
  const [row] = opts.lock === false ? await query : await query.for('update');
  if (!row) throw notFound(VENUE_NOT_FOUND);
  if (!canManage(viewer, row)) throw forbidden(EDIT_OWN_VENUES_ONLY);
  return row;
}

/** Add New Venue: created inactive (pending approval); 'venue submitted' goes to the host and the admin. */
export async function createVenue(ctx: AppContext, viewer: Viewer, input: VenueInput): Promise<FullVenue> {
  if (viewer.profile.role !== 'host') throw forbidden('Only hosts can do that.');
  const { terms_accepted: _terms, time_zone, ...fields } = input;
  const venue = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(venues)
      .values({
        ...fields,
        host_id: viewer.profile.id,
        time_zone: time_zone ?? ctx.config.DEFAULT_TIME_ZONE,
        images: [],
        is_active: false,
      })
      .returning(fullColumns);
    const created = row!;
    await enqueueEmail(
      tx,
      'venue_submitted',
      viewer.profile.email,
      venueSubmittedHostEmail({
        venue: created,
        hostName: viewer.profile.full_name,
        publicUrl: ctx.config.PUBLIC_URL,
      }),
    );
    await enqueueEmail(
      tx,
      'venue_submitted_admin',
      ctx.config.ADMIN_EMAIL,
      venueSubmittedAdminEmail({ venue: created, host: viewer.profile, publicUrl: ctx.config.PUBLIC_URL }),
    );
    return created;
  });
  return withImages(venue);
}

/**
 * A new time zone for a venue: its bookings (all but cancelled ones) keep their date and
 * wall-clock times, and their starts_at/ends_at are recomputed in the new zone by the rule of
 * a booking request (bookingInstants), so the no-overlap constraint keeps comparing the real
 * instants. Two confirmed bookings that would overlap in the new zone raise 23P01; times that
 * do not exist there (a skipped hour) are refused. Runs in the venue's transaction, with the
 * venue row locked (new requests wait for it) and the venue's confirmations taking their turn.
 */
async function moveBookingsToZone(tx: Tx, venueId: string, timeZone: string): Promise<void> {
  await lockVenueConfirmations(tx, venueId);
  // Locked, so an edit in flight either lands first (and is moved here) or fails its
  // compare-and-swap on the updated_at set below.
  const rows = await tx
    .select({
      id: bookings.id,
      date: bookings.date,
      start_time: bookings.start_time,
      end_time: bookings.end_time,
      status: bookings.status,
      starts_at: bookings.starts_at,
      ends_at: bookings.ends_at,
    })
    .from(bookings)
    .where(and(eq(bookings.venue_id, venueId), ne(bookings.status, 'cancelled')))
    .orderBy(asc(bookings.id))
    .for('update');

  const moved: Array<{ id: string; starts_at: string; ends_at: string }> = [];
  for (const b of rows) {
    let instants: { starts_at: Date; ends_at: Date };
    try {
      instants = bookingInstants(b.date, b.start_time, b.end_time, timeZone);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      throw invalid(
        `The booking on ${b.date} from ${b.start_time} to ${b.end_time} does not exist in ${timeZone} because of the daylight saving time change. Change or cancel that booking first.`,
        'time_zone',
      );
    }
    if (
      instants.starts_at.getTime() === b.starts_at.getTime() &&
      instants.ends_at.getTime() === b.ends_at.getTime()
    ) {
      continue;
    }
    moved.push({
      id: b.id,
      starts_at: instants.starts_at.toISOString(),
      ends_at: instants.ends_at.toISOString(),
    });
  }
  if (moved.length === 0) return;

  // The exclusion constraint is checked row by row, so moving confirmed bookings one by one could
  // meet another booking's old place (a night moved onto the night before) although the end state
  // is fine. First park the confirmed ones that move on distinct microseconds of 1970 (no booking
  // is there; the constraint is per venue), then write every final place: only a true overlap of
  // the new places can fail then. Nothing of this is visible outside the transaction.
  const movedIds = new Set(moved.map((m) => m.id));
  const parked = rows.filter((b) => b.status === 'confirmed' && movedIds.has(b.id)).map((b) => b.id);
  if (parked.length > 0) {
    await tx.execute(sql`
      update ${bookings}
      set starts_at = timestamptz 'epoch' + (parked.n * 2) * interval '1 microsecond',
          ends_at = timestamptz 'epoch' + (parked.n * 2 + 1) * interval '1 microsecond'
      from jsonb_array_elements_text(${JSON.stringify(parked)}::jsonb) with ordinality as parked(id, n)
      where ${bookings.id} = parked.id::uuid`);
  }
  // updated_at moves: the instants changed, and a compare-and-swap computed in the old zone must fail.
  await tx.execute(sql`
    update ${bookings}
    set starts_at = moved.starts_at, ends_at = moved.ends_at, updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb) as moved(id uuid, starts_at timestamptz, ends_at timestamptz)
    where ${bookings.id} = moved.id`);
}

/**
 * Edit venue: the owner or the admin; is_active is honoured for the admin only. A new time zone
 * moves the instants of the venue's bookings in the same transaction (moveBookingsToZone): when
 * two confirmed bookings would overlap in the new zone, 409 and nothing is written.
 */
export async function updateVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  patch: VenueUpdate,
): Promise<FullVenue> {
  const { is_active, ...fields } = patch;
  const changes: Partial<typeof venues.$inferInsert> = Object.fromEntries(
    Object.entries(fields).filter(([, v]) => v !== undefined),
  );
  if (viewer.profile.role === 'admin' && is_active !== undefined) changes.is_active = is_active;
  let row: FullRow;
  try {
    row = await ctx.db.transaction(async (tx) => {
      const current = await loadForEdit(tx, viewer, id);
      if (Object.keys(changes).length === 0) return current;
      if (changes.time_zone !== undefined && changes.time_zone !== current.time_zone) {
        await moveBookingsToZone(tx, id, changes.time_zone);
      }
      // The rejection email promises another look after the host's edit: a rejected venue the
      // owner edits goes back to the approval queue (its last reason stays readable).
      const reopen =
        viewer.profile.role === 'host' && !current.is_active && current.reviewed_at !== null
          ? { reviewed_at: null }
          : {};
      const [updated] = await tx
        .update(venues)
        .set({ ...changes, ...reopen, updated_at: ctx.now() })
        .where(eq(venues.id, id))
        .returning(fullColumns);
      return updated!;
    });
  } catch (err) {
    // The whole transaction rolled back: neither the venue nor any booking changed.
    if (sqlState(err) === '23P01') throw conflict(OVERLAP_MESSAGE, 'BOOKING_OVERLAP');
    throw err;
  }
  invalidateVenueList(ctx);
  return withImages(row);
}

async function hostOf(tx: Tx, hostId: string): Promise<Profile> {
  const [host] = await tx.select().from(profiles).where(eq(profiles.id, hostId));
  if (!host) throw notFound('Host not found');
  return host;
}

/** Admin approval (active, optional notes) or rejection (inactive, reason required); emails the host. */
export async function decideVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  decision: VenueDecision,
): Promise<FullVenue> {
  if (viewer.profile.role !== 'admin') throw forbidden('Access denied. Admin privileges required.');
  const notes = decision.notes ?? null;
  if (decision.action === 'reject' && !notes) {
    throw invalid('Please give a reason for the rejection.', 'notes', 'VALIDATION');
  }
  const row = await ctx.db.transaction(async (tx) => {
    const [exists] = await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, id)).for('update');
    if (!exists) throw notFound(VENUE_NOT_FOUND);
    const [updated] = await tx
      .update(venues)
      .set({
        is_active: decision.action === 'approve',
        review_notes: notes,
        reviewed_at: ctx.now(),
        updated_at: ctx.now(),
      })
      .where(eq(venues.id, id))
      .returning(fullColumns);
    const venue = updated!;
    const host = await hostOf(tx, venue.host_id);
    const publicUrl = ctx.config.PUBLIC_URL;
    if (decision.action === 'approve') {
      await enqueueEmail(
        tx,
        'venue_approved',
        host.email,
        venueApprovedEmail({ venue, hostName: host.full_name, notes, publicUrl }),
      );
    } else {
      await enqueueEmail(
        tx,
        'venue_rejected',
        host.email,
        venueRejectedEmail({ venue, hostName: host.full_name, reason: notes!, publicUrl }),
      );
    }
    return venue;
  });
  invalidateVenueList(ctx);
  return withImages(row);
}

/**
 * Admin deletion: the venue's reviews, bookings and date overrides go with it in one
 * transaction; its photos are removed once that transaction has committed.
 */
export async function deleteVenue(
  ctx: AppContext,
  viewer: Viewer,
  id: string,
  reason: string | null,
): Promise<void> {
  if (viewer.profile.role !== 'admin') throw forbidden('Access denied. Admin privileges required.');
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: venues.id, name: venues.name, images: venues.images })
      .from(venues)
      .where(eq(venues.id, id))
      .for('update');
    if (!row) throw notFound(VENUE_NOT_FOUND);
    await tx.delete(venueReviews).where(eq(venueReviews.venue_id, id));
    await tx.delete(bookings).where(eq(bookings.venue_id, id));
    await tx.delete(venueAvailability).where(eq(venueAvailability.venue_id, id));
    await tx.delete(venues).where(eq(venues.id, id));
    return row;
  });
  invalidateVenueList(ctx);
  ctx.log.info({ venueId: id, name: removed.name, reason }, 'venue deleted by the admin');
  try {
    await ctx.storage.deletePrefix(`${id}/`);
  } catch (err) {
    // The rows are gone; leftover files are unreachable (no key refers to them) and only cost space.
    ctx.log.error({ err, venueId: id }, 'could not remove the photos of a deleted venue');
  }
}
