import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Context, Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

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

/**
 * Serves the built SPA: hashed assets cached for a year, other files for an hour, and
 * index.html (never cached) for every other GET so that client-side routes load on refresh.
 */
export function serveSpa(app: Hono<AppEnv>, root: string) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web build is missing (${indexFile}). Run npm run build.`);
  // Re-read index.html when a new build replaces it, so it never points at deleted assets.
  let index = { mtimeMs: statSync(indexFile).mtimeMs, html: readFileSync(indexFile, 'utf8') };
  const indexHtml = () => {
    const mtimeMs = statSync(indexFile, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs !== undefined && mtimeMs !== index.mtimeMs)
      index = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
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
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    // Client routes have no file extension; a missing file does.
    if (FILE_EXTENSION.test(c.req.path)) return notFoundFile(c);
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml());
  });
}
