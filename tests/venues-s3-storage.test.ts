/**
 * Issue 32: venue photos on an S3-compatible server (s3rver, started by the test; no outside
 * service). Upload, read back through /media, delete one, delete with the venue, a missing
 * bucket and an outage during upload — the last two answer 503 and write nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE } from '../src/server/adapters/storage';
import { venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import { type Accounts, createAccounts, submitVenue } from './factories';
import { jpegImage, pngImage, uploadForm } from './fixtures/images';

const BUCKET = 'velvet-photos';
let port: number;
let dir: string;
let s3: S3rver | undefined;
let env: TestEnv;
let a: Accounts;
let client: S3Client;

async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const p = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return p;
}

async function startS3() {
  s3 = new S3rver({
    port,
    address: '127.0.0.1',
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3.run();
}

async function stopS3() {
  await s3?.close();
  s3 = undefined;
}

const s3Config = (bucket: string) => ({
  S3_BUCKET: bucket,
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

async function keysIn(prefix = ''): Promise<string[]> {
  const page = await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!).sort();
}

const upload = (venueId: string, form: FormData, e = env) =>
  call(e, 'POST', `/api/venues/${venueId}/images`, { cookie: a.host.cookie, body: form });

async function imagesOf(e: TestEnv, venueId: string) {
  const [row] = await e.ctx.db.select({ images: venues.images }).from(venues).where(eq(venues.id, venueId));
  return row!.images;
}

beforeAll(async () => {
  port = await freePort();
  dir = await mkdtemp(path.join(os.tmpdir(), 'velvet-s3-'));
  await startS3();
  client = new S3Client({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  env = await createTestEnv(s3Config(BUCKET));
  a = await createAccounts(env);
}, 60_000);

afterAll(async () => {
  await env?.close();
  await stopS3();
  client?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('photos on S3 (s3rver)', () => {
  it('upload writes the original, card and full sizes to the bucket, and /media serves them', async () => {
    expect(env.ctx.storage.name).toBe('s3');
    const venue = await submitVenue(env, a.host);
    const res = await upload(venue.id, uploadForm(await pngImage(), 'Terrace.png', 'image/png'));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { path: key, url, card_url, full_url } = res.body.image;
    expect(await keysIn(`${venue.id}/`)).toEqual([key, `${key}.card.webp`, `${key}.full.webp`].sort());
    for (const [u, type] of [
      [url, 'image/png'],
      [card_url, 'image/webp'],
      [full_url, 'image/webp'],
    ]) {
      const got = await env.app.request(u!);
      expect(got.status, u).toBe(200);
      expect(got.headers.get('content-type')).toBe(type);
      expect((await got.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    expect((await env.app.request(`/media/${venue.id}/1-0-missing.png`)).status).toBe(404);
  });

  it('removing a photo deletes its objects; the others stay', async () => {
    const venue = await submitVenue(env, a.host);
    const first = (await upload(venue.id, uploadForm(await pngImage(), 'one.png', 'image/png'))).body.image
      .path;
    const second = (await upload(venue.id, uploadForm(await jpegImage(), 'two.jpg', 'image/jpeg'))).body.image
      .path;
    expect(await keysIn(`${venue.id}/`)).toHaveLength(6);
    const res = await call(
      env,
      'DELETE',
      `/api/venues/${venue.id}/images?path=${encodeURIComponent(first)}`,
      {
        cookie: a.host.cookie,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const left = await keysIn(`${venue.id}/`);
    expect(left).toHaveLength(3);
    expect(left.every((k) => k.startsWith(second))).toBe(true);
  });

  it('deleting the venue deletes every object under it', async () => {
    const venue = await submitVenue(env, a.host);
    await upload(venue.id, uploadForm(await pngImage(), 'a.png', 'image/png'));
    await upload(venue.id, uploadForm(await pngImage(), 'b.png', 'image/png'));
    expect(await keysIn(`${venue.id}/`)).toHaveLength(6);
    const res = await call(env, 'DELETE', `/api/venues/${venue.id}`, { cookie: a.admin.cookie });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(await keysIn(`${venue.id}/`)).toEqual([]);
  });

  it('a missing bucket: upload answers 503 and writes nothing; readiness names storage', async () => {
    const other = await createTestEnv(s3Config('no-such-bucket'));
    try {
      const accounts = await createAccounts(other);
      const venue = await submitVenue(other, accounts.host);
      const res = await call(other, 'POST', `/api/venues/${venue.id}/images`, {
        cookie: accounts.host.cookie,
        body: uploadForm(await pngImage(), 'x.png', 'image/png'),
      });
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(STORAGE_UNAVAILABLE);
      expect(await imagesOf(other, venue.id)).toEqual([]);
      const ready = await other.app.request('/api/health/ready');
      expect(ready.status).toBe(503);
      expect((await ready.json()).reason).toMatch(/^Photo storage \(s3\) is unavailable/);
    } finally {
      await other.close();
    }
  });

  it('an outage during upload answers 503 and writes nothing; uploads work again when S3 is back', async () => {
    const venue = await submitVenue(env, a.host);
    await stopS3();
    try {
      const res = await upload(venue.id, uploadForm(await pngImage(), 'down.png', 'image/png'));
      expect(res.status).toBe(503);
      expect(res.body.error.message).toBe(STORAGE_UNAVAILABLE);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await imagesOf(env, venue.id)).toEqual([]);
      expect((await env.app.request('/api/health/ready')).status).toBe(503);
    } finally {
      await startS3();
    }
    expect(await keysIn(`${venue.id}/`)).toEqual([]);
    const again = await upload(venue.id, uploadForm(await pngImage(), 'up.png', 'image/png'));
    expect(again.status).toBe(201);
    expect(await imagesOf(env, venue.id)).toHaveLength(1);
    expect((await env.app.request('/api/health/ready')).status).toBe(200);
  });
});
