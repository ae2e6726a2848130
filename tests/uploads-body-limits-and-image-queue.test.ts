/**
 * Issue 15, uploads: photos are processed through a queue sized to the cores, and after a 413
 * the server closes the connection instead of keeping it alive half-read.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageCost, processImage } from '../src/server/images/pipeline';
import { IMAGE_MEMORY_BUDGET, IMAGE_SLOTS, imageQueue } from '../src/server/images/queue';
import { createTestEnv, PUBLIC_URL, type TestEnv } from './support/env';

let env: TestEnv;
let server: ServerType;
let port: number;

beforeAll(async () => {
  env = await createTestEnv();
  server = serve({ fetch: env.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => server.once('listening', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await env.close();
});

/** One request on its own keep-alive connection; resolves with the answer and whether the socket closed. */
function post(path: string, body: Buffer, contentType: string) {
  return new Promise<{ status: number; connection?: string; socketClosed: Promise<boolean> }>(
    (resolve, reject) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: { 'content-type': contentType, 'content-length': body.length, origin: PUBLIC_URL },
        },
        (res) => {
          res.resume();
          const socket = req.socket!;
          const socketClosed = new Promise<boolean>((done) => {
            if (socket.destroyed) return done(true);
            socket.once('close', () => done(true));
            setTimeout(() => done(false), 2000).unref();
          });
          res.on('end', () => {
            agent.destroy();
            void socketClosed;
          });
          resolve({ status: res.statusCode!, connection: res.headers.connection, socketClosed });
        },
      );
      req.on('error', (err) => {
        // The server may close while the rest of the body is still being sent.
        if (
          (err as NodeJS.ErrnoException).code !== 'EPIPE' &&
          (err as NodeJS.ErrnoException).code !== 'ECONNRESET'
        )
          reject(err);
      });
      req.end(body);
    },
  );
}

describe('after a 413 the connection is closed', () => {
  it('an oversized JSON body: 413, Connection: close, the socket is closed', async () => {
    const res = await post('/api/accounts/sign-in', Buffer.alloc(2 * 1024 * 1024, 'a'), 'application/json');
    expect(res.status).toBe(413);
    expect(res.connection).toBe('close');
    expect(await res.socketClosed).toBe(true);
  });

  it('a normal answer keeps the connection alive', async () => {
    const res = await post('/api/accounts/sign-out', Buffer.from('{}'), 'application/json');
    expect(res.status).toBe(200);
    expect(res.connection).toBe('keep-alive');
  });
});

describe('image processing runs in a queue sized to the cores', () => {
  it(`never processes more than ${IMAGE_SLOTS} images at once, and all of them finish`, async () => {
    const png = await sharp({
      create: { width: 1800, height: 1800, channels: 3, background: { r: 200, g: 40, b: 90 } },
    })
      .png()
      .toBuffer();
    imageQueue.peak = 0;
    const results = await Promise.all(Array.from({ length: IMAGE_SLOTS + 4 }, () => processImage(png)));
    expect(results.every((r) => r.width === 1800 && r.card.length > 0)).toBe(true);
    expect(imageQueue.peak).toBe(IMAGE_SLOTS);
    expect(imageQueue.active).toBe(0);
  });

  it('processes photos too large to share the memory budget one at a time, with the same outputs', async () => {
    // 30 megapixels: 180 MB estimated each, two would pass the 320 MB budget.
    expect(imageCost(6000, 5000) * 2).toBeGreaterThan(IMAGE_MEMORY_BUDGET);
    // Two 12-megapixel phone photos still run side by side.
    expect(imageCost(4000, 3000) * 2).toBeLessThanOrEqual(IMAGE_MEMORY_BUDGET);
    const jpeg = await sharp({
      create: { width: 6000, height: 5000, channels: 3, background: { r: 20, g: 120, b: 200 } },
    })
      .jpeg()
      .toBuffer();
    imageQueue.peak = 0;
    const results = await Promise.all([processImage(jpeg), processImage(jpeg)]);
    expect(imageQueue.peak).toBe(1);
    for (const r of results) {
      expect([r.width, r.height]).toEqual([6000, 5000]);
      const [original, card, full] = await Promise.all(
        [r.original, r.card, r.full].map((b) => sharp(b).metadata()),
      );
      expect([original!.format, original!.width, original!.isProgressive]).toEqual(['jpeg', 6000, true]);
      expect([card!.format, card!.width, card!.height]).toEqual(['webp', 640, 400]);
      expect([full!.format, full!.width, full!.height]).toEqual(['webp', 1600, 1333]);
    }
  });
});
