/**
 * Server rendering of the public pages (decision 25): the pages of the manifest
 * (src/domain/pages.ts) marked `ssr`. The server's ssr.ts loads the build of this file
 * (dist/server/ssr/entry-server.js) and calls renderPage for a GET of a page: the page's data is
 * read through the API (the server answers in process, with the visitor's cookie), put in a
 * query cache, and the page rendered to HTML with it by React (react-dom/static's prerender,
 * decision 61). The browser hydrates that HTML with the same cache (main.tsx), so the first
 * screen needs no JavaScript to paint.
 * Of the pages behind a sign-in, the two dashboards (`ssrForViewer`) are rendered here for a
 * viewer their guard lets in, with the data of their first screen (SHELL_DATA, decision 92); the
 * others answer the plain shell with the session (shellState).
 */
import { dehydrate, type DehydratedState, type QueryKey } from '@tanstack/react-query';
import { prerender } from 'react-dom/static';
import { matchPath } from 'react-router';
import type { HostVenueList, Session, Venue, VenueListPage } from '@/domain/contract';
import {
  DEFAULT_DESCRIPTION,
  PAGES,
  SITE_NAME,
  pageTitle,
  type PageEntry,
  type PageModule,
} from '@/domain/pages';
import { createQueryClient } from './lib/queryClient';
import { queryKeys } from './lib/queryKeys';
import { savedVenuesKey, venueListPath, venueListQueryFor } from './features/venues';
import { ServerApp } from './App';
import { pageFile } from './pageModules';

// The server keeps each render's class merges for the browser (ssr.ts, lib/utils.ts).
export { recordMergedClasses } from './lib/utils';

/** How the server answers an API GET in process, as the visitor. */
export type LoadJson = (path: string) => Promise<{ status: number; body: unknown }>;

/** A page the browser renders: the query cache it starts with (the visitor's session). */
export interface ShellAnswer {
  state: DehydratedState;
}

export interface RenderedPage extends ShellAnswer {
  /** The rendered markup of #root. */
  html: string;
  /** Tags for <head>: title, description, canonical link, Open Graph, the hero image preload. */
  head: string;
  status: number;
  /** The page module (src/web/pages/…), so the server can preload its chunk. */
  page: string;
}

interface Meta {
  title: string;
  description: string;
  /** Path of the canonical URL (no query string). */
  canonical: string;
  image?: string;
}

type Prefetch = <T>(key: QueryKey, path: string, shape?: (body: T) => unknown) => Promise<T | null>;

/** What a page's data loader may say about the page besides the data it prefetched. */
type Loaded = Partial<Meta> & { status?: number };

type Load = (ctx: {
  params: Record<string, string | undefined>;
  url: URL;
  prefetch: Prefetch;
}) => Promise<Loaded>;

/** The data each server-rendered page is rendered with, by page module (others need only the session). */
export const PAGE_DATA: Partial<Record<PageModule, Load>> = {
  HomePage: async ({ url, prefetch }) => {
    const query = venueListQueryFor(url.searchParams);
    await Promise.all([
      prefetch<VenueListPage>(queryKeys.venues.list(query), venueListPath(query, undefined), (page) => ({
        pages: [page],
        pageParams: [undefined],
      })),
      prefetch(queryKeys.venues.stats, '/api/venues/stats'),
    ]);
    return {};
  },
  VenueDetailPage: async ({ params, prefetch }) => {
    const id = params.id ?? '';
    const venue = await prefetch<Venue>(queryKeys.venue(id), `/api/venues/${encodeURIComponent(id)}`);
    if (!venue) return { status: 404, title: pageTitle('Venue not found') };
    const first = venue.images?.[0];
    const place = `${venue.city} · up to ${venue.capacity} guests`;
    return {
      title: pageTitle(venue.name),
      description: clip(venue.description ? `${venue.description} (${place})` : `${venue.name}, ${place}.`),
      image: first?.full_url,
    };
  },
};

