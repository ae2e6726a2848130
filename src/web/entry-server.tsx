/**
 * Server rendering of the public pages (decision 25). The server's ssr.ts loads the build of
 * this file (dist/server/ssr/entry-server.js) and calls renderPage for a GET of a page: the
 * page's data is read through the API (the server answers in process, with the visitor's
 * cookie), put in a query cache, and the page rendered to HTML with it — by Preact, the runtime
 * the browser hydrates it with (decision 35). The browser hydrates that HTML with the same cache
 * (main.tsx), so the first screen needs no JavaScript to paint.
 * Pages behind a sign-in are not rendered here: they answer the plain shell, as before.
 */
import { dehydrate, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import type { VNode } from 'preact';
import { renderToStringAsync } from 'preact-render-to-string';
import { matchPath } from 'react-router';
import type { Session, Venue, VenueListPage } from '@/domain/contract';
import { createQueryClient } from './lib/queryClient';
import { queryKeys } from './lib/queryKeys';
import { venueListPath, venueListQueryFor } from './features/venues';
import { ServerApp } from './App';
import { TitleSink } from './components/DocumentTitle';

// The server keeps each render's class merges for the browser (ssr.ts, lib/utils.ts).
export { recordMergedClasses } from './lib/utils';

/** How the server answers an API GET in process, as the visitor. */
export type LoadJson = (path: string) => Promise<{ status: number; body: unknown }>;

export interface RenderedPage {
  /** The rendered markup of #root. */
  html: string;
  /** Tags for <head>: title, description, canonical link, Open Graph, the hero image preload. */
  head: string;
  /** The query cache the page was rendered with, for hydration. */
  state: DehydratedState;
  status: number;
  /** The page module (src/web/pages/…), so the server can preload its chunk. */
  page: string;
}

const SITE = 'Velvet';
const DEFAULT_TITLE = 'Velvet — Premium Nightlife Venues';
const DEFAULT_DESCRIPTION =
  'Velvet is the marketplace for premium nightlife venues: discover bars and clubs, book instantly, and list your own venue.';

interface Meta {
  title: string;
  description: string;
  /** Path of the canonical URL (no query string). */
  canonical: string;
  image?: string;
}

interface PublicRoute {
  path: string;
  page: string;
  /** A sign-in page: a signed-in visitor is sent on by the browser (RedirectIfSignedIn). */
  signedOutOnly?: boolean;
  load?: (ctx: {
    params: Record<string, string | undefined>;
    url: URL;
    prefetch: Prefetch;
  }) => Promise<Partial<Meta> & { status?: number }>;
  meta: Omit<Meta, 'canonical'> & { canonical?: string };
}

type Prefetch = <T>(key: QueryKey, path: string, shape?: (body: T) => unknown) => Promise<T | null>;

const home: PublicRoute['load'] = async ({ url, prefetch }) => {
  const query = venueListQueryFor(url.searchParams);
  await Promise.all([
    prefetch<VenueListPage>(queryKeys.venues.list(query), venueListPath(query, undefined), (page) => ({
      pages: [page],
      pageParams: [undefined],
    })),
    prefetch(queryKeys.venues.stats, '/api/venues/stats'),
  ]);
  return { canonical: '/' };
};

/** The public routes rendered on the server (SPEC §2), with their title and description. */
const PUBLIC_ROUTES: PublicRoute[] = [
  {
    path: '/',
    page: 'src/web/pages/HomePage.tsx',
    load: home,
    meta: { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION },
  },
  {
    path: '/browse',
    page: 'src/web/pages/HomePage.tsx',
    load: home,
    meta: { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION },
  },
  {
    path: '/venue/:id',
    page: 'src/web/pages/VenueDetailPage.tsx',
    load: async ({ params, prefetch }) => {
      const id = params.id ?? '';
      const venue = await prefetch<Venue>(queryKeys.venue(id), `/api/venues/${encodeURIComponent(id)}`);
      if (!venue) return { status: 404, title: `Venue not found · ${SITE}` };
      const first = venue.images?.[0];
      const place = `${venue.city} · up to ${venue.capacity} guests`;
      return {
        title: `${venue.name} · ${SITE}`,
        description: clip(venue.description ? `${venue.description} (${place})` : `${venue.name}, ${place}.`),
        // The hero photo's preload (fetchpriority=high, its WebP sizes) is made from the
        // gallery's <img> in the rendered markup (imagePreloads).
        image: first?.full_url,
      };
    },
    meta: { title: `Venue · ${SITE}`, description: DEFAULT_DESCRIPTION },
  },
  {
    path: '/how-it-works',
    page: 'src/web/pages/HowItWorksPage.tsx',
    meta: {
      title: `How It Works · ${SITE}`,
      description:
        'How Velvet works for guests and hosts: find a venue, request a date, pay securely — or list your venue and take bookings.',
    },
  },
  ...['/user-auth', '/auth'].map((path) => ({
    path,
    page: 'src/web/pages/UserAuthPage.tsx',
    signedOutOnly: true,
    meta: {
      // /auth shows the same page: one canonical address for both.
      canonical: '/user-auth',
      title: `Sign In · ${SITE}`,
      description: 'Sign in or create a Velvet account to book premium nightlife venues.',
    },
  })),
  {
    path: '/host-auth',
    page: 'src/web/pages/HostAuthPage.tsx',
    signedOutOnly: true,
    meta: {
      title: `Host Portal · ${SITE}`,
      description: 'Sign in or create a host account to list your venue on Velvet and take bookings.',
    },
  },
];

/** The paths the server renders (App.tsx loads their pages before hydrating: the same list). */
export const publicPaths = () => PUBLIC_ROUTES.map((r) => r.path);

const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
};

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function headTags(meta: Meta, origin: string): string {
  const url = origin + meta.canonical;
  const abs = (p: string) => (p.startsWith('http') ? p : origin + p);
  const tags = [
    `<meta name="description" content="${escapeAttr(meta.description)}" />`,
    `<link rel="canonical" href="${escapeAttr(url)}" />`,
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeAttr(abs(meta.image))}" />`);
  return tags.join('\n    ');
}

