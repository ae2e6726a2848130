/**
 * JSON answers are sent whole, with their Content-Length, and gzipped here — synchronously,
 * in memory — when they are large and the client accepts it. Hono's c.json leaves the length
 * off, so the compress middleware could not see that a body was small: it gzipped every
 * answer, even a 100-byte one, on a stream whose chunks come back through the libuv thread
 * pool — and while PGlite keeps the event loop busy those answers waited, so a burst of
 * requests was answered all at its end (issue 13, decision 0024). compress() still handles
 * what is not JSON (HTML, scripts, text).
 */
import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { JSON_GZIP } from '../json-gzip';

/** Bodies under this many bytes are not compressed: gzip saves too little to be worth a pass. */
export const COMPRESS_THRESHOLD = 4 * 1024;

const JSON_TYPE = /^application\/json\b/i;
/** Whether a Content-Type is JSON (whose compression this module decides, not compress()). */
export const isJsonType = (type: string) => JSON_TYPE.test(type);

/** Whether an Accept-Encoding header allows gzip (a q of 0 refuses it). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });
}

/**
 * A JSON answer made from its text here, as jsonBodies() would send it (its length; gzipped
 * from COMPRESS_THRESHOLD for clients that accept it), without building a response only to read
 * it back: the hot read routes (a venue's detail, its calendar) answer through this.
 */
export function sendJson(c: Context, json: string, status: 200 | 201 = 200): Response {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
  const bytes = Buffer.byteLength(json);
  if (bytes >= COMPRESS_THRESHOLD) {
    headers.vary = 'Accept-Encoding';
    if (acceptsGzip(c.req.header('accept-encoding'))) {
      const gzipped = new Uint8Array(gzipSync(json, JSON_GZIP));
      headers['content-encoding'] = 'gzip';
      headers['content-length'] = String(gzipped.byteLength);
      return c.body(gzipped, status, headers);
    }
  }
  headers['content-length'] = String(bytes);
  return c.body(json, status, headers);
}

/** Registered after compress() so it runs first on the way out. */
export function jsonBodies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Headers first: reading `res.body` of node-server's lightweight response makes the full
    // web Response (a body stream), and node-server then streams it instead of writing it whole.
    if (res.headers.has('content-length') || res.headers.has('content-encoding')) return;
    if (!JSON_TYPE.test(res.headers.get('content-type') ?? '') || !res.body) return;
    let body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.byteLength >= COMPRESS_THRESHOLD) {
      const vary = headers.get('vary');
      if (!vary || !/accept-encoding/i.test(vary))
        headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      if (acceptsGzip(c.req.header('accept-encoding'))) {
        body = new Uint8Array(gzipSync(body, JSON_GZIP));
        headers.set('content-encoding', 'gzip');
      }
    }
    headers.set('content-length', String(body.byteLength));
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
