import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { createTestEnv, type TestEnv } from './support/env';

let env: TestEnv;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  env = await createTestEnv();
  const root = mkdtempSync(path.join(os.tmpdir(), 'velvet-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Velvet</title><div id="root"></div>');
  writeFileSync(
    path.join(root, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = createApp(env.ctx, { staticDir: root });
});
afterAll(async () => {
  await env.close();
});

describe('serving the built SPA', () => {
  const spaRoutes = [
    '/',
    '/venue/1f0e',
    '/user-auth',
    '/host-auth',
    '/auth',
    '/email-confirmation?email=a%40b.co',
    '/confirm-email?token=x&email=y&role=host',
    '/how-it-works',
    '/list-venue',
    '/user-dashboard',
    '/host-dashboard?tab=bookings',
    '/admin-dashboard',
    '/upload-venue',
    '/edit-venue/abc',
    '/venue-management/abc?tab=calendar',
    '/review/abc',
    '/payment-success?booking_id=x',
    '/browse',
    '/edit-booking/abc',
    '/forgot-password?portal=host',
    '/reset-password?token=x&email=y',
  ];
  it.each(spaRoutes)('answers %s with index.html, never cached', async (route) => {
    const res = await app.request(route, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });

  it('serves other files briefly cached, and keeps /api 404s as JSON', async () => {
    const icon = await app.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const api = await app.request('/api/does-not-exist');
    expect(api.status).toBe(404);
    expect((await api.json()).error.code).toBe('NOT_FOUND');
  });
});
