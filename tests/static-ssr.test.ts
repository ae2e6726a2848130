// The server-rendered public pages (decision 25) as the server assembles them: the renderer's
// markup, head and data put into index.html, its page scripts preloaded, and the plain shell
// whenever there is no renderer, the route is not a public page, or rendering fails.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import type { PageRenderer } from '../src/server/ssr';
import { createTestEnv, type TestEnv } from './support/env';

// As Vite builds it: the entry, its imports' modulepreloads and the stylesheet last in <head>.
const TEMPLATE = `<!doctype html><html><head>
    <meta charset="UTF-8" />
    <!--app-head-->
    <script type="module" crossorigin src="/assets/index-e1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-s1.css">
  </head>
<body><div id="root"><!--app-html--></div><!--app-state--></body></html>`;

let env: TestEnv;
let root: string;
const calls: Array<{ path: string; origin: string; session: unknown }> = [];
let shellStateCalls = 0;

/** Renders /, /venue/:id (404 for "missing") and /boom (throws); null for everything else. */
const renderer: PageRenderer = {
  // A page module for the pages there are; null for a path no page serves (answered 404).
  pageModule: (pathname) =>
    pathname === '/user-dashboard'
      ? 'src/web/pages/UserDashboardPage.tsx'
      : pathname === '/boom' || pathname.startsWith('/venue/')
        ? 'src/web/pages/VenueDetailPage.tsx'
        : null,
  // The page's address comes with it (a dashboard's first screen depends on it, decision 85).
  shellState: async (loadJson, url) => ({
    shellStateCalls: ++shellStateCalls,
    session: (await loadJson('/api/session')).status,
    ...(url?.search ? { search: url.search } : {}),
  }),
  async renderPage(url, origin, loadJson) {
    const session = await loadJson('/api/session');
    calls.push({ path: url.pathname, origin, session });
    if (url.pathname === '/boom') throw new Error('render failed');
    // Read the session, then left the page to the browser (a dashboard its guard refuses).
    if (url.pathname === '/venue/left') return { state: { left: session.status } };
    if (url.pathname === '/venue/missing')
      return {
        html: '<h1>Venue not found</h1>',
        head: '<title>Venue not found</title>',
        state: {},
        status: 404,
        page: 'src/web/pages/VenueDetailPage.tsx',
      };
    if (url.pathname !== '/') return null;
    return {
      html: '<h1 id="hero-heading">Premium Nightlife <span>Venues</span></h1>',
      head:
        '<title>Velvet — Premium Nightlife Venues</title>\n<link rel="canonical" href="https://velvet.example/" />' +
        '\n<link rel="preload" as="image" imageSrcSet="/media/h.card.webp 640w" fetchPriority="high" href="/media/h.webp"/>',
      state: { queries: [{ queryKey: ['venues', 'list', {}], note: '</script><script>alert(1)</script>' }] },
      classes: {
        same: ['flex gap-2'],
        changed: [
          ['px-2 px-4', 'px-4'],
          ['</script>', 'x'],
        ],
      },
      status: 200,
      page: 'src/web/pages/HomePage.tsx',
    };
  },
};

let app: ReturnType<typeof createApp>;
let shellOnly: ReturnType<typeof createApp>;
beforeAll(async () => {
  env = await createTestEnv();
  root = mkdtempSync(path.join(os.tmpdir(), 'velvet-ssr-'));
  mkdirSync(path.join(root, 'assets'));
  mkdirSync(path.join(root, '.vite'));
  writeFileSync(path.join(root, 'index.html'), TEMPLATE);
  writeFileSync(path.join(root, 'assets', 'index-e1.js'), 'export {};');
  writeFileSync(
    path.join(root, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-e1.js',
        imports: ['_react.js', '_main.js'],
        assets: ['assets/inter-latin-wght-normal-Ab1.woff2', 'assets/inter-latin-ext-wght-normal-Cd2.woff2'],
      },
      '_react.js': { file: 'assets/react-r1.js' },
      // As Vite 8 builds it: the stylesheet, and so the rest of its fonts, in a chunk the entry imports.
      '_main.js': {
        file: 'assets/main-m1.js',
        assets: [
          'assets/playfair-display-latin-600-normal-Ef3.woff2',
          'assets/playfair-display-latin-600-normal-Ef3.woff',
          'assets/playfair-display-latin-700-normal-Gh4.woff2',
        ],
      },
      // The home page's own entry (decision 45): the app and the page in one module graph.
      'src/web/boot/HomePage.tsx': {
        file: 'assets/boot-HomePage-b1.js',
        isEntry: true,
        imports: ['_react.js', '_main.js', '_HomePage.js'],
      },
      '_HomePage.js': { file: 'assets/HomePage-h1.js', imports: ['_react.js', '_cards.js'] },
      // A page without an entry of its own: its scripts are preloaded beside index.html's entry.
      'src/web/pages/VenueDetailPage.tsx': { file: 'assets/VenueDetailPage-v1.js', imports: ['_react.js'] },
      '_cards.js': { file: 'assets/cards-c1.js' },
      'src/web/pages/UserDashboardPage.tsx': {
        file: 'assets/UserDashboardPage-u1.js',
        imports: ['_cards.js'],
      },
    }),
  );
  app = createApp(env.ctx, { staticDir: root, renderer });
  shellOnly = createApp(env.ctx, { staticDir: root });
});
afterAll(async () => {
  await env.close();
});