/** The pages the server renders (SPEC §2). */
const SERVER_RENDERED = (PAGES as readonly PageEntry[]).filter((p) => p.ssr);
/** The signed-in pages the server renders for a viewer their guard lets in (decision 92). */
const RENDERED_FOR_VIEWER = (PAGES as readonly PageEntry[]).filter((p) => p.ssrForViewer);

/** The paths the server renders. */
export const publicPaths = () => SERVER_RENDERED.map((r) => r.path);

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
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}" />`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}" />`,
    `<meta property="og:url" content="${escapeAttr(url)}" />`,
  ];
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeAttr(abs(meta.image))}" />`);
  return tags.join('\n    ');
}

/**
 * The page module (src/web/pages/…) a path shows, or null for an unknown path: the server
 * preloads its scripts with the entry, so the browser does not wait for the entry to ask.
 */
export function pageModule(pathname: string): string | null {
  for (const entry of PAGES as readonly PageEntry[])
    if (entry.path !== '*' && matchPath(entry.path, pathname)) return pageFile(entry.page);
  return null;
}

/**
 * The hoistable tags React writes before the markup of a page rendered without its document
 * (the images' preloads, then <title> and <meta>): they belong in <head>. React escapes `>` in
 * attribute values and `<` in text, so a tag ends at its first `>`.
 */
const PREAMBLE = /^(?:<(?:link|meta)\b[^>]*>|<title>[^<]*<\/title>)*/;

/**
 * The data the first screen of a signed-in page the browser renders is drawn from, by page
 * module: each query's key, the API path its hook fetches, and how the hook's queryFn shapes
 * the answer when it does not keep it as it is. It comes with the page (shellState), so the dashboard draws its first screen as
 * soon as its script runs, without a round trip per query first (decision 85). `url` is the
 * page's address (a dashboard's tab is in it).
 */
type ShellQuery = readonly [key: QueryKey, path: string, shape?: (body: never) => unknown];

export const SHELL_DATA: Partial<Record<PageModule, (url: URL) => ShellQuery[]>> = {
  UserDashboardPage: () => [
    [queryKeys.guest.stats, '/api/me/bookings/stats'],
    [queryKeys.guest.bookings, '/api/me/bookings'],
    [queryKeys.myWaitlist, '/api/me/waitlist'],
    [savedVenuesKey, '/api/me/saved-venues'],
    [queryKeys.messages.unread, '/api/me/messages/unread'],
  ],
  HostDashboardPage: (url) => [
    [queryKeys.host.stats, '/api/host/stats'],
    [queryKeys.host.pendingCount, '/api/host/bookings?status=awaiting&limit=1'],
    [queryKeys.messages.unread, '/api/me/messages/unread'],
    // The first tab (My Venues) is the one shown unless the address names another.
    ...(['', 'venues'].includes(url.searchParams.get('tab') ?? '')
      ? [[queryKeys.host.venues, '/api/host/venues', (body: HostVenueList) => body.venues] as const]
      : []),
  ],
};

/** May `session`'s viewer open `entry`? (The guards of App.tsx decide in the browser.) */
function mayOpen(entry: PageEntry, session: Session | null): boolean {
  const role = session?.profile?.role;
  if (!session?.user || !role) return false;
  return entry.access === 'signedIn' || (Array.isArray(entry.access) && entry.access.includes(role));
}

/**
 * The query cache a page the browser renders starts with: the visitor's session, so a guarded
 * page does not wait for the entry script to ask who is signed in before loading itself; and,
 * for a page of SHELL_DATA its viewer may open, the data of its first screen. A query the API
 * refuses is left out (the page asks for it itself, and shows its error).
 */
export async function shellState(loadJson: LoadJson, url?: URL): Promise<DehydratedState> {
  const { status, body } = await loadJson('/api/session');
  return shellStateFor(status === 200 ? (body as Session | null) : null, loadJson, url);
}