/** An attribute of a rendered tag; names are case-insensitive (Preact writes `fetchPriority`). */
const attrOf = (tag: string, name: string) => {
  const m = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag);
  return m ? m[1] : undefined;
};

/**
 * The preloads of the images the rendered page shows first, as React 19 made them: every image
 * not loaded lazily (at most 10, besides the high-priority ones), high priority first in the
 * order of the page; the hero photo of a venue keeps its sizes and fetchpriority=high.
 * The markup is Preact's own output, whose attribute values are already escaped.
 */
export function imagePreloads(markup: string): string[] {
  const high: string[] = [];
  const other: string[] = [];
  const seen = new Set<string>();
  for (const [tag] of markup.matchAll(/<img\b[^>]*>/g)) {
    if (attrOf(tag, 'loading') === 'lazy') continue;
    const priority = attrOf(tag, 'fetchpriority');
    if (priority === 'low') continue;
    const src = attrOf(tag, 'src');
    const srcSet = attrOf(tag, 'srcset');
    if (!src && !srcSet) continue;
    const sizes = attrOf(tag, 'sizes');
    const key = srcSet ? `${srcSet}\n${sizes ?? ''}` : (src ?? '');
    if (seen.has(key)) continue;
    seen.add(key);
    const link = srcSet
      ? `<link rel="preload" as="image" imagesrcset="${srcSet}"${sizes ? ` imagesizes="${sizes}"` : ''}`
      : `<link rel="preload" as="image" href="${src}"`;
    if (priority === 'high') high.push(`${link} fetchpriority="high" />`);
    else if (other.length + high.length < 10) other.push(`${link} />`);
  }
  return [...high, ...other];
}

