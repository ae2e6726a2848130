// The public pages rendered as the server renders them (decision 25): with the data read
// through `loadJson`, the head tags of the route, and the query cache for hydration.
import { describe, expect, it } from 'vitest';
import type { Venue } from '@/domain/contract';
import { venueCard, venueListPage } from './test-fixtures';
import { defaultHours } from '@/domain/hours';
import { PAGES } from '@/domain/pages';
import {
  PAGE_DATA,
  pageModule,
  renderPage,
  shellState,
  type LoadJson,
  type RenderedPage,
} from './entry-server';

const card = (n: number) => venueCard(n);

const list = venueListPage([card(1), card(2)]);

/** The API as the renderer sees it: 200 for the given paths, 404 for the rest; records each read. */
function api(answers: Record<string, unknown>) {
  const asked: string[] = [];
  const load: LoadJson = async (path) => {
    asked.push(path);
    return path in answers ? { status: 200, body: answers[path] } : { status: 404, body: null };
  };
  return { asked, load };
}

const ORIGIN = 'https://velvet.example';

/** The page as the server rendered it; null when it left the page to the browser. */
async function render(url: URL, origin: string, load: LoadJson): Promise<RenderedPage | null> {
  const answer = await renderPage(url, origin, load);
  return answer && 'html' in answer ? answer : null;
}

/** The session in the query cache a page left to the browser starts with. */
async function shellSession(url: URL, load: LoadJson): Promise<unknown> {
  const answer = await renderPage(url, ORIGIN, load);
  expect(answer).not.toBeNull();
  expect(answer).not.toHaveProperty('html');
  return answer!.state.queries.find((q) => q.queryKey[0] === 'session')?.state.data;
}

describe('PAGE_DATA', () => {
  it('loads data only for pages the manifest has the server render', () => {
    const rendered = new Set<string>(PAGES.filter((p) => p.ssr).map((p) => p.page));
    for (const page of Object.keys(PAGE_DATA)) expect(rendered, page).toContain(page);
  });
});

