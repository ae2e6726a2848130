/**
 * JSON answers carry their Content-Length. Hono's c.json leaves it off, and without it the
 * compress middleware cannot see that a body is small: it gzipped every answer, even a 200-byte
 * one, on a stream whose chunks come back through the libuv thread pool — and while PGlite keeps
 * the event loop busy those answers wait, so a burst of requests was answered all at its end
 * (issue 13). With the length known, bodies under the threshold go out as they are, at once.
 */
import type { MiddlewareHandler } from 'hono';

/** Bodies under this many bytes are not compressed (hono/compress's default threshold). */
export const COMPRESS_THRESHOLD = 1024;

const JSON_TYPE = /^application\/json\b/i;

/** Registered after compress() so it runs first on the way out: reads a JSON body, sets its length. */
export function jsonContentLength(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (!res.body || res.headers.has('content-length') || res.headers.has('content-encoding')) return;
    if (!JSON_TYPE.test(res.headers.get('content-type') ?? '')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.set('content-length', String(body.byteLength));
    c.res = undefined;
    c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
  };
}
