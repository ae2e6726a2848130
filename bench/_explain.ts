import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { serve } from '@hono/node-server';
import { openPglite, pgliteExtensions } from '../src/server/db/client';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';
import { createContext } from '../src/server/runtime';
import { createApp } from '../src/server/app';
import { spawn } from 'node:child_process';
const run = (url: string, extra: string[] = []) => new Promise<string>((resolve) => {
  const p = spawn('npx', ['autocannon', '-j', '-c', '50', '-d', '4', ...extra, url], { stdio: ['ignore', 'pipe', 'ignore'] });
  let out = ''; p.stdout.on('data', (d) => (out += d)); p.on('close', () => { const r = JSON.parse(out); resolve(`${r.requests.average} req/s p50 ${r.latency.p50} p99 ${r.latency.p99}`); });
});
const client = new PGlite({ extensions: pgliteExtensions });
const db = await openPglite(client);
await db.migrate();
const ctx = await createContext(loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', DATA_DIR: '/tmp/velvet-explain' }), db, createLogger('silent'));
const body = await (await createApp(ctx).request('/api/venues?location=york')).text();
const listen = async (s: http.Server) => { await new Promise((r) => s.once('listening', r)); return `http://127.0.0.1:${(s.address() as AddressInfo).port}`; };
for (let round = 0; round < 2; round++) {
  const a = http.createServer((_q, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); }).listen(0, '127.0.0.1');
  console.log('node:http       ', await run(await listen(a) + '/api/venues?location=york')); a.close();
  const v = serve({ fetch: createApp(ctx).fetch, port: 0, hostname: '127.0.0.1' }) as http.Server;
  const u = await listen(v);
  console.log('velvet cached   ', await run(u + '/api/venues?location=york'));
  console.log('velvet gzip     ', await run(u + '/api/venues?location=york', ['-H', 'accept-encoding=gzip']));
  v.close();
}
await ctx.changes.stop(); await db.close();
