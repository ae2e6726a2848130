/*
 * Every route of the web router (SPEC §2), the viewers that can reach each one, and the URLs
 * that open it (with its tabs and sections). One list, shared by the layout test
 * (e2e/layout.spec.ts: no horizontal scroll at 320 px) and the accessibility test
 * (e2e/a11y.spec.ts: axe, 0 violations). `routerPaths()` reads the paths the router defines in
 * src/web/App.tsx, and both tests fail when a path there has no entry here — a new page cannot
 * be skipped.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Role } from './support';

/** Who opens a page: signed out, or one of the suite's signed-in roles. */
export type Viewer = 'signedOut' | Extract<Role, 'guest' | 'host' | 'admin'>;
export const VIEWERS: Viewer[] = ['signedOut', 'guest', 'host', 'admin'];
const EVERYONE = VIEWERS;
const SIGNED_IN: Viewer[] = ['guest', 'host', 'admin'];

/** The ids the URLs need: made by e2e/seed.ts for each run. */
export interface RouteIds {
  /** An active venue of the demo host (long-word data). */
  venueId: string;
  /** A booking of the demo guest at that venue. */
  bookingId: string;
  /** A booking of the demo guest there that the host approved (payable, cancellable). */
  confirmedBookingId: string;
  /** A booking of the demo guest there that the host modified (waiting for the guest). */
  modifiedBookingId: string;
}

/** Stand-in ids, to count a route's URLs before the data exists (the count never depends on them). */
export const COUNTING_IDS: RouteIds = {
  venueId: 'v',
  bookingId: 'b',
  confirmedBookingId: 'c',
  modifiedBookingId: 'm',
};

export interface RouteCase {
  /** The path exactly as the router spells it ('/' for the index route). */
  path: string;
  /** Who can reach the page (signed-in visitors of sign-in pages are redirected away). */
  viewers: Viewer[];
  /** The URLs to open: the page itself and each of its tabs or sections. */
  urls: (ids: RouteIds) => string[];
}

const ADMIN_TABS = ['approvals', 'venues', 'bookings', 'transactions', 'reviews', 'operations'];
const ADMIN_SECTIONS = [
  'outbox',
  'email-test',
  'simple-email-test',
  'fetch-email-test',
  'templates',
  'environment',
  'console',
];

export const ROUTES: RouteCase[] = [
  { path: '/', viewers: EVERYONE, urls: () => ['/'] },
  { path: '/browse', viewers: EVERYONE, urls: () => ['/browse'] },
  { path: '/venue/:id', viewers: EVERYONE, urls: ({ venueId }) => [`/venue/${venueId}`] },
  { path: '/how-it-works', viewers: EVERYONE, urls: () => ['/how-it-works'] },
  { path: '/list-venue', viewers: EVERYONE, urls: () => ['/list-venue'] },
  {
    path: '/email-confirmation',
    viewers: EVERYONE,
    urls: () => [`/email-confirmation?email=${encodeURIComponent(LONG.signUpEmail)}`, '/email-confirmation'],
  },
  {
    path: '/confirm-email',
    viewers: EVERYONE,
    // A token that is no user's: the page ends on 'Confirmation Failed'.
    urls: () => [
      `/confirm-email?token=00000000-0000-4000-8000-000000000000&email=${encodeURIComponent(LONG.signUpEmail)}`,
      '/confirm-email',
    ],
  },
  {
    path: '/payment-success',
    viewers: EVERYONE,
    urls: ({ bookingId }) => [
      `/payment-success?booking_id=${bookingId}&payment_intent=pi_${'x'.repeat(60)}`,
      '/payment-success',
    ],
  },
  {
    path: '/forgot-password',
    viewers: EVERYONE,
    urls: () => ['/forgot-password', '/forgot-password?portal=host'],
  },
  {
    path: '/reset-password',
    viewers: EVERYONE,
    // A token that is no one's: the page says the link cannot be used.
    urls: () => [
      `/reset-password?token=${'0'.repeat(64)}&email=${encodeURIComponent(LONG.signUpEmail)}`,
      '/reset-password',
    ],
  },
  { path: '/user-auth', viewers: ['signedOut'], urls: () => ['/user-auth'] },
  { path: '/auth', viewers: ['signedOut'], urls: () => ['/auth'] },
  { path: '/host-auth', viewers: ['signedOut'], urls: () => ['/host-auth'] },
  { path: '/user-dashboard', viewers: ['guest'], urls: () => ['/user-dashboard'] },
  {
    path: '/host-dashboard',
    viewers: ['host'],
    urls: () => ['venues', 'pending', 'approved', 'bookings'].map((t) => `/host-dashboard?tab=${t}`),
  },
  {
    path: '/admin-dashboard',
    // The guest and the host reach it too, and see 'Access denied. Admin privileges required.'
    viewers: SIGNED_IN,
    urls: () => [
      ...ADMIN_TABS.map((t) => `/admin-dashboard?tab=${t}`),
      ...ADMIN_SECTIONS.map((s) => `/admin-dashboard?tab=operations&section=${s}`),
    ],
  },
  { path: '/upload-venue', viewers: ['host'], urls: () => ['/upload-venue'] },
  { path: '/edit-venue/:id', viewers: ['host', 'admin'], urls: ({ venueId }) => [`/edit-venue/${venueId}`] },
  {
    path: '/venue-management/:id',
    viewers: ['host', 'admin'],
    urls: ({ venueId }) =>
      ['weekly', 'calendar', 'bookings'].map((t) => `/venue-management/${venueId}?tab=${t}`),
  },
  { path: '/edit-booking/:id', viewers: ['admin'], urls: ({ bookingId }) => [`/edit-booking/${bookingId}`] },
  // The guest's own booking (not yet past: 'Unable to Review'); the others see the same card.
  { path: '/review/:bookingId', viewers: SIGNED_IN, urls: ({ bookingId }) => [`/review/${bookingId}`] },
  { path: '*', viewers: EVERYONE, urls: () => ['/no-such-page/at-all'] },
];

/** Long unbroken words: what a layout must wrap or truncate (issue 12, item 1). */
export const LONG = {
  word: 'Supercalifragilisticexpialidociousnightclubandlounge'.padEnd(60, 'x'),
  url: `https://www.${'verylongsubdomain'.repeat(4)}.example.com/${'path-segment'.repeat(8)}?q=${'0123456789'.repeat(4)}`,
  email: `${'reservations'.repeat(4)}@${'longestpossibledomain'.repeat(3)}.example`,
  signUpEmail: `${'partyplanner'.repeat(5)}.${Date.now()}@${'anotherlongdomain'.repeat(3)}.example`,
  note: `${'Birthdaycelebrationwithbottleserviceandaprivateboothforeveryone'.repeat(2)} ${'and more '.repeat(40)}`,
};

/** The paths src/web/App.tsx gives its <Route>s ('/' for the index route). */
export function routerPaths(): string[] {
  const source = readFileSync(path.join(import.meta.dirname, '..', 'src/web/App.tsx'), 'utf8');
  const paths = [...source.matchAll(/<Route\b[^>]*?\bpath="([^"]+)"/g)].map((m) =>
    m[1] === '*' ? '*' : `/${m[1]!.replace(/^\//, '')}`,
  );
  if (/<Route\b[^>]*\bindex\b/.test(source)) paths.push('/');
  return paths;
}