describe('renderPage', () => {
  it('renders the home page with its hero, the first page of venues and the head of the route', async () => {
    const { asked, load } = api({
      '/api/session': { user: null, profile: null },
      '/api/venues?limit=12': list,
      '/api/venues/stats': { active_venues: 2 },
    });
    const page = await render(new URL(`${ORIGIN}/?utm=x`), ORIGIN, load);
    expect(page).not.toBeNull();
    expect(asked.sort()).toEqual(['/api/session', '/api/venues/stats', '/api/venues?limit=12']);
    expect(page!.status).toBe(200);
    expect(page!.html).toContain('Premium Nightlife');
    expect(page!.html).toContain('Club Number 1');
    expect(page!.html).toContain('Club Number 2');
    expect(page!.html).not.toContain('Loading venues');
    // React's <title> and its preloads of the first cards' photos are in the head, with the
    // description, canonical and Open Graph.
    expect(page!.html).not.toContain('<title>');
    expect(page!.head).toContain('<title>Velvet — Premium Nightlife Venues</title>');
    expect(page!.head).toMatch(/<link rel="preload" as="image" href="\/media\/v1\/photo.jpg.card.webp"\/>/);
    expect(page!.head).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    expect(page!.head).toContain('<meta name="description" content="Velvet is the marketplace');
    expect(page!.head).toContain(`<meta property="og:url" content="${ORIGIN}/" />`);
    expect(page!.page).toBe('src/web/pages/HomePage.tsx');
    // The cache the browser hydrates with holds exactly what was rendered.
    const keys = page!.state.queries.map((q) => q.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['session'], ['venues', 'list', {}], ['venues', 'stats']]));
    // Nothing is left for an inline script to complete (the CSP allows none).
    expect(page!.html).not.toContain('<script');
    expect(page!.html).not.toContain('<!--$?-->');
  });

  it('asks the API for the filtered list the URL names', async () => {
    const { asked, load } = api({ '/api/session': { user: null, profile: null } });
    await render(new URL(`${ORIGIN}/?location=Chicago&guests=20&sort=rating`), ORIGIN, load);
    expect(asked).toContain('/api/venues?location=Chicago&guests=20&sort=rating&limit=12');
  });

  it('renders /how-it-works and the sign-in pages with their own titles and descriptions', async () => {
    const { load } = api({ '/api/session': { user: null, profile: null } });
    const how = await render(new URL(`${ORIGIN}/how-it-works`), ORIGIN, load);
    expect(how!.head).toContain('<title>How It Works · Velvet</title>');
    expect(how!.head).toContain(`<link rel="canonical" href="${ORIGIN}/how-it-works" />`);
    const auth = await render(new URL(`${ORIGIN}/user-auth`), ORIGIN, load);
    expect(auth!.head).toContain('<title>Sign In · Velvet</title>');
    expect(auth!.html).toContain('Welcome to Velvet');
    // Submitted before the app takes the forms over, what was typed must not go into a URL.
    const forms = [...auth!.html.matchAll(/<form[^>]*>/g)].map((m) => m[0]);
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) expect(form).toContain('method="post"');
    const alias = await render(new URL(`${ORIGIN}/auth`), ORIGIN, load);
    expect(alias!.head).toContain(`<link rel="canonical" href="${ORIGIN}/user-auth" />`);
    const browse = await render(new URL(`${ORIGIN}/browse?location=Miami`), ORIGIN, load);
    expect(browse!.head).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    const host = await render(new URL(`${ORIGIN}/host-auth`), ORIGIN, load);
    expect(host!.head).toContain('<title>Host Portal · Velvet</title>');
    expect(
      new Set([how, auth, host].map((p) => /name="description" content="([^"]*)"/.exec(p!.head)![1])).size,
    ).toBe(3);
  });

  it("preloads the venue's hero photo in <head>: its WebP sizes, the layout width, fetchpriority=high", async () => {
    const id = '00000000-0000-4000-8000-0000000000a1';
    const image = (n: number) => ({
      path: `${id}/1-${n}-photo.jpg`,
      url: `/media/${id}/1-${n}-photo.jpg`,
      card_url: `/media/${id}/1-${n}-photo.jpg.card.webp`,
      full_url: `/media/${id}/1-${n}-photo.jpg.full.webp`,
    });
    const venue: Venue = {
      id,
      host_id: '00000000-0000-4000-8000-0000000000b1',
      name: 'The Velvet Room',
      description: 'A lounge.',
      address: '1 Wacker Drive',
      city: 'Chicago',
      capacity: 80,
      base_price: 300,
      pricing_type: 'hourly_rate',
      amenities: [],
      images: [image(0), image(1)],
      is_active: true,
      hours: defaultHours(),
      open_to_flexible_hours: false,
      time_zone: 'America/Chicago',
      business_name: null,
      phone: null,
      email: null,
      created_at: '2026-11-01T20:00:00.000Z',
      updated_at: '2026-11-01T20:00:00.000Z',
    };
    const { load } = api({ '/api/session': { user: null, profile: null }, [`/api/venues/${id}`]: venue });
    const page = await render(new URL(`${ORIGIN}/venue/${id}`), ORIGIN, load);
    expect(page!.status).toBe(200);
    const preloads = page!.head.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    // The first photo only (the gallery's large image), not the thumbnails.
    expect(preloads).toHaveLength(1);
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(preloads[0]!)?.[1];
    expect(attr('imagesrcset')).toBe(`${image(0).card_url} 640w, ${image(0).full_url} 1600w`);
    expect(attr('imagesizes')).toMatch(/100vw$/);
    expect(attr('fetchpriority')).toBe('high');
    expect(page!.html).not.toContain('rel="preload"');
  });

  it('answers 404 for a venue the API does not show', async () => {
    const { load } = api({ '/api/session': { user: null, profile: null } });
    const page = await render(new URL(`${ORIGIN}/venue/nope`), ORIGIN, load);
    expect(page!.status).toBe(404);
  });

  it('leaves the sign-in pages of a signed-in visitor to the browser, which sends them on', async () => {
    const session = { user: { id: 'u1', email: 'g@velvet.test' }, profile: { id: 'u1', role: 'user' } };
    const { asked, load } = api({ '/api/session': session });
    expect(await render(new URL(`${ORIGIN}/user-auth`), ORIGIN, load)).toBeNull();
    expect(await render(new URL(`${ORIGIN}/how-it-works`), ORIGIN, load)).not.toBeNull();
    // The shell starts with the session the renderer read: the server asks for it once.
    asked.length = 0;
    expect(await shellSession(new URL(`${ORIGIN}/host-auth`), load)).toEqual(session);
    expect(asked).toEqual(['/api/session']);
  });

  it('leaves pages behind a sign-in to the browser', async () => {
    const { asked, load } = api({});
    for (const path of ['/admin-dashboard', '/venue-management/x', '/upload-venue', '/nowhere']) {
      expect(await render(new URL(ORIGIN + path), ORIGIN, load)).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it("renders a dashboard for the viewer its guard lets in, with its first screen's data (decision 92)", async () => {
    const guest = { user: { id: 'g1', email: 'g@velvet.test' }, profile: { id: 'g1', role: 'user' } };
    const host = { user: { id: 'h1', email: 'h@velvet.test' }, profile: { id: 'h1', role: 'host' } };
    const answers = {
      '/api/me/bookings': { bookings: [] },
      '/api/me/bookings/stats': { total_bookings: 13, total_spent: 2731, confirmed_bookings: 9 },
      '/api/me/waitlist': { entries: [] },
      '/api/me/saved-venues': { venues: [] },
    };
    const asGuest = api({ ...answers, '/api/session': guest });
    const page = await render(new URL(`${ORIGIN}/user-dashboard`), ORIGIN, asGuest.load);
    expect(page?.status).toBe(200);
    expect(page?.head).toContain('<title>My Bookings · Velvet</title>');
    expect(page?.html).toContain('Total Spent');
    expect(page?.html).toContain('$2,731.00');
    expect(asGuest.asked).toEqual(expect.arrayContaining(['/api/session', ...Object.keys(answers)]));
    // Hydrated with the data it was rendered with.
    const keys = page?.state.queries.map((q) => q.queryKey);
    expect(keys).toContainEqual(['me', 'bookings', 'stats']);
    expect(keys).toContainEqual(['session']);

    // A tab whose module loads on intent is left to the browser (its skeleton is rendered): a
    // search field drawn here could be typed into before its module arrives.
    const asHost = api({
      '/api/session': host,
      '/api/host/stats': { total_venues: 7, active_bookings: 21 },
      '/api/host/bookings?status=awaiting&limit=1': { pending_count: 2 },
    });
    const activity = await render(new URL(`${ORIGIN}/host-dashboard?tab=activity`), ORIGIN, asHost.load);
    expect(activity?.html).toContain('Host Dashboard');
    expect(activity?.html).toContain('Active Bookings');
    expect(activity?.html).not.toContain('Search the audit trail');

    // Signed out, or the wrong role: not rendered here (the guard sends them on), and nothing
    // but the session was read.
    for (const session of [null, host]) {
      const other = api({ ...answers, '/api/session': session });
      expect(await shellSession(new URL(`${ORIGIN}/user-dashboard`), other.load)).toEqual({
        user: session?.user ?? null,
        profile: session?.profile ?? null,
      });
      expect(other.asked).toEqual(['/api/session']);
    }
  });
});

describe('the rendered list after hydration', () => {
  it('asks for the first page again, not for a cursor of null, when its cache came through JSON', async () => {
    const { venueListPath } = await import('./features/venues');
    const [firstParam] = JSON.parse(JSON.stringify({ p: [undefined] })).p as [null];
    expect(venueListPath({}, firstParam)).toBe('/api/venues?limit=12');
  });
});

describe('shellState', () => {
  it("carries the visitor's session, and a signed-out one when the read fails", async () => {
    const signedIn = { user: { id: 'u1', email: 'h@velvet.test' }, profile: { id: 'u1', role: 'host' } };
    const state = await shellState(api({ '/api/session': signedIn }).load);
    expect(state.queries.map((q) => [q.queryKey, q.state.data])).toEqual([[['session'], signedIn]]);
    const failed = await shellState(api({}).load);
    expect(failed.queries[0]!.state.data).toEqual({ user: null, profile: null });
  });

  it("carries a dashboard's first screen for a viewer who may open it, and nothing for others", async () => {
    const guest = { user: { id: 'g1', email: 'g@velvet.test' }, profile: { id: 'g1', role: 'user' } };
    const host = { user: { id: 'h1', email: 'h@velvet.test' }, profile: { id: 'h1', role: 'host' } };
    const answers = {
      '/api/me/bookings': { bookings: [] },
      '/api/me/bookings/stats': { total_bookings: 0 },
      '/api/me/waitlist': { entries: [] },
      '/api/me/saved-venues': { venues: [] },
      '/api/host/stats': { total_venues: 2 },
      '/api/host/venues': { venues: [] },
      '/api/host/bookings?status=awaiting&limit=1': { pending_count: 1 },
    };
    const asGuest = api({ ...answers, '/api/session': guest });
    const state = await shellState(asGuest.load, new URL(`${ORIGIN}/user-dashboard`));
    const keys = state.queries.map((q) => q.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([
        ['session'],
        ['me', 'bookings', 'list'],
        ['me', 'bookings', 'stats'],
        ['me', 'waitlist'],
        ['saved-venues'],
      ]),
    );
    // The unread counts were refused (404 here): left for the page to ask.
    expect(keys).not.toContainEqual(['messages', 'unread']);
    expect(asGuest.asked).toContain('/api/me/messages/unread');

    // A guest on the host's dashboard (the guard sends them away): the session only, no reads.
    const wrongRole = api({ ...answers, '/api/session': guest });
    const refused = await shellState(wrongRole.load, new URL(`${ORIGIN}/host-dashboard`));
    expect(refused.queries.map((q) => q.queryKey)).toEqual([['session']]);
    expect(wrongRole.asked).toEqual(['/api/session']);

    // The host's dashboard on another tab than My Venues: no venue list.
    const asHost = api({ ...answers, '/api/session': host });
    const hostState = await shellState(asHost.load, new URL(`${ORIGIN}/host-dashboard`));
    // The venue list as its hook keeps it (the array, not the answer around it).
    expect(hostState.queries.find((q) => q.queryKey[1] === 'venues')?.state.data).toEqual([]);
    asHost.asked.length = 0;
    await shellState(asHost.load, new URL(`${ORIGIN}/host-dashboard?tab=earnings`));
    expect(asHost.asked).toContain('/api/host/stats');
    expect(asHost.asked).not.toContain('/api/host/venues');
  });
});

describe('pageModule', () => {
  it('names the page module of every route, public or not, and null for an unknown path', () => {
    expect(pageModule('/')).toBe('src/web/pages/HomePage.tsx');
    expect(pageModule('/venue/abc')).toBe('src/web/pages/VenueDetailPage.tsx');
    expect(pageModule('/upload-venue')).toBe('src/web/pages/UploadVenuePage.tsx');
    expect(pageModule('/venue-management/abc')).toBe('src/web/pages/VenueManagementPage.tsx');
    expect(pageModule('/review/b1')).toBe('src/web/pages/ReviewPage.tsx');
    expect(pageModule('/nowhere/at/all')).toBeNull();
  });
});
