import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { venues } from '../src/server/db/schema';
import { createTestEnv, type TestEnv } from './support/env';
import { call } from './support/client';
import {
  type Accounts,
  approveVenue,
  cookieOf,
  createAccounts,
  createActiveVenue,
  type Role,
  submitVenue,
} from './factories';
import {
  HTML_PAGE,
  SVG_IMAGE,
  animatedGif,
  avifImage,
  exifGpsTags,
  gifImage,
  jpegImage,
  jpegRotated,
  jpegWithGps,
  pngImage,
  uploadForm,
  webpImage,
} from './fixtures/images';

let env: TestEnv;
let actors: Accounts;
beforeAll(async () => {
  env = await createTestEnv();
  actors = await createAccounts(env);
});
afterAll(async () => {
  await env.close();
});

const as = (role: Role) => cookieOf(actors, role);
const upload = (venueId: string, form: FormData, cookie: string | null = actors.host.cookie) =>
  call(env, 'POST', `/api/venues/${venueId}/images`, { cookie, body: form });

/** Fetches a stored file through GET /media/… */
async function media(url: string) {
  const res = await env.app.request(url);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const UNSUPPORTED = 'Only image files (JPEG, PNG, WebP, GIF, AVIF) can be uploaded.';

describe('POST /api/venues/:id/images — who may upload', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 201],
    ['otherHost', 403],
    ['admin', 201],
  ])('%s → %i', async (role, status) => {
    const v = await submitVenue(env, actors.host);
    const res = await upload(v.id, uploadForm(await pngImage(), 'photo.png', 'image/png'), as(role));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.images).toHaveLength(status === 201 ? 1 : 0);
    if (role === 'otherHost')
      expect(res.body.error.message).toBe('Access Denied: You can only edit your own venues.');
  });

  it('answers 404 for an unknown venue or a bad id', async () => {
    const form = uploadForm(await pngImage(), 'a.png');
    expect((await upload('4b1d3f55-0000-4000-8000-000000000000', form)).status).toBe(404);
    expect((await upload('../etc', uploadForm(await pngImage(), 'a.png'))).status).toBe(404);
  });
});