describe('server-rendered public pages', () => {
  it("sends / with its markup, head tags and data, and the page's own entry with every script it imports", async () => {
    const res = await app.request('/', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache, private');
    expect(res.headers.get('vary')).toContain('cookie');
    const html = await res.text();
    expect(html).toContain(
      '<div id="root"><h1 id="hero-heading">Premium Nightlife <span>Venues</span></h1></div>',
    );
    expect(html).toContain('<link rel="canonical" href="https://velvet.example/" />');
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/HomePage-h1.js" />',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/cards-c1.js" />',
    );
    // The page's entry in place of index.html's (decision 45), each script named once.
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/boot-HomePage-b1.js"></script>',
    );
    expect(html).not.toContain('index-e1.js');
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html.match(/href="\/assets\/react-r1.js"/g)).toHaveLength(1);
    expect(html).toContain('href="/assets/main-m1.js"');
    expect(html).not.toContain('<!--app-');
  });

  it("keeps index.html's entry for a rendered page without an entry of its own, and preloads what it lacks", async () => {
    const html = await (await app.request('/venue/missing')).text();
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-e1.js"></script>',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/VenueDetailPage-v1.js" />',
    );
    // Already loaded by the entry: not preloaded twice.
    expect(html.match(/href="\/assets\/react-r1.js"/g)).toHaveLength(1);
  });

  it("puts <head> in the first paint's order: stylesheet, page head, fonts, then the scripts at low priority", async () => {
    const html = await (await app.request('/')).text();
    const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
    // Every tag of <head> that makes a request, in document order.
    const requests = [...head.matchAll(/<(link|script)\b[^>]*>/g)]
      .map((m) => m[0])
      .filter((tag) => /\b(src|href)=/.test(tag) && !tag.includes('rel="canonical"'))
      .map((tag) => {
        const url = /\b(?:src|href)="([^"]+)"/.exec(tag)![1];
        const priority = /fetchpriority="(\w+)"/i.exec(tag)?.[1] ?? 'default';
        return `${url} ${priority}`;
      });
    expect(requests).toEqual([
      '/assets/index-s1.css default',
      '/media/h.webp high',
      '/assets/inter-latin-wght-normal-Ab1.woff2 default',
      '/assets/playfair-display-latin-600-normal-Ef3.woff2 default',
      '/assets/boot-HomePage-b1.js low',
      '/assets/react-r1.js low',
      '/assets/main-m1.js low',
      '/assets/HomePage-h1.js low',
      '/assets/cards-c1.js low',
    ]);
    // One stylesheet, moved, not copied.
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('inlines the data as JSON that cannot close its script element', async () => {
    const html = await (await app.request('/')).text();
    const state = /<script type="application\/json" id="velvet-state">([\s\S]*?)<\/script>/.exec(html);
    const json = state?.[1] ?? '';
    expect(json).not.toBe('');
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({
      queries: [{ queryKey: ['venues', 'list', {}], note: '</script><script>alert(1)</script>' }],
    });
    // The only executable script is the entry: nothing inline for the CSP to refuse.
    expect(html.match(/<script(?![^>]*type="application\/json")[^>]*>/g)).toEqual([
      '<script type="module" fetchpriority="low" crossorigin src="/assets/boot-HomePage-b1.js">',
    ]);
  });

  it("sends the render's class merges beside its data, as JSON that cannot close its element", async () => {
    const html = await (await app.request('/')).text();
    const classes = /<script type="application\/json" id="velvet-classes">([\s\S]*?)<\/script>/.exec(html);
    const json = classes?.[1] ?? '';
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual({
      same: ['flex gap-2'],
      changed: [
        ['px-2 px-4', 'px-4'],
        ['</script>', 'x'],
      ],
    });
    // A page the browser renders has none.
    expect(await (await app.request('/user-dashboard')).text()).not.toContain('velvet-classes');
  });

  it("reads the page's data through the API in process, as the visitor", async () => {
    calls.length = 0;
    await app.request('/');
    expect(calls).toEqual([
      { path: '/', origin: env.ctx.config.PUBLIC_URL, session: { status: 200, body: expect.anything() } },
    ]);
  });

  it("answers with the renderer's status (a venue that does not exist is a 404)", async () => {
    const res = await app.request('/venue/missing');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<h1>Venue not found</h1>');
  });

  it('sends the plain shell with the default title for pages it does not render', async () => {
    const res = await app.request('/user-dashboard');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache, private');
    const html = await res.text();
    expect(html).toContain('<title>Velvet — Premium Nightlife Venues</title>');
    expect(html).toContain('<div id="root"></div>');
    // The session comes with the page, read in process.
    expect(html).toContain('"session":200}</script>');
    expect(await (await app.request('/user-dashboard?tab=x')).text()).toContain(
      '"session":200,"search":"?tab=x"}</script>',
    );
    // Its scripts load alongside the entry, not after it has asked for them.
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/UserDashboardPage-u1.js" />',
    );
    expect(html).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/cards-c1.js" />',
    );
  });

  it('starts the shell with the state the renderer read when it left the page to the browser', async () => {
    const before = shellStateCalls;
    const res = await app.request('/venue/left');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache, private');
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="application/json" id="velvet-state">{"left":200}</script>');
    // The session was read once, by the renderer.
    expect(shellStateCalls).toBe(before);
  });

  it('answers 404 (with the shell, which shows the not-found page) for a path no page serves', async () => {
    const res = await app.request('/no-such-page/at-all');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect((await app.request('/user-dashboard')).status).toBe(200);
  });

  it('falls back to the shell when rendering fails', async () => {
    const res = await app.request('/boom');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<meta name="description"');
  });

  it('sends the shell for every page without a renderer', async () => {
    const html = await (await shellOnly.request('/')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<title>Velvet — Premium Nightlife Venues</title>');
  });

  it('preloads the Latin WOFF2 files of the two fonts of the first paint, on every page', async () => {
    for (const route of ['/', '/user-dashboard']) {
      const html = await (await app.request(route)).text();
      const preloads = [
        ...html.matchAll(/<link rel="preload" as="font" type="font\/woff2" crossorigin href="([^"]+)" \/>/g),
      ];
      expect(preloads.map((m) => m[1])).toEqual([
        '/assets/inter-latin-wght-normal-Ab1.woff2',
        '/assets/playfair-display-latin-600-normal-Ef3.woff2',
      ]);
    }
  });

  it('sends a form posted before the app took it over back to its page, with nothing of what was typed', async () => {
    const body = 'email=guest%40example.com&password=Secret-Passw0rd';
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const res = await app.request('/user-auth?redirect=%2Fuser-dashboard', { method: 'POST', body, headers });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/user-auth?redirect=%2Fuser-dashboard');
    expect(await res.text()).not.toContain('Secret-Passw0rd');
    // Never to another site: a path of several leading slashes is one path on this site.
    const twice = await app.request('//evil.example/user-auth', { method: 'POST', body, headers });
    expect(twice.status).toBe(303);
    expect(twice.headers.get('location')).toBe('/evil.example/user-auth');
    // Files and the API are not pages.
    expect((await app.request('/assets/index-e1.js', { method: 'POST', body, headers })).status).toBe(404);
  });

  it("never serves Vite's manifest or a source map", async () => {
    expect((await app.request('/.vite/manifest.json')).status).toBe(404);
    expect((await app.request('/assets/index-e1.js.map')).status).toBe(404);
    expect((await app.request('/index-e1.js.map')).status).toBe(404);
  });
});
