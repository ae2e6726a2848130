/**
 * GET /api/events on a real socket (the app served by @hono/node-server, as in production, where
 * the live hub writes to the sockets itself — decision 30): the headers, the wire format, and
 * who hears a venue edit made through the API.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, type Actor } from './support/client';
import { MAX_STREAMS_PER_ACCOUNT } from '../src/server/http/live-hub';
import { createTestEnv, type TestEnv } from './support/env';
import { type Accounts, createAccounts, insertVenue } from './factories';

let env: TestEnv;
let a: Accounts;
let server: ServerType;
let port: number;

beforeAll(async () => {
  env = await createTestEnv();
  a = await createAccounts(env);
  server = serve({ fetch: env.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  (server as unknown as { closeAllConnections(): void }).closeAllConnections();
  await new Promise((r) => server.close(r));
  await env.close();
});

/** A live stream read over HTTP; `frames` are its events as sent (without the blank line). */
async function listen(who: Actor | null) {
  const frames: string[] = [];
  let buffer = '';
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const headers: Record<string, string> = { accept: 'text/event-stream', 'accept-encoding': 'gzip' };
    if (who) headers.cookie = who.cookie;
    http.get({ host: '127.0.0.1', port, path: '/api/events', headers }, resolve).on('error', reject);
  });
  res.setEncoding('utf8');
  res.on('data', (d: string) => {
    buffer += d;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      frames.push(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
    }
  });
  await vi.waitFor(() => expect(frames.length).toBeGreaterThan(0));
  return { res, frames, close: () => res.destroy() };
}

const venueFrame = (id: string) => `event: venue\ndata: {"entity":"venue","op":"update","id":"${id}"}`;

describe('GET /api/events on a socket', () => {
  it('answers HEAD with the headers only, opening no stream', async () => {
    // The live hub subscribes to the change feed while it has a stream open.
    const subscribers = env.ctx.changes.size;
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .request({ host: '127.0.0.1', port, path: '/api/events', method: 'HEAD' }, resolve)
        .on('error', reject)
        .end(),
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream');
    await new Promise((r) => res.on('end', r).resume());
    expect(env.ctx.changes.size).toBe(subscribers);
  });

  it('is an uncompressed, uncached event stream that starts with ready and its retry delay', async () => {
    const s = await listen(null);
    try {
      expect(s.res.statusCode).toBe(200);
      expect(s.res.headers['content-type']).toBe('text/event-stream');
      expect(s.res.headers['cache-control']).toBe('no-store');
      expect(s.res.headers['content-encoding']).toBeUndefined();
      expect(s.res.headers['transfer-encoding']).toBe('chunked');
      // The app's middleware still applies to the stream's headers.
      expect(s.res.headers['x-request-id']).toBeTruthy();
      expect(s.res.headers['x-content-type-options']).toBe('nosniff');
      expect(s.frames[0]).toBe('event: ready\ndata: {}\nretry: 3000');
    } finally {
      s.close();
    }
  });

  it('an edit of an inactive venue reaches its host and the admin only; an active one reaches everyone', async () => {
    const hidden = await insertVenue(env, a.host, { is_active: false });
    const shown = await insertVenue(env, a.host, { is_active: true });
    const streams = {
      host: await listen(a.host),
      admin: await listen(a.admin),
      otherHost: await listen(a.otherHost),
      guest: await listen(a.guest),
      visitor: await listen(null),
    };
    try {
      // The admin edits (a host's edit of an approved venue's text would send it back for review,
      // a second change).
      const edit = async (id: string, description: string) =>
        expect(
          (await call(env, 'PATCH', `/api/venues/${id}`, { cookie: a.admin.cookie, json: { description } }))
            .status,
        ).toBe(200);
      await edit(hidden.id, 'Still being set up.');
      await edit(shown.id, 'Open tonight.');
      const events = (name: keyof typeof streams) =>
        streams[name].frames.filter((f) => f.startsWith('event: venue'));
      for (const name of ['host', 'admin'] as const) {
        await vi.waitFor(
          () => expect(events(name), name).toEqual([venueFrame(hidden.id), venueFrame(shown.id)]),
          {
            timeout: 10_000,
          },
        );
      }
      // The later edit arrived alone: the earlier one was never sent to them.
      for (const name of ['otherHost', 'guest', 'visitor'] as const) {
        await vi.waitFor(() => expect(events(name), name).toEqual([venueFrame(shown.id)]), {
          timeout: 10_000,
        });
      }
    } finally {
      for (const s of Object.values(streams)) s.close();
    }
  });
});

describe('GET /api/events caps (issue 30)', () => {
  it('one person may hold MAX_STREAMS_PER_ACCOUNT streams; the next is 429 with Retry-After, and closing one admits it', async () => {
    const open: Array<ReadableStreamDefaultReader<Uint8Array>> = [];
    for (let i = 0; i < MAX_STREAMS_PER_ACCOUNT; i++) {
      const res = await env.app.request('/api/events', { headers: { cookie: a.guest.cookie! } });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      open.push(reader);
    }
    const refused = await env.app.request('/api/events', { headers: { cookie: a.guest.cookie! } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('30');
    expect((await refused.json()).error.message).toBe(
      `Too many live connections for this account (at most ${MAX_STREAMS_PER_ACCOUNT}). Close some tabs and try again.`,
    );
    // Someone else is not affected.
    const other = await env.app.request('/api/events', { headers: { cookie: a.otherGuest.cookie! } });
    expect(other.status).toBe(200);
    await other.body!.cancel();
    await open.pop()!.cancel();
    await new Promise((r) => setTimeout(r, 20));
    const again = await env.app.request('/api/events', { headers: { cookie: a.guest.cookie! } });
    expect(again.status).toBe(200);
    await again.body!.cancel();
    for (const r of open) await r.cancel();
  });
});