describe('image content checks', () => {
  let venueId: string;
  beforeAll(async () => {
    venueId = (await submitVenue(env, actors.host)).id;
  });

  it('accepts a PNG renamed .jpg (type is judged by content) and stores it as a PNG', async () => {
    const res = await upload(venueId, uploadForm(await pngImage(), 'Holiday Photo.JPG', 'image/jpeg'));
    expect(res.status).toBe(201);
    const { path: key, url, card_url, full_url } = res.body.image;
    expect(key).toMatch(new RegExp(`^${venueId}/\\d+-\\d+-holidayphoto\\.png$`));
    expect(res.body.images.map((i: { path: string }) => i.path)).toContain(key);
    const original = await media(url);
    expect(original.res.status).toBe(200);
    expect(original.res.headers.get('content-type')).toBe('image/png');
    expect((await sharp(original.bytes).metadata()).format).toBe('png');
    const card = await media(card_url);
    expect(card.res.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(card.bytes).metadata()).toMatchObject({ format: 'webp', width: 640, height: 400 });
    const full = await media(full_url);
    // 320×200 is not enlarged.
    expect(await sharp(full.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 200 });
  });

  it('accepts JPEG, WebP, GIF (also animated) and AVIF', async () => {
    for (const [bytes, name, type] of [
      [await jpegImage(), 'a.jpeg', 'image/jpeg'],
      [await webpImage(), 'b.webp', 'image/webp'],
      [await gifImage(), 'c.gif', 'image/gif'],
      [await animatedGif(), 'd.gif', 'image/gif'],
      [await avifImage(), 'e.avif', 'image/avif'],
    ] as const) {
      const res = await upload(venueId, uploadForm(bytes, name, type));
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(201);
      const { res: got } = await media(res.body.image.url);
      expect(got.headers.get('content-type')).toBe(type);
    }
    const anim = (
      await call(env, 'GET', `/api/venues/${venueId}`, { cookie: actors.host.cookie })
    ).body.images.find((i: { path: string }) => i.path.endsWith('-d.gif'));
    const meta = await sharp((await media(anim.url)).bytes, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
  });

  it.each<[string, Buffer, string]>([
    ['HTML renamed .jpg', HTML_PAGE, 'index.jpg'],
    ['SVG renamed .jpg', SVG_IMAGE, 'drawing.jpg'],
    ['SVG as .svg', SVG_IMAGE, 'drawing.svg'],
    ['plain text', Buffer.from('just some words'), 'notes.png'],
    ['an empty file', Buffer.alloc(0), 'empty.png'],
  ])('refuses %s with 415', async (_label, bytes, name) => {
    const res = await upload(venueId, uploadForm(bytes, name, 'image/jpeg'));
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe(UNSUPPORTED);
  });

  it('refuses a file with image magic bytes that is not really an image with 415', async () => {
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('not a png at all'),
    ]);
    const res = await upload(venueId, uploadForm(fake, 'fake.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(res.body.error.message).toContain(UNSUPPORTED);
  });

  it('refuses 11 MB with 413 and a message', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    (await pngImage()).copy(big);
    const res = await upload(venueId, uploadForm(big, 'huge.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('Images can be at most 10 MB.');
  });

  it('refuses a file just over 10 MB that fits in the body limit with 413', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    (await pngImage()).copy(big);
    const res = await upload(venueId, uploadForm(big, 'just-over.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toBe('Images can be at most 10 MB.');
  });

  it('refuses a huge-dimension image (decompression bomb) with 413', async () => {
    const bomb = await sharp({ create: { width: 10000, height: 6000, channels: 3, background: '#000' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.byteLength).toBeLessThan(10 * 1024 * 1024);
    const res = await upload(venueId, uploadForm(bomb, 'bomb.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body.error.message).toMatch(/megapixels/);
  });

  it("stores '../../x.png' under a safe name inside the venue's folder", async () => {
    const res = await upload(venueId, uploadForm(await pngImage(), '../../x.png', 'image/png'));
    expect(res.status).toBe(201);
    const key: string = res.body.image.path;
    expect(key).toMatch(new RegExp(`^${venueId}/\\d+-\\d+-x\\.png$`));
    const root = path.join(env.config.DATA_DIR, 'uploads');
    expect(existsSync(path.join(root, key))).toBe(true);
    expect(existsSync(path.join(root, '..', 'x.png'))).toBe(false);
    expect(existsSync(path.join(env.config.DATA_DIR, '..', 'x.png'))).toBe(false);
  });

  it.each([
    ['..\\..\\windows\\evil name!.png', 'evilname.png'],
    ['...png', 'image.png'],
    ['.htaccess', 'htaccess.png'],
    ['%2e%2e%2fsecret.png', '2e2e2fsecret.png'],
  ])('names %j safely (%s)', async (name, expected) => {
    const res = await upload(venueId, uploadForm(await pngImage(), name, 'image/png'));
    expect(res.status).toBe(201);
    expect(res.body.image.path.split('/')[1]).toMatch(
      new RegExp(`^\\d+-\\d+-${expected.replace('.', '\\.')}$`),
    );
  });

  it('strips GPS and other EXIF from the stored original', async () => {
    const input = await jpegWithGps();
    const inputMeta = await sharp(input).metadata();
    // The test image really carries GPS latitude (tag 2) and longitude (tag 4).
    expect(exifGpsTags(inputMeta.exif)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    const res = await upload(venueId, uploadForm(input, 'gps.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    for (const url of [res.body.image.url, res.body.image.card_url, res.body.image.full_url]) {
      const { bytes } = await media(url);
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(exifGpsTags(meta.exif)).toEqual([]);
      expect(bytes.includes(Buffer.from('Velvet Test Camera'))).toBe(false);
    }
  });

  it('honours the EXIF orientation before stripping it', async () => {
    const res = await upload(venueId, uploadForm(await jpegRotated(), 'portrait.jpg', 'image/jpeg'));
    const meta = await sharp((await media(res.body.image.url)).bytes).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([60, 120, undefined]);
  });

  it('needs a multipart body with a file in the field "file"', async () => {
    const json = await call(env, 'POST', `/api/venues/${venueId}/images`, {
      cookie: actors.host.cookie,
      json: { file: 'x' },
    });
    expect(json.status).toBe(415);
    const form = new FormData();
    form.append('photo', new Blob([await pngImage()]), 'a.png');
    const wrongField = await upload(venueId, form);
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error.field).toBe('file');
    const text = new FormData();
    text.append('file', 'not a file');
    expect((await upload(venueId, text)).status).toBe(400);
  });

  it('refuses an upload without the Origin of the site (CSRF)', async () => {
    const res = await env.app.request(`/api/venues/${venueId}/images`, {
      method: 'POST',
      headers: { cookie: actors.host.cookie, origin: 'https://evil.example' },
      body: uploadForm(await pngImage(), 'a.png'),
    });
    expect(res.status).toBe(403);
  });
});

describe('at most 20 photos per venue', () => {
  it('answers 409 for the 21st photo', async () => {
    const v = await submitVenue(env, actors.host);
    const first = await upload(v.id, uploadForm(await pngImage(), 'real.png'));
    const fillers = Array.from({ length: 18 }, (_, i) => `${v.id}/1-${i + 1}-filler.png`);
    await env.ctx.db
      .update(venues)
      .set({ images: [first.body.image.path, ...fillers] })
      .where(eq(venues.id, v.id));
    const twentieth = await upload(v.id, uploadForm(await pngImage(), 'twenty.png'));
    expect(twentieth.status).toBe(201);
    expect(twentieth.body.images).toHaveLength(20);
    const res = await upload(v.id, uploadForm(await pngImage(), 'too-many.png'));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/at most 20 photos/);
  });
});

describe('DELETE /api/venues/:id/images?path=…', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 200],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const v = await submitVenue(env, actors.host);
    const { body } = await upload(v.id, uploadForm(await pngImage(), 'a.png'));
    const key = body.image.path as string;
    const res = await call(env, 'DELETE', `/api/venues/${v.id}/images?path=${encodeURIComponent(key)}`, {
      cookie: as(role),
    });
    expect(res.status).toBe(status);
    expect(await env.ctx.storage.get(key)).toEqual(
      status === 200 ? null : expect.objectContaining({ contentType: 'image/png' }),
    );
  });

  it('removes the image and its files (original, card, full)', async () => {
    // A venue not yet approved: its photos apply at once (an approved one's wait, decision 74).
    const v = await submitVenue(env, actors.host);
    const a = (await upload(v.id, uploadForm(await pngImage(), 'a.png'))).body.image;
    const b = (await upload(v.id, uploadForm(await pngImage(), 'b.png'))).body.image;
    for (const url of [a.url, a.card_url, a.full_url]) expect((await media(url)).res.status).toBe(200);
    const res = await call(env, 'DELETE', `/api/venues/${v.id}/images?path=${encodeURIComponent(a.path)}`, {
      cookie: actors.host.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body.images.map((i: { path: string }) => i.path)).toEqual([b.path]);
    for (const url of [a.url, a.card_url, a.full_url]) expect((await media(url)).res.status).toBe(404);
    for (const key of [a.path, `${a.path}.card.webp`, `${a.path}.full.webp`])
      expect(await env.ctx.storage.get(key)).toBeNull();
    expect((await media(b.url)).res.status).toBe(200);
    // Once approved, the list card shows the remaining photo.
    await approveVenue(env, actors.admin, v.id);
    const list = await call(env, 'GET', '/api/venues?limit=48');
    const card = list.body.venues.find((c: { id: string }) => c.id === v.id);
    expect(card.image.url).toBe(b.card_url);
  });

  it('answers 404 for a path that is not one of the venue’s photos, 400 without a path', async () => {
    const v = await submitVenue(env, actors.host);
    const other = await submitVenue(env, actors.host);
    const { body } = await upload(other.id, uploadForm(await pngImage(), 'a.png'));
    const res = await call(
      env,
      'DELETE',
      `/api/venues/${v.id}/images?path=${encodeURIComponent(body.image.path)}`,
      {
        cookie: actors.host.cookie,
      },
    );
    expect(res.status).toBe(404);
    expect(await env.ctx.storage.get(body.image.path)).not.toBeNull();
    expect(
      (await call(env, 'DELETE', `/api/venues/${v.id}/images`, { cookie: actors.host.cookie })).status,
    ).toBe(400);
  });
});

describe('PUT /api/venues/:id/images/order', () => {
  it.each<[Role, number]>([
    ['signedOut', 401],
    ['guest', 403],
    ['otherGuest', 403],
    ['host', 200],
    ['otherHost', 403],
    ['admin', 200],
  ])('%s → %i', async (role, status) => {
    const v = await submitVenue(env, actors.host);
    const a = (await upload(v.id, uploadForm(await pngImage(), 'a.png'))).body.image.path;
    const b = (await upload(v.id, uploadForm(await pngImage(), 'b.png'))).body.image.path;
    const res = await call(env, 'PUT', `/api/venues/${v.id}/images/order`, {
      cookie: as(role),
      json: { images: [b, a] },
    });
    expect(res.status).toBe(status);
    const [row] = await env.ctx.db.select().from(venues).where(eq(venues.id, v.id));
    expect(row!.images).toEqual(status === 200 ? [b, a] : [a, b]);
  });

  it('refuses an order that is not the same set of photos', async () => {
    const v = await submitVenue(env, actors.host);
    const a = (await upload(v.id, uploadForm(await pngImage(), 'a.png'))).body.image.path;
    const b = (await upload(v.id, uploadForm(await pngImage(), 'b.png'))).body.image.path;
    for (const images of [[a], [a, a], [a, b, `${v.id}/1-9-other.png`], [a, `${v.id}/1-9-other.png`]]) {
      const res = await call(env, 'PUT', `/api/venues/${v.id}/images/order`, {
        cookie: actors.host.cookie,
        json: { images },
      });
      expect(res.status, JSON.stringify(images)).toBe(400);
    }
    const notList = await call(env, 'PUT', `/api/venues/${v.id}/images/order`, {
      cookie: actors.host.cookie,
      json: { images: 'a' },
    });
    expect(notList.status).toBe(400);
  });
});

describe('GET /media/<key>', () => {
  it.each<Role>(['signedOut', 'guest', 'otherGuest', 'host', 'otherHost', 'admin'])(
    'serves a stored image to %s with immutable caching, nosniff and an inline file name',
    async (role) => {
      const v = await createActiveVenue(env, actors);
      const { body } = await upload(v.id, uploadForm(await jpegImage(), 'Front Door.jpg', 'image/jpeg'));
      const res = await call(env, 'GET', body.image.url, { cookie: as(role) });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/jpeg');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      const fileName = body.image.path.split('/')[1];
      expect(res.headers.get('content-disposition')).toBe(`inline; filename="${fileName}"`);
    },
  );

  it('answers 404 for unknown keys and anything that is not a stored key', async () => {
    for (const url of [
      '/media/4b1d3f55-0000-4000-8000-000000000000/1-0-nothing.png',
      '/media/nothing',
      '/media/',
      '/media/..%2F..%2Fpackage.json',
      '/media/../package.json',
      '/media/4b1d3f55-0000-4000-8000-000000000000/..%2F..%2F.auth-secret',
      '/media/4b1d3f55-0000-4000-8000-000000000000/.hidden.png',
    ]) {
      const res = await env.app.request(url);
      expect(res.status, url).toBe(404);
    }
  });
});
