import { PGlite } from '@electric-sql/pglite';
import { openPglite, pgliteExtensions } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { createApp } from '../src/server/app';
const client = new PGlite({ extensions: pgliteExtensions });
const db = await openPglite(client);
await db.migrate();
const ctx = await createContext(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: '/tmp/velvet-explain' }), db, createLogger('silent'));
const app = createApp(ctx);
await app.request('/api/venues?location=york');
for (const path of ['/api/venues?location=york']) {
  const n = 40000; const t = performance.now();
  for (let i = 0; i < n; i++) { const r = await app.request(path); await r.text(); }
  console.log(path, (n / ((performance.now() - t) / 1000)).toFixed(0), 'req/s in-process');
}
await ctx.changes.stop(); await db.close();
