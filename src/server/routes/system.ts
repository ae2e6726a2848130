import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { viewerRef, type AppContext, type AppEnv } from '../context';
import { canSee, type ChangeEvent } from '../adapters/realtime';
import { getViewer } from '../http/viewer';
import { onShutdown, RECONNECT_AFTER_MS } from '../lifecycle';
import { health } from '../services/health';
import type { LiveEvent } from '@/domain/contract';

/** Health, and the Server-Sent Events stream of changes each viewer may read. */
export function systemRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();

  r.get('/health', async (c) => {
    const answer = await health(ctx);
    c.header('cache-control', 'no-store');
    if (answer.status !== 'ok') {
      c.header('retry-after', '2');
      return c.json(answer, 503);
    }
    return c.json(answer);
  });

  r.get('/events', async (c) => {
    const viewer = await getViewer(ctx, c);
    const who = viewerRef(viewer);
    c.header('cache-control', 'no-store');
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      const publicShape = (e: ChangeEvent): LiveEvent =>
        e.entity === 'venue'
          ? { entity: e.entity, op: e.op, id: e.id }
          : e.entity === 'conversation'
            ? { entity: e.entity, op: e.op, id: e.id, venue_id: e.venue_id }
            : { entity: e.entity, op: e.op, id: e.id, venue_id: e.venue_id, status: e.status };
      const unsubscribe = ctx.changes.subscribe((event) => {
        if (!canSee(event, who)) return;
        void stream
          .writeSSE({ event: event.entity, data: JSON.stringify(publicShape(event)) })
          .catch(() => undefined);
      });
      let wake: () => void = () => undefined;
      // On shutdown: tell the client to reconnect shortly (to another server, or this one
      // restarted), then end the stream so the server can exit.
      const unregister = onShutdown(async () => {
        await stream
          .writeSSE({ event: 'shutdown', data: '{}', retry: RECONNECT_AFTER_MS })
          .catch(() => undefined);
        await stream.close().catch(() => undefined);
        wake();
      });
      stream.onAbort(() => {
        unsubscribe();
        unregister();
      });
      await stream.writeSSE({ event: 'ready', data: '{}', retry: 3000 });
      while (!stream.aborted && !stream.closed) {
        await Promise.race([stream.sleep(25_000), new Promise<void>((r) => (wake = r))]);
        if (!stream.aborted && !stream.closed)
          await stream.writeSSE({ event: 'ping', data: '{}' }).catch(() => undefined);
      }
      unsubscribe();
      unregister();
    });
  });

  return r;
}
