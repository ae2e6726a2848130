import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

/**
 * Serves the built SPA: hashed assets cached for a year, other files briefly, and index.html
 * (never cached) for every other GET so that client-side routes load on refresh.
 */
export function serveSpa(app: Hono<AppEnv>, root: string) {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`The web build is missing (${indexFile}). Run npm run build.`);
  const indexHtml = readFileSync(indexFile, 'utf8');

  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('cache-control', 'public, max-age=31536000, immutable'),
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      onFound: (p, c) => {
        if (!p.endsWith('index.html')) c.header('cache-control', 'public, max-age=3600');
      },
    }),
  );
  app.get('*', (c) => {
    if (c.req.path.startsWith('/api/')) return c.notFound();
    c.header('cache-control', 'no-cache');
    return c.html(indexHtml);
  });
}
