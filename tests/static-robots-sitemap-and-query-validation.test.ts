/**
 * Issue 15, static files and query strings: a missing file is a 404 (never the app's HTML,
 * never cached), robots.txt and sitemap.xml are real, bad dates and numbers in query strings
 * are a 400 with a message rather than ignored.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { FILTER_MESSAGES } from '../src/domain/schemas';
import { call } from './support/client';
import { createAccounts, type Accounts } from './factories';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';
import { insertVenue } from './factories';

let env: TestEnv;
let actors: Accounts;
let spa: ReturnType<typeof createApp>;

beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
  const root = mkdtempSync(path.join(os.tmpdir(), 'velvet-web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Velvet</title><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc123.js'), 'console.log(1)');
  spa = createApp(env.ctx, { staticDir: root });
});
afterAll(async () => {
  await env.close();
});

describe('missing files', () => {
  it.each(['/assets/index-old999.js', '/assets/style-old.css', '/assets/deep/missing.png'])(
    '%s answers 404, not the app, and is not cached',
    async (url) => {
      const res = await spa.request(url);
      expect(res.status).toBe(404);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).not.toContain('<div id="root">');
    },
  );

  it('other missing files with an extension are 404 too; client routes still get the app', async () => {
    expect((await spa.request('/favicon.ico')).status).toBe(404);
    expect((await spa.request('/manifest.webmanifest')).status).toBe(404);
    const page = await spa.request('/venue/0b6f3c0e-0000-4000-8000-000000000000');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const asset = await spa.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt is text: allow all, and where the sitemap is', async () => {
    const res = await spa.request('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${PUBLIC_URL}/sitemap.xml\n`);
  });

  it('sitemap.xml lists the home page, the public pages and active venues only', async () => {
    const active = await insertVenue(env, actors.host);
    const pending = await insertVenue(env, actors.host, { is_active: false });
    const res = await spa.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const p of ['/', '/how-it-works', '/list-venue'])
      expect(xml).toContain(`<loc>${new URL(p, PUBLIC_URL).toString()}</loc>`);
    expect(xml).toContain(`<loc>${PUBLIC_URL}/venue/${active.id}</loc>`);
    expect(xml).not.toContain(pending.id);
    expect(xml).not.toContain('/admin-dashboard');
    // Also served without the web build (API-only development server).
    expect((await env.app.request('/sitemap.xml')).status).toBe(200);
  });
});

describe('query strings are validated, not ignored', () => {
  it.each([
    ['date=2027-13-45', 'date', FILTER_MESSAGES.date],
    ['date=2027-02-30', 'date', FILTER_MESSAGES.date],
    ['date=soon', 'date', FILTER_MESSAGES.date],
    ['guests=abc', 'guests', FILTER_MESSAGES.guests],
    ['guests=0', 'guests', FILTER_MESSAGES.guests],
    ['guests=-5', 'guests', FILTER_MESSAGES.guests],
    ['guests=1e400', 'guests', FILTER_MESSAGES.guests],
    ['pricingType=free', 'pricingType', FILTER_MESSAGES.pricingType],
    ['pricing=cheap', 'pricing', FILTER_MESSAGES.pricing],
    ['limit=NaN', 'limit', 'Limit must be a whole number between 1 and 48.'],
    ['limit=9999', 'limit', 'Limit must be a whole number between 1 and 48.'],
  ])('/api/venues?%s → 400 naming %s', async (query, field, message) => {
    const res = await call(env, 'GET', `/api/venues?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'VALIDATION', message, field });
  });

  it('valid filters, empty ones and "all" still work', async () => {
    for (const query of ['', 'date=2030-06-14', 'guests=10&pricing=all', 'date=&guests=&pricingType=all']) {
      const res = await call(env, 'GET', `/api/venues?${query}`);
      expect(res.status, query).toBe(200);
    }
  });

  it.each(['abc', '0', '201', '1.5'])('/api/admin/mailbox?limit=%s → 400', async (limit) => {
    const res = await call(env, 'GET', `/api/admin/mailbox?limit=${limit}`, { cookie: actors.admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Limit must be a whole number between 1 and 200.');
  });

  it('the availability range rejects impossible dates', async () => {
    const venue = await insertVenue(env, actors.host);
    const res = await call(env, 'GET', `/api/venues/${venue.id}/availability?from=2030-13-01&to=2030-12-01`);
    expect(res.status).toBe(400);
  });
});
