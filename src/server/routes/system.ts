import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { PublicConfig } from '@/domain/contract';
import type { AppContext } from '../context';
import { viewerRef } from '../viewer';
import { endpoint, json, jsonOf, media } from '../http/endpoint';
import { AppError } from '@/domain/errors';
import { clientAddress } from '../http/client-address';
import { LiveHub } from '../http/live-hub';
import { getViewer } from '../http/viewer';
import { health, liveness, readiness } from '../services/health';
import { currentFeePercent } from '../services/earnings/platform-fee';

/** One fan-out of the change feed per app (decision 30). */
const hubs = new WeakMap<AppContext, LiveHub>();
function hubOf(ctx: AppContext): LiveHub {
  let hub = hubs.get(ctx);
  if (!hub) {
    const created = (hub = new LiveHub(ctx.changes));
    hubs.set(ctx, created);
    ctx.metrics.readFrom({ liveClients: () => created.size });
  }
  return hub;
}

/** A probe's answer: never kept by a cache; 503 with a Retry-After when it is not ok. */
function probeAnswer<T extends { status: string }>(c: Context, answer: T) {
  c.header('cache-control', 'no-store');
  if (answer.status === 'ok') return answer;
  c.header('retry-after', '2');
  return c.json(answer, 503);
}

/** Health, the public settings, and the Server-Sent Events stream of changes each viewer may read. */
export const SYSTEM_ENDPOINTS = [
  endpoint({
    method: 'get',
    path: '/config',
    tag: 'System',
    summary: 'Public settings (the default time zone of new venues, the platform fee of new bookings)',
    access: 'anyone',
    ok: json('PublicConfig'),
    cache: 'public, max-age=60',
    handler: async ({ ctx }) =>
      ({
        default_time_zone: ctx.config.DEFAULT_TIME_ZONE,
        platform_fee_percent: await currentFeePercent(ctx.db, ctx),
        payout_hold_days: ctx.config.PAYOUT_HOLD_DAYS,
      }) satisfies PublicConfig,
  }),

  endpoint({
    method: 'get',
    path: '/health',
    tag: 'System',
    summary: 'Health of the server and its database',
    access: 'anyone',
    ok: jsonOf(
      { type: 'object', properties: { status: { type: 'string' } }, required: ['status'] },
      'OK (503 with the same shape when unhealthy)',
    ),
    handler: async ({ ctx, c }) => probeAnswer(c, await health(ctx)),
  }),

  endpoint({
    method: 'get',
    path: '/health/live',
    tag: 'System',
    summary: 'Liveness: the process can serve (never asks the database)',
    description:
      'For a liveness probe: restart the server only when this fails. It answers while the database is down, since restarting would not help.',
    access: 'anyone',
    ok: jsonOf(
      {
        type: 'object',
        properties: { status: { type: 'string', enum: ['ok'] }, uptime_seconds: { type: 'integer' } },
        required: ['status', 'uptime_seconds'],
      },
      'The process serves',
    ),
    handler: ({ ctx, c }) => {
      c.header('cache-control', 'no-store');
      return liveness(ctx);
    },
  }),

  endpoint({
    method: 'get',
    path: '/health/ready',
    tag: 'System',
    summary: 'Readiness: the database, migrations and photo storage answer, and the server is not draining',
    description:
      'For a load balancer or readiness probe: send traffic only while this answers 200. 503 names the first failing check in `reason`, and each check in `checks`.',
    access: 'anyone',
    ok: jsonOf(
      {
        type: 'object',
        properties: {
          status: { type: 'string', enum: ['ok', 'unavailable'] },
          reason: { type: 'string' },
          checks: {
            type: 'object',
            properties: {
              database: { type: 'string' },
              migrations: { type: 'string' },
              storage: { type: 'string' },
              shutdown: { type: 'string' },
            },
            required: ['database', 'migrations', 'storage', 'shutdown'],
          },
        },
        required: ['status', 'checks'],
      },
      'Ready (503 with the same shape and a reason when not)',
    ),
    handler: async ({ ctx, c }) => probeAnswer(c, await readiness(ctx)),
  }),

  // The change feed over Server-Sent Events: `ready`, then the events this viewer may see,
  // a `ping` every 25 s, and `shutdown` (with a reconnect hint) when the server stops.
  endpoint({
    method: 'get',
    path: '/events',
    tag: 'System',
    summary: 'Live changes (Server-Sent Events)',
    description: 'The browser refetches what an event names. See decision record 6.',
    access: 'anyone',
    ok: media(
      'text/event-stream',
      'Events named `venue` or `booking` whose data is a LiveEvent (ids, no data); only the changes the viewer may read.',
    ),
    handler: async ({ ctx, c }) => {
      const viewer = await getViewer(ctx, c);
      const hub = hubOf(ctx);
      const address = clientAddress(ctx, c);
      const refused = hub.refusal(viewerRef(viewer), address);
      if (refused)
        throw new AppError('rate_limited', refused, { reason: 'TOO_MANY_STREAMS', retryAfter: 30 });
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
      return c.body(hub.open(viewerRef(viewer), node?.outgoing, address));
    },
  }),
];