/** The page module of every other route (rendered by the browser), so the server preloads it. */
const CLIENT_PAGES: Array<[path: string, page: string]> = [
  ['/list-venue', 'ListVenuePage'],
  ['/email-confirmation', 'EmailConfirmationPage'],
  ['/confirm-email', 'ConfirmEmailPage'],
  ['/payment-success', 'PaymentSuccessPage'],
  ['/user-dashboard', 'UserDashboardPage'],
  ['/host-dashboard', 'HostDashboardPage'],
  ['/upload-venue', 'UploadVenuePage'],
  ['/venue-management/:id', 'VenueManagementPage'],
  ['/admin-dashboard', 'AdminDashboardPage'],
  ['/edit-venue/:id', 'EditVenuePage'],
  ['/edit-booking/:id', 'EditBookingPage'],
  ['/review/:bookingId', 'ReviewPage'],
];

/**
 * The page module (src/web/pages/…) a path shows, or null for an unknown path: the server
 * preloads its scripts with the entry, so the browser does not wait for the entry to ask.
 */
export function pageModule(pathname: string): string | null {
  for (const r of PUBLIC_ROUTES) if (matchPath(r.path, pathname)) return r.page;
  for (const [path, page] of CLIENT_PAGES) if (matchPath(path, pathname)) return `src/web/pages/${page}.tsx`;
  return null;
}

/**
 * The query cache a page the browser renders starts with: the visitor's session, so a guarded
 * page does not wait for the entry script to ask who is signed in before loading itself.
 */
export async function shellState(loadJson: LoadJson): Promise<DehydratedState> {
  const queryClient = createQueryClient();
  const { status, body } = await loadJson('/api/session');
  const session = status === 200 ? (body as Session | null) : null;
  queryClient.setQueryData(queryKeys.session, {
    user: session?.user ?? null,
    profile: session?.profile ?? null,
  });
  const state = dehydrate(queryClient);
  queryClient.clear();
  return state;
}

/**
 * Renders `url` when it is one of the public pages; null for every other route (the browser
 * renders those). `origin` is the site's public URL, for canonical and Open Graph links.
 */
export async function renderPage(url: URL, origin: string, loadJson: LoadJson): Promise<RenderedPage | null> {
  let route: PublicRoute | undefined;
  let params: Record<string, string | undefined> = {};
  for (const r of PUBLIC_ROUTES) {
    const match = matchPath(r.path, url.pathname);
    if (match) {
      route = r;
      params = match.params;
      break;
    }
  }
  if (!route) return null;

  const queryClient = createQueryClient();
  const prefetch: Prefetch = async <T,>(key: QueryKey, path: string, shape?: (body: T) => unknown) => {
    const { status, body } = await loadJson(path);
    if (status !== 200) return null;
    queryClient.setQueryData(key, shape ? shape(body as T) : body);
    return body as T;
  };

  const [session, loaded] = await Promise.all([
    prefetch<Session>(queryKeys.session, '/api/session', (s) => ({
      user: s?.user ?? null,
      profile: s?.profile ?? null,
    })),
    route.load ? route.load({ params, url, prefetch }) : Promise.resolve({} as Partial<Meta>),
  ]);
  // A failed session read renders as signed out, like the browser does (AuthProvider).
  if (!session) queryClient.setQueryData(queryKeys.session, { user: null, profile: null });
  // Nothing to render for a signed-in visitor on a sign-in page: the browser sends them on.
  if (route.signedOutOnly && session?.user) return null;

  const { status = 200, ...metaOverrides } = loaded as Partial<Meta> & { status?: number };
  const meta: Meta = { canonical: url.pathname, ...route.meta, ...metaOverrides };

  // The whole page at once, lazy pages and all (the async renderer waits for them): nothing is
  // streamed, so no inline script completes a boundary (the Content-Security-Policy forbids them).
  const sink: { title?: string } = {};
  const markup = await renderToStringAsync(
    (
      <TitleSink.Provider value={sink}>
        <ServerApp queryClient={queryClient} location={url.pathname + url.search} />
      </TitleSink.Provider>
    ) as unknown as VNode,
  );
  const state = dehydrate(queryClient);
  queryClient.clear();
  return {
    html: markup,
    head: [
      `<title>${escapeAttr(sink.title ?? meta.title)}</title>`,
      headTags(meta, origin),
      ...imagePreloads(markup),
    ].join('\n    '),
    state,
    status,
    page: route.page,
  };
}
