import type { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { viewerRef, type AppContext, type AppEnv } from '../context';
import { LiveHub } from '../http/live-hub';
import { getViewer } from '../http/viewer';
import { health } from '../services/health';
import type { PublicConfig } from '@/domain/contract';

/** Health, the public settings, and the Server-Sent Events stream of changes each viewer may read. */
export function systemRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/config', (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json({ default_time_zone: ctx.config.DEFAULT_TIME_ZONE } satisfies PublicConfig);
  });

  r.get('/health', async (c) => {
    const answer = await health(ctx);
    c.header('cache-control', 'no-store');
    if (answer.status !== 'ok') {
      c.header('retry-after', '2');
      return c.json(answer, 503);
    }
    return c.json(answer);
  });

  // The change feed over Server-Sent Events: `ready`, then the events this viewer may see,
  // a `ping` every 25 s, and `shutdown` (with a reconnect hint) when the server stops.
  const hub = new LiveHub(ctx.changes);
  r.get('/events', async (c) => {
    const viewer = await getViewer(ctx, c);
    c.header('content-type', 'text/event-stream');
    c.header('cache-control', 'no-store');
    c.header('connection', 'keep-alive');
    // Chunked from the first byte: the Node adapter then sends the headers at once instead of
    // reading ahead to see whether the body ends.
    c.header('transfer-encoding', 'chunked');
    c.header('x-accel-buffering', 'no');
    // A HEAD request gets the headers only: no stream is opened for a body nobody reads.
    if (c.req.method === 'HEAD') return c.body(null);
    // On a Node server (@hono/node-server), its response: the hub then writes to the socket.
    const node = c.env as { outgoing?: ServerResponse } | undefined;
    return c.body(hub.open(viewerRef(viewer), node?.outgoing));
  });

  return r;
}
