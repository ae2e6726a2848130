/**
 * The edge (app.ts `mountEdge`) must not read the body of an answer that already carries its
 * length: @hono/node-server replaces the global Response with a lightweight one and writes it
 * whole to the socket only while nobody has asked for its `body`; reading it makes a web stream
 * that node-server then reads chunk by chunk — on every hot read (lists, details, calendars) that
 * cost about half of the served mix's throughput (decision 0040).
 */
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountEdge } from '../app';
import type { AppEnv } from '../context';
import { COMPRESS_THRESHOLD } from './content-length';

/** A Response that counts how often its body is asked for (stands in for node-server's). */
class CountingResponse extends Response {
  static reads = 0;
  override get body() {
    CountingResponse.reads++;
    return super.body;
  }
}

const JSON_TYPE = 'application/json; charset=UTF-8';
const small = JSON.stringify({ ok: true });
const large = JSON.stringify({
  venues: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Venue ${i}` })),
});

function edgeApp() {
  const app = new Hono<AppEnv>();
  mountEdge(app, { PUBLIC_URL: 'http://localhost:4420', PAYMENT_PROVIDER: 'local', TRUST_PROXY: false });
  // As the hot read routes answer (sendJson, the list route): whole, with their length.
  app.get('/sized', (c) =>
    c.body(small, 200, { 'content-type': JSON_TYPE, 'content-length': String(Buffer.byteLength(small)) }),
  );
  app.get('/gzipped', (c) =>
    c.body(new Uint8Array([31, 139, 8, 0]), 200, {
      'content-type': JSON_TYPE,
      'content-encoding': 'gzip',
      'content-length': '4',
    }),
  );
  // As c.json answers: no length yet; jsonBodies() must read the body to set it.
  app.get('/unsized', (c) => c.json(JSON.parse(large) as object));
  return app;
}

describe('the edge and answers that carry their length', () => {
  beforeEach(() => {
    CountingResponse.reads = 0;
    vi.stubGlobal('Response', CountingResponse);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('leaves the body of a sized JSON answer unread, and still adds the edge headers', async () => {
    const res = await edgeApp().request('/sized', { headers: { 'accept-encoding': 'gzip' } });
    expect(CountingResponse.reads).toBe(0);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(small)));
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await res.text()).toBe(small);
  });

  it('leaves the body of an answer already gzipped unread', async () => {
    const res = await edgeApp().request('/gzipped', { headers: { 'accept-encoding': 'gzip' } });
    expect(CountingResponse.reads).toBe(0);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('content-length')).toBe('4');
  });

  it('reads (and sizes, and gzips) a JSON answer that has no length yet', async () => {
    expect(Buffer.byteLength(large)).toBeGreaterThanOrEqual(COMPRESS_THRESHOLD);
    const res = await edgeApp().request('/unsized', { headers: { 'accept-encoding': 'gzip' } });
    expect(CountingResponse.reads).toBeGreaterThan(0);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(Number(res.headers.get('content-length'))).toBe((await res.arrayBuffer()).byteLength);
  });
});
