/*
 * Every page of the manifest (src/domain/pages.ts, which the router serves), the viewers that
 * can reach each one (from the page's access), and the URLs that open it (with its tabs and
 * sections). One list, which the page checks walk (e2e/pages.spec.ts: no horizontal scroll from
 * 320 px, axe with 0 violations). URLS must name every
 * page of the manifest (the type checker says so), so a new page cannot be skipped.
 */
import { PAGES, type PageAccess, type PagePath } from '../src/domain/pages';
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

const ADMIN_TABS = [
  'approvals',
  'venues',
  'bookings',
  'transactions',
  'payouts',
  'reviews',
  'audit',
  'operations',
];
const ADMIN_SECTIONS = [
  'outbox',
  'email-test',
  'simple-email-test',
  'fetch-email-test',
  'templates',
  'environment',
  'console',
];

/** The URLs of each page of the manifest. */
const URLS: Record<PagePath, RouteCase['urls']> = {
  '/': () => ['/'],
  '/browse': () => ['/browse'],
  '/venue/:id': ({ venueId }) => [`/venue/${venueId}`],
  '/how-it-works': () => ['/how-it-works'],
  '/list-venue': () => ['/list-venue'],
  '/email-confirmation': () => [
    `/email-confirmation?email=${encodeURIComponent(LONG.signUpEmail)}`,
    '/email-confirmation',
  ],
  // A token that is no user's: the page ends on 'Confirmation Failed'.
  '/confirm-email': () => [
    `/confirm-email?token=00000000-0000-4000-8000-000000000000&email=${encodeURIComponent(LONG.signUpEmail)}`,
    '/confirm-email',
  ],
  '/payment-success': ({ bookingId }) => [
    `/payment-success?booking_id=${bookingId}&payment_intent=pi_${'x'.repeat(60)}`,
    '/payment-success',
  ],
  '/forgot-password': () => ['/forgot-password', '/forgot-password?portal=host'],
  // A token that is no one's: the page says the link cannot be used.
  '/reset-password': () => [
    `/reset-password?token=${'0'.repeat(64)}&email=${encodeURIComponent(LONG.signUpEmail)}`,
    '/reset-password',
  ],
  '/user-auth': () => ['/user-auth'],
  '/auth': () => ['/auth'],
  '/host-auth': () => ['/host-auth'],
  '/user-dashboard': () => ['/user-dashboard'],
  '/host-dashboard': () =>
    ['venues', 'pending', 'approved', 'bookings', 'earnings', 'activity'].map(
      (t) => `/host-dashboard?tab=${t}`,
    ),
  // The guest and the host reach it too, and see 'Access denied. Admin privileges required.'
  '/admin-dashboard': () => [
    ...ADMIN_TABS.map((t) => `/admin-dashboard?tab=${t}`),
    ...ADMIN_SECTIONS.map((s) => `/admin-dashboard?tab=operations&section=${s}`),
  ],
  '/upload-venue': () => ['/upload-venue'],
  '/edit-venue/:id': ({ venueId }) => [`/edit-venue/${venueId}`],
  '/venue-management/:id': ({ venueId }) =>
    ['weekly', 'calendar', 'bookings'].map((t) => `/venue-management/${venueId}?tab=${t}`),
  '/edit-booking/:id': ({ bookingId }) => [`/edit-booking/${bookingId}`],
  // The guest's own booking (not yet past: 'Unable to Review'); the others see the same card.
  '/review/:bookingId': ({ bookingId }) => [`/review/${bookingId}`],
  '/account': () => ['/account'],
  // The confirmed booking (unpaid, the page says there is no receipt yet).
  '/receipt/:bookingId': ({ confirmedBookingId }) => [`/receipt/${confirmedBookingId}`],
  '/terms': () => ['/terms'],
  '/privacy': () => ['/privacy'],
  '/help': () => ['/help'],
  '*': () => ['/no-such-page/at-all'],
};

/** Who reaches a page of the given access (a signed-in visitor of a sign-in page is sent away). */
function viewersOf(access: PageAccess): Viewer[] {
  if (access === 'anyone') return EVERYONE;
  if (access === 'signedOut') return ['signedOut'];
  if (access === 'signedIn') return SIGNED_IN;
  return access.map((role) => (role === 'user' ? 'guest' : role));
}

export const ROUTES: RouteCase[] = PAGES.map((page) => ({
  path: page.path,
  viewers: viewersOf(page.access),
  urls: URLS[page.path],
}));

/** Long unbroken words: what a layout must wrap or truncate (issue 12, item 1). */
export const LONG = {
  word: 'Supercalifragilisticexpialidociousnightclubandlounge'.padEnd(60, 'x'),
  url: `https://www.${'verylongsubdomain'.repeat(4)}.example.com/${'path-segment'.repeat(8)}?q=${'0123456789'.repeat(4)}`,
  email: `${'reservations'.repeat(4)}@${'longestpossibledomain'.repeat(3)}.example`,
  signUpEmail: `${'partyplanner'.repeat(5)}.${Date.now()}@${'anotherlongdomain'.repeat(3)}.example`,
  note: `${'Birthdaycelebrationwithbottleserviceandaprivateboothforeveryone'.repeat(2)} ${'and more '.repeat(40)}`,
};
