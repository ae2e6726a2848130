/**
 * Server rendering of the public pages (decision 25). The renderer is the web's own
 * entry-server.tsx, built by Vite into dist/server/ssr/entry-server.js and loaded at run time
 * (the server never imports src/web). Its data comes from this app's API, asked in process
 * with the visitor's cookie, so a page shows exactly what the API would show them.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Context, Hono } from 'hono';
import type { AppEnv } from './context';

/** A page the renderer leaves to the browser, with the query cache it starts with. */
export interface ShellAnswer {
  state: unknown;
}

export interface RenderedPage extends ShellAnswer {
  html: string;
  head: string;
  status: number;
  page: string;
  /** The class merges the render made (lib/utils.ts `cn`), for the browser to hydrate with. */
  classes?: MergedClasses;
}

export interface MergedClasses {
  same: string[];
  changed: Array<[string, string]>;
}

export interface PageRenderer {
  /** The page module a path shows (for preloading its scripts), or null. */
  pageModule?(pathname: string): string | null;
  /**
   * The query cache a page the browser renders starts with: the session, and for a signed-in
   * dashboard the data of its first screen (`url` names the page).
   */
  shellState?(
    loadJson: (path: string) => Promise<{ status: number; body: unknown }>,
    url?: URL,
  ): Promise<unknown>;
  renderPage(
    url: URL,
    origin: string,
    loadJson: (path: string) => Promise<{ status: number; body: unknown }>,
  ): Promise<RenderedPage | ShellAnswer | null>;
}

/** Loads the built renderer; null when the build has none (the shell is served alone). */
export async function loadRenderer(file: string): Promise<PageRenderer | null> {
  if (!existsSync(file)) return null;
  const mod = (await import(pathToFileURL(file).href)) as Partial<PageRenderer & RecordsClasses>;
  if (typeof mod.renderPage !== 'function') return null;
  return typeof mod.recordMergedClasses === 'function'
    ? withMergedClasses(mod as PageRenderer & RecordsClasses)
    : (mod as PageRenderer);
}

interface RecordsClasses {
  recordMergedClasses(listener: (joined: string, merged: string) => void): void;
}

/**
 * Each page comes with the class merges its render made (tailwind-merge's first call costs the
 * browser 10–16 ms while it hydrates; with them it merges nothing). Renders of different requests
 * interleave at their awaits, so each keeps its own list (AsyncLocalStorage).
 */
function withMergedClasses(mod: PageRenderer & RecordsClasses): PageRenderer {
  const current = new AsyncLocalStorage<Map<string, string>>();
  mod.recordMergedClasses((joined, merged) => current.getStore()?.set(joined, merged));
  return {
    pageModule: mod.pageModule,
    shellState: mod.shellState,
    renderPage: (url, origin, loadJson) => {
      const merges = new Map<string, string>();
      return current.run(merges, async () => {
        const page = await mod.renderPage(url, origin, loadJson);
        if (!page || !('html' in page)) return page;
        const classes: MergedClasses = { same: [], changed: [] };
        for (const [joined, merged] of merges) {
          if (joined === merged) classes.same.push(joined);
          else classes.changed.push([joined, merged]);
        }
        return { ...page, classes };
      });
    },
  };
}

/**
 * The renderer, loaded on first use (the first page asked for) or after `soonMs`, whichever comes
 * first: loading it (the server renderer and the page modules, a few hundred ms of CPU) would
 * otherwise hold up the start's first answers (decision 33). A page asked for meanwhile waits.
 */
export function deferredRenderer(file: string, soonMs: number): PromiseLike<PageRenderer | null> {
  let loading: Promise<PageRenderer | null> | undefined;
  const load = () => (loading ??= loadRenderer(file));
  setTimeout(load, soonMs).unref();
  return { then: (onLoaded, onFailed) => load().then(onLoaded, onFailed) };
}

/** Headers of the visitor's request that the in-process API reads (session, address). */
const FORWARDED = ['cookie', 'user-agent', 'x-forwarded-for', 'x-real-ip'];