/** shellState for a session already read. */
async function shellStateFor(
  session: Session | null,
  loadJson: LoadJson,
  url?: URL,
): Promise<DehydratedState> {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.session, {
    user: session?.user ?? null,
    profile: session?.profile ?? null,
  });
  const entry =
    url && (PAGES as readonly PageEntry[]).find((p) => p.path !== '*' && matchPath(p.path, url.pathname));
  const data = entry && mayOpen(entry, session) ? SHELL_DATA[entry.page as PageModule]?.(url) : undefined;
  if (data) {
    await Promise.all(
      data.map(async ([key, path, shape]) => {
        const answer = await loadJson(path);
        if (answer.status === 200)
          queryClient.setQueryData(key, shape ? shape(answer.body as never) : answer.body);
      }),
    );
  }
  const state = dehydrate(queryClient);
  queryClient.clear();
  return state;
}

/**
 * Renders `url` when it is one of the public pages, or a dashboard its viewer may open; null for
 * every other route (the browser renders those). A page of those two kinds that is not rendered
 * for this viewer (a dashboard its guard refuses, a sign-in page for a signed-in visitor) answers
 * the shell's state from the session it has read, so the server asks for it once.
 * `origin` is the site's public URL, for canonical and Open Graph links.
 */
export async function renderPage(
  url: URL,
  origin: string,
  loadJson: LoadJson,
): Promise<RenderedPage | ShellAnswer | null> {
  let route: PageEntry | undefined;
  let params: Record<string, string | undefined> = {};
  for (const r of [...SERVER_RENDERED, ...RENDERED_FOR_VIEWER]) {
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

  const sessionRead = prefetch<Session>(queryKeys.session, '/api/session', (s) => ({
    user: s?.user ?? null,
    profile: s?.profile ?? null,
  }));
  // A dashboard is rendered only for a viewer its guard lets in, with its first screen's data;
  // for anyone else the browser renders it (and its guard sends them on).
  if (route.ssrForViewer) {
    const viewer = await sessionRead;
    if (!mayOpen(route, viewer)) {
      queryClient.clear();
      return { state: await shellStateFor(viewer, loadJson, url) };
    }
  }
  const shellData = route.ssrForViewer ? (SHELL_DATA[route.page as PageModule]?.(url) ?? []) : [];
  const load = PAGE_DATA[route.page as PageModule];
  const [session, loaded] = await Promise.all([
    sessionRead,
    load ? load({ params, url, prefetch }) : Promise.resolve<Loaded>({}),
    ...shellData.map(([key, path, shape]) => prefetch(key, path, shape as (body: unknown) => unknown)),
  ]);
  // A failed session read renders as signed out, like the browser does (AuthProvider).
  if (!session) queryClient.setQueryData(queryKeys.session, { user: null, profile: null });
  // Nothing to render for a signed-in visitor on a sign-in page: the browser sends them on.
  if (route.access === 'signedOut' && session?.user) {
    queryClient.clear();
    return { state: await shellStateFor(session, loadJson, url) };
  }

  const { status = 200, ...metaOverrides } = loaded;
  const meta: Meta = {
    title: pageTitle(route.title),
    description: route.description ?? DEFAULT_DESCRIPTION,
    canonical: route.canonical ?? url.pathname,
    ...metaOverrides,
  };

  // The whole page at once, lazy pages and all (prerender waits for every Suspense boundary):
  // nothing is streamed, so no inline script completes a boundary (the Content-Security-Policy
  // forbids them).
  const { prelude } = await prerender(
    <ServerApp queryClient={queryClient} location={url.pathname + url.search} />,
    {
      // Every boundary in place in the markup: none moved to the end, for an inline script to reveal.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  const rendered = await new Response(prelude).text();
  const preamble = PREAMBLE.exec(rendered)?.[0] ?? '';
  const state = dehydrate(queryClient);
  queryClient.clear();
  return {
    html: rendered.slice(preamble.length),
    // React's <title> and image preloads (fetchpriority=high first), then the route's meta.
    head: [preamble, headTags(meta, origin)].join('\n    '),
    state,
    status,
    page: pageFile(route.page),
  };
}
