import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';
import {
  fontPreloads,
  inProcessJson,
  pageScripts,
  scriptJson,
  type PageRenderer,
  type ShellAnswer,
} from './ssr';

const cacheFor =
  (value: (path: string) => string): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await next();
    if (c.res.ok && c.req.method === 'GET') c.res.headers.set('cache-control', value(c.req.path));
  };

/** Paths that name a file (client routes never end in one of these). */
const FILE_EXTENSION =
  /\.(js|mjs|css|map|json|txt|xml|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|webmanifest|wasm)$/i;

const notFoundFile = (c: Context) =>
  c.text('Not found', 404, { 'cache-control': 'no-store', 'content-type': 'text/plain; charset=UTF-8' });

const DEFAULT_HEAD = `<title>Velvet — Premium Nightlife Venues</title>
    <meta name="description" content="Velvet is the marketplace for premium nightlife venues: discover bars and clubs, request a date the host confirms, and list your own venue." />`;

/** Vite puts the stylesheet last in <head>, after the entry script and its modulepreloads. */
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/**
 * index.html as the server sends it, in the order of the first paint's critical path: the
 * stylesheet (the only render-blocking resource) first, then the page's head (title, meta, the
 * hero image's preload with fetchpriority=high), the font preloads, and only then the scripts —
 * the entry and its imports, then the page's chunks (fillTemplate) — all with fetchpriority=low.
 * The first screen of a public page is in the HTML (decision 25): its scripts only make it
 * interactive, so they must not take the link from the stylesheet, the hero photo and the fonts
 * (decision 36).
 */
export function arrangeTemplate(template: string): string {
  let html = template.replace(
    /<(script type="module"|link rel="modulepreload")(?![^>]*fetchpriority)/g,
    '<$1 fetchpriority="low"',
  );
  const sheets = html.match(STYLESHEET) ?? [];
  if (sheets.length && html.includes('<!--app-head-->')) {
    const links = sheets.map((s) => s.trim()).join('\n    ');
    html = html.replace(STYLESHEET, '').replace('<!--app-head-->', () => `${links}\n    <!--app-head-->`);
  }
  return html;
}

/** index.html's entry script and the modulepreloads of its imports. */
const ENTRY_SCRIPTS = /\s*<(?:script type="module"[^>]*><\/script|link rel="modulepreload"[^>]*)>/g;

/** index.html with the page's head, markup, data and scripts put in its placeholders. */
function fillTemplate(
  template: string,
  parts: {
    head: string;
    html?: string;
    state?: string;
    classes?: string;
    fonts: string[];
    /** The page's own entry script (decision 45), sent in place of the template's and its imports. */
    entry?: string;
    scripts?: string;
  },
) {
  const fonts = parts.fonts.map(
    (href) => `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="${href}" />`,
  );
  const page = parts.entry ? template.replace(ENTRY_SCRIPTS, '') : template;
  return page
    .replace('<!--app-head-->', () => parts.head + fonts.join(''))
    .replace(/\s*<\/head>/, () => `${parts.entry ?? ''}${parts.scripts ?? ''}\n  </head>`)
    .replace('<!--app-html-->', () => parts.html ?? '')
    .replace(
      '<!--app-state-->',
      () =>
        (parts.state ? `<script type="application/json" id="velvet-state">${parts.state}</script>` : '') +
        (parts.classes
          ? `<script type="application/json" id="velvet-classes">${parts.classes}</script>`
          : ''),
    );
}

export interface SpaOptions {
  /** Renders the public pages on the server (ssr.ts); without it every page is the shell. */
  renderer?: PageRenderer | PromiseLike<PageRenderer | null> | null;
  /** The site's public origin, for canonical and Open Graph links. */
  publicUrl?: string;
  onRenderError?: (err: unknown, path: string) => void;
}

/**
 * Serves the built SPA: hashed assets cached for a year, other files for an hour, and
 * index.html (never cached) for every other GET so that client-side routes load on refresh —
 * rendered on the server, with its data, for the public pages (decision 25).
 */