/** Answers a GET of `path` through the app itself, as the visitor of `c`. */
export function inProcessJson(app: Hono<AppEnv>, c: Context<AppEnv>) {
  return async (path: string) => {
    const headers = new Headers({ accept: 'application/json' });
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    const res = await app.fetch(new Request(new URL(path, c.req.url), { headers }), c.env);
    const body: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : null;
    return { status: res.status, body };
  };
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  assets?: string[];
}

/** The scripts of a page: its own entry, if it has one, and the scripts to preload with it. */
export interface PageScripts {
  /**
   * The page's own entry (src/web/boot/<Page>.tsx, decision 45), sent in place of index.html's:
   * it imports the app and the page, which is hydrated before the document's load event.
   */
  entry?: string;
  /** Every script the page needs that the document's entry does not name already. */
  preloads: string[];
}

/**
 * The scripts a page module (src/web/pages/…) needs, from Vite's manifest
 * (dist/web/.vite/manifest.json): the server names them in <link rel="modulepreload"> so they
 * load alongside the entry, not after it. A server-rendered page has an entry of its own.
 */
export function pageScripts(manifestFile: string): (page: string) => PageScripts {
  let loaded: { mtimeMs: number; scripts: (page: string) => PageScripts } | null = null;
  return (page) => {
    // Read again when a new build replaces the manifest (like index.html in static.ts).
    const mtimeMs = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return { preloads: [] };
    if (!loaded || loaded.mtimeMs !== mtimeMs) loaded = { mtimeMs, scripts: readManifest(manifestFile) };
    return loaded.scripts(page);
  };
}

/**
 * The fonts of the first paint (Inter for text, Playfair Display 600 for headings; Latin subset,
 * WOFF2), to preload: they are found only once the stylesheet is parsed otherwise.
 */
const FIRST_PAINT_FONTS = /\/(inter-latin-wght-normal|playfair-display-latin-600-normal)-[\w-]+\.woff2$/;

export function fontPreloads(manifestFile: string): () => string[] {
  let loaded: { mtimeMs: number; fonts: string[] } | null = null;
  return () => {
    const mtimeMs = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return [];
    if (!loaded || loaded.mtimeMs !== mtimeMs) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
      // The stylesheet's fonts belong to the chunk that imports it, which is the entry or one of
      // the chunks the entry imports (the bundler decides which): every one of them is read.
      const assets = new Set(chunksFrom(manifest, 'index.html').flatMap((chunk) => chunk.assets ?? []));
      loaded = {
        mtimeMs,
        fonts: [...assets].filter((a) => FIRST_PAINT_FONTS.test(`/${a}`)).map((a) => `/${a}`),
      };
    }
    return loaded.fonts;
  };
}

/** A manifest chunk and every chunk it imports, directly or not, each once. */
function chunksFrom(manifest: Record<string, ManifestChunk>, key: string): ManifestChunk[] {
  const seen = new Map<string, ManifestChunk>();
  const walk = (k: string) => {
    const chunk = manifest[k];
    if (!chunk || seen.has(k)) return;
    seen.set(k, chunk);
    for (const imp of chunk.imports ?? []) walk(imp);
  };
  walk(key);
  return [...seen.values()];
}

function readManifest(manifestFile: string): (page: string) => PageScripts {
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const filesFrom = (key: string) => new Set(chunksFrom(manifest, key).map((chunk) => chunk.file));
  const entryImports = filesFrom('index.html');
  const cache = new Map<string, PageScripts>();
  return (page) => {
    let scripts = cache.get(page);
    if (!scripts) {
      const boot = page.replace(/^src\/web\/pages\//, 'src/web/boot/');
      const entry = manifest[boot]?.file;
      scripts = entry
        ? {
            entry: `/${entry}`,
            preloads: [...filesFrom(boot)].filter((f) => f !== entry).map((f) => `/${f}`),
          }
        : { preloads: [...filesFrom(page)].filter((f) => !entryImports.has(f)).map((f) => `/${f}`) };
      cache.set(page, scripts);
    }
    return scripts;
  };
}

/** JSON safe inside a <script type="application/json"> element. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
