/**
 * The one forbidden-field check of the authorization matrix (tests/authz-matrix.test.ts): every
 * answer is walked and must hold nothing outside the viewer's right (src/domain/access.ts):
 * - a venue's bank details, tax id and review notes (VENUE_ACTIONS.readPrivate) only for the
 *   venue's own host and the admin;
 * - a booking's contact data (contact_email, contact_phone, the joined guest profile) only for
 *   that booking's guest, the host of its venue and the admin (BOOKING_ACTIONS.readGuestContact).
 * Two ways, so that neither a renamed field nor a value copied under another name slips by:
 * by key (the field names of the schema and the contract) and by value (the sentinel values the
 * matrix writes into the subject rows).
 */
import { expect } from 'vitest';
import { venues } from '../../src/server/db/schema';
import type { Role } from '../factories';
import type { TestEnv } from './env';

/** Venue columns only the venue's host and the admin may read (schema.ts, contract VenuePrivateFields). */
export const isPrivateVenueKey = (key: string) =>
  key.startsWith('bank_') || key.startsWith('tax_id') || key === 'review_notes';

/** Booking columns only its guest, its venue's host and the admin may read. */
export const CONTACT_KEYS = ['contact_email', 'contact_phone'] as const;

/** Values that must not appear in an answer to a viewer without the right to them. */
export interface Secret {
  value: string;
  what: string;
  /** The roles allowed to see it (the admin always is). */
  allowed: readonly Role[];
}

export interface Viewer {
  role: Role;
  /** The viewer's profile id; null when signed out. */
  profileId: string | null;
}

interface Finding {
  path: string;
  why: string;
}

/** Walks a JSON answer and lists the private fields the viewer has no right to. */
function walk(node: unknown, path: string, viewer: Viewer, owners: Map<string, string>, out: Finding[]) {
  if (Array.isArray(node)) {
    node.forEach((item, i) => walk(item, `${path}[${i}]`, viewer, owners, out));
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const o = node as Record<string, unknown>;
  const admin = viewer.role === 'admin';
  const me = viewer.profileId;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  /** The host of the venue this object is or belongs to. */
  const venueHost = () =>
    str(o.host_id) ?? owners.get(str(o.venue_id) ?? '') ?? owners.get(str(o.id) ?? '') ?? undefined;
  /** May the viewer read the contact data of the booking this object is? */
  const mayReadContact = () =>
    admin || (me !== null && (str(o.user_id) === me || owners.get(str(o.venue_id) ?? '') === me));

  for (const [key, value] of Object.entries(o)) {
    if (isPrivateVenueKey(key)) {
      const owner = venueHost();
      if (!admin && !(me !== null && owner === me)) {
        out.push({ path: `${path}.${key}`, why: `venue private field (venue host ${owner ?? 'unknown'})` });
      }
    }
    if ((CONTACT_KEYS as readonly string[]).includes(key) && !mayReadContact()) {
      out.push({
        path: `${path}.${key}`,
        why: `booking contact data (guest ${str(o.user_id) ?? 'unknown'})`,
      });
    }
    if (key === 'guest' && value && typeof value === 'object' && !Array.isArray(value)) {
      const g = value as Record<string, unknown>;
      if (('email' in g || 'phone' in g) && !mayReadContact()) {
        out.push({ path: `${path}.guest`, why: 'the booking guest’s profile (email, phone)' });
      }
    }
    walk(value, `${path}.${key}`, viewer, owners, out);
  }
}

/**
 * Asserts that an answer (JSON or text) holds nothing outside the viewer's right; `where` names
 * the call in the failure message. `valuesOnly` for a document whose keys name fields (the API
 * reference) rather than hold them.
 */
export async function assertNoForbiddenFields(
  env: TestEnv,
  viewer: Viewer,
  body: unknown,
  secrets: readonly Secret[],
  where: string,
  opts: { valuesOnly?: boolean } = {},
) {
  const findings: Finding[] = [];
  if (typeof body === 'object' && body !== null && !opts.valuesOnly) {
    const rows = await env.ctx.db.select({ id: venues.id, host_id: venues.host_id }).from(venues);
    walk(body, '$', viewer, new Map(rows.map((r) => [r.id, r.host_id])), findings);
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body ?? null);
  for (const s of secrets) {
    if (viewer.role !== 'admin' && !s.allowed.includes(viewer.role) && text.includes(s.value)) {
      findings.push({ path: '(anywhere)', why: `${s.what} (${s.value})` });
    }
  }
  expect(findings, `${where}: fields outside the ${viewer.role}'s right`).toEqual([]);
}