export function serveSpa(app: Hono<AppEnv>, root: string, options: SpaOptions = {}) {
  const { renderer, publicUrl, onRenderError } = options;
  const scriptsOf = pageScripts(path.join(root, '.vite/manifest.json'));
  const fonts = fontPreloads(path.join(root, '.vite/manifest.json'));
  const modulePreloads = (page: string) => {
    const { entry, preloads } = scriptsOf(page);
    return {
      entry: entry && `\n    <script type="module" fetchpriority="low" crossorigin src="${entry}"></script>`,
      scripts: preloads
        .map((href) => `\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="${href}" />`)
        .join(''),
    };
  };
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web build is missing (${indexFile}). Run npm run build.`);
  // Re-read index.html when a new build replaces it, so it never points at deleted assets.
  let index = {
    mtimeMs: statSync(indexFile).mtimeMs,
    html: arrangeTemplate(readFileSync(indexFile, 'utf8')),
  };
  const indexHtml = () => {
    const mtimeMs = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs !== undefined && mtimeMs !== index.mtimeMs)
      index = { mtimeMs, html: arrangeTemplate(readFileSync(indexFile, 'utf8')) };
    return index.html;
  };

  app.use(
    '/assets/*',
    cacheFor(() => 'public, max-age=31536000, immutable'),
    serveStatic({ root }),
  );
  // A missing asset (an old page asking for a file a deploy replaced) is a plain 404: never the
  // app's HTML, which a browser or CDN would otherwise cache as a script for a year.
  app.all('/assets/*', (c) => notFoundFile(c));
  const files = serveStatic({ root });
  // Vite's manifest is for the server (pageScripts), not for visitors.
  app.all('/.vite/*', (c) => notFoundFile(c));
  app.use('*', async (c, next) => {
    // index.html is answered below, for "/" and every client route alike.
    if (c.req.path.startsWith('/api/') || c.req.path === '/' || c.req.path.endsWith('.html')) return next();
    let found = true;
    const res = await files(c, async () => {
      found = false;
      await next();
    });
    if (found && c.res.ok) c.res.headers.set('cache-control', 'public, max-age=3600');
    return res;
  });
  app.get('*', async (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    // Client routes have no file extension; a missing file does.
    if (FILE_EXTENSION.test(c.req.path)) return notFoundFile(c);
    c.header('cache-control', 'no-cache');
    const pages = await renderer;
    // The query cache of a page the renderer read the session for, then left to the browser.
    let shellAnswer: ShellAnswer | null = null;
    if (pages) {
      try {
        const url = new URL(c.req.url);
        const page = await pages.renderPage(url, publicUrl ?? url.origin, inProcessJson(app, c));
        if (page && !('html' in page)) shellAnswer = page;
        else if (page) {
          const html = fillTemplate(indexHtml(), {
            head: page.head,
            ...modulePreloads(page.page),
            html: page.html,
            state: scriptJson(page.state),
            classes: page.classes ? scriptJson(page.classes) : undefined,
            fonts: fonts(),
          });
          // The page differs by visitor (their session): never kept by a shared cache.
          c.header('cache-control', 'no-cache, private');
          c.header('vary', 'cookie');
          return c.html(html, page.status as 200);
        }
      } catch (err) {
        // A page that cannot be rendered here is still rendered by the browser.
        onRenderError?.(err, c.req.path);
      }
    }
    // A page the browser renders: its scripts still load alongside the entry, not after it, and
    // the session comes with the page (no round trip before a guarded page can load), with the
    // data of a signed-in dashboard's first screen (entry-server.tsx SHELL_DATA, decision 85).
    const shellPage = pages?.pageModule?.(c.req.path) ?? null;
    const scripts = shellPage ? modulePreloads(shellPage).scripts : '';
    let state: string | undefined;
    if (shellPage && pages?.shellState) {
      try {
        state = scriptJson(
          shellAnswer?.state ?? (await pages.shellState(inProcessJson(app, c), new URL(c.req.url))),
        );
        c.header('cache-control', 'no-cache, private');
        c.header('vary', 'cookie');
      } catch (err) {
        onRenderError?.(err, c.req.path);
      }
    }
    // A path no page of the manifest serves is answered 404 (the browser shows the not-found
    // page), so crawlers and links checkers see it for what it is.
    const status = pages?.pageModule && !shellPage ? 404 : 200;
    return c.html(fillTemplate(indexHtml(), { head: DEFAULT_HEAD, scripts, fonts: fonts(), state }), status);
  });
  // A form submitted before the page's script took it over (on a slow network the sign-in and
  // password forms are on screen before the app): they are method="post", so what was typed never
  // lands in a URL, a history entry or a log; the post goes back to its page, its body unread.
  app.post('*', (c) => {
    if (c.req.path.startsWith('/api/') || FILE_EXTENSION.test(c.req.path)) return notFoundFile(c);
    const url = new URL(c.req.url);
    // One leading slash: "//host" in a Location header would send the browser to another site.
    return c.redirect(url.pathname.replace(/^\/+/, '/') + url.search, 303);
  });
}
