/**
 * The fan-out on a real socket (@hono/node-server), where the hub writes HTTP chunks to the
 * socket itself once the response is under way: the chunks decode to the same frames, and a
 * client that stops reading is cut off once its socket's backlog passes the limit while the
 * others go on.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { ServerResponse } from 'node:http';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangeEvent } from '../adapters/realtime';
import { LiveHub } from './live-hub';

let emit: (e: ChangeEvent) => void = () => undefined;
const hub = new LiveHub(
  {
    subscribe(s) {
      emit = s;
      return () => (emit = () => undefined);
    },
  },
  { maxQueuedBytes: 4096 },
);
let server: ServerType;
let port: number;

beforeAll(async () => {
  const app = new Hono();
  app.get('/events', (c) => {
    c.header('content-type', 'text/event-stream');
    c.header('transfer-encoding', 'chunked');
    return c.body(hub.open(null, (c.env as { outgoing?: ServerResponse }).outgoing));
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  hub.closeAll();
  await new Promise((r) => server.close(r));
});

const venue = (id: string): ChangeEvent => ({
  entity: 'venue',
  op: 'update',
  id,
  host_id: 'h',
  is_active: true,
  was_active: true,
});

describe('LiveHub on a socket', () => {
  it('writes chunks that decode to the frames, and cuts off a client that stops reading', async () => {
    // A reader: Node's HTTP client, which decodes the chunks.
    let text = '';
    const reading = http.get({ host: '127.0.0.1', port, path: '/events' }, (res) => {
      expect(res.headers['content-type']).toBe('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
    });
    // A client that sends its request and never reads.
    const stalled = net.connect({ host: '127.0.0.1', port });
    stalled.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\n');
    stalled.pause();
    let stalledClosed = false;
    stalled.on('close', () => (stalledClosed = true));
    stalled.on('error', () => undefined);
    await vi.waitFor(() => expect(hub.direct).toBe(2));

    // Large frames, until the stalled client's kernel buffers and then the limit are full.
    const big = 'x'.repeat(10_000);
    let sent = 0;
    while (hub.size === 2 && sent < 5000) {
      emit(venue(`${big}-${sent++}`));
      if (sent % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(hub.size, 'the stalled client is dropped').toBe(1);
    // Its connection was closed: reading what reached it, it finds the end.
    stalled.resume();
    await vi.waitFor(() => expect(stalledClosed).toBe(true), { timeout: 10_000 });

    emit(venue('last'));
    await vi.waitFor(() => expect(text).toContain('"id":"last"'), { timeout: 10_000 });
    const frames = text.split('\n\n').filter(Boolean);
    expect(frames[0]).toBe('event: ready\ndata: {}\nretry: 3000');
    expect(frames.slice(1)).toEqual([
      ...Array.from(
        { length: sent },
        (_, i) => `event: venue\ndata: {"entity":"venue","op":"update","id":"${big}-${i}"}`,
      ),
      'event: venue\ndata: {"entity":"venue","op":"update","id":"last"}',
    ]);
    reading.destroy();
    await vi.waitFor(() => expect(hub.size).toBe(0));
  }, 30_000);
});
