import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { LocalDiskStorage, S3Storage, createStorage, isSafeKey } from '../src/server/adapters/storage';
import { loadConfig } from '../src/server/config';
import { sniffImageFormat } from '../src/server/images/detect';
import { safeFileName } from '../src/server/images/pipeline';
import { HTML_PAGE, SVG_IMAGE, avifImage, gifImage, jpegImage, pngImage, webpImage } from './fixtures/images';

const VENUE = '4b1d3f55-0000-4000-8000-000000000001';
const bytes = (s: string) => new TextEncoder().encode(s);

describe('storage keys and file names', () => {
  it.each([
    [`${VENUE}/1-0-x.png`, true],
    [`${VENUE}/1-0-x.png.card.webp`, true],
    ['../x.png', false],
    [`${VENUE}/../x.png`, false],
    [`${VENUE}/./x.png`, false],
    ['/abs.png', false],
    [`${VENUE}//x.png`, false],
    [`${VENUE}/.hidden.png`, false],
    [`${VENUE}/x y.png`, false],
    [`${VENUE}\\x.png`, false],
    ['', false],
  ])('isSafeKey(%j) = %s', (key, safe) => {
    expect(isSafeKey(key)).toBe(safe);
  });

  it.each([
    ['../../x.png', 'png', 'x.png'],
    ['C:\\Users\\me\\Night Out.JPG', 'jpg', 'nightout.jpg'],
    ['photo.jpg', 'png', 'photo.png'],
    ['archive.tar.gz', 'webp', 'archive.tar.webp'],
    ['....', 'gif', 'image.gif'],
    ['ünïcödé.png', 'png', 'ncd.png'],
    ['', 'avif', 'image.avif'],
    [`${'a'.repeat(200)}.png`, 'png', `${'a'.repeat(80)}.png`],
  ])('safeFileName(%j, %s) = %j', (name, ext, expected) => {
    expect(safeFileName(name, ext)).toBe(expected);
  });
});

describe('content sniffing', () => {
  it('recognises the five accepted formats and nothing else', async () => {
    expect(sniffImageFormat(await jpegImage())).toBe('jpeg');
    expect(sniffImageFormat(await pngImage())).toBe('png');
    expect(sniffImageFormat(await webpImage())).toBe('webp');
    expect(sniffImageFormat(await gifImage())).toBe('gif');
    expect(sniffImageFormat(await avifImage())).toBe('avif');
    expect(sniffImageFormat(SVG_IMAGE)).toBeNull();
    expect(sniffImageFormat(HTML_PAGE)).toBeNull();
    expect(sniffImageFormat(new Uint8Array())).toBeNull();
    // A HEIC (HEIF, not AVIF) file type box.
    const heic = Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1');
    expect(sniffImageFormat(heic)).toBeNull();
  });
});

describe('LocalDiskStorage', () => {
  const make = async () => new LocalDiskStorage(await mkdtemp(path.join(os.tmpdir(), 'velvet-store-')));

  it('puts, gets and deletes objects with the content type of their extension', async () => {
    const store = await make();
    const key = `${VENUE}/1-0-a.png`;
    await store.put(key, bytes('png-bytes'), 'image/png');
    expect(await store.get(key)).toEqual({ body: expect.any(Buffer), contentType: 'image/png', size: 9 });
    expect(Buffer.from((await store.get(key))!.body).toString()).toBe('png-bytes');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    await store.delete(key); // deleting twice is fine
    expect(await store.get(`${VENUE}/never.png`)).toBeNull();
    // No temporary files are left behind.
    expect(await readdir(path.join(store.root, VENUE))).toEqual([]);
  });

  it('refuses unsafe keys and a content type its extension does not name', async () => {
    const store = await make();
    await expect(store.put('../escape.png', bytes('x'), 'image/png')).rejects.toThrow(/Unsafe/);
    await expect(store.put(`${VENUE}/a.png`, bytes('x'), 'image/jpeg')).rejects.toThrow();
    await expect(store.put(`${VENUE}/a.html`, bytes('<html>'), 'text/html')).rejects.toThrow();
    expect(await store.get('../../etc/passwd')).toBeNull();
    expect(await store.get(VENUE)).toBeNull();
    await expect(store.delete('../x.png')).rejects.toThrow(/Unsafe/);
  });

  it('deletes a venue folder by prefix, and only that folder', async () => {
    const store = await make();
    const other = '4b1d3f55-0000-4000-8000-000000000002';
    for (const k of [`${VENUE}/1-0-a.png`, `${VENUE}/1-0-a.png.card.webp`, `${other}/1-0-b.png`]) {
      await store.put(k, bytes('x'), k.endsWith('.webp') ? 'image/webp' : 'image/png');
    }
    await store.deletePrefix(`${VENUE}/`);
    expect(await store.get(`${VENUE}/1-0-a.png`)).toBeNull();
    expect(await store.get(`${VENUE}/1-0-a.png.card.webp`)).toBeNull();
    expect(await store.get(`${other}/1-0-b.png`)).not.toBeNull();
    await store.deletePrefix(`${VENUE}/`); // a missing folder is fine
    await store.deletePrefix(`${other}/1-0-b`);
    expect(await store.get(`${other}/1-0-b.png`)).toBeNull();
    await expect(store.deletePrefix('../')).rejects.toThrow(/Unsafe/);
  });
});

/** A stand-in for the S3 client: keeps objects in a map and answers the commands S3Storage sends. */
class FakeS3 {
  readonly objects = new Map<string, { body: Uint8Array; type?: string }>();
  readonly sent: string[] = [];
  pageSize = 2;

  async send(command: unknown): Promise<unknown> {
    this.sent.push((command as object).constructor.name);
    if (command instanceof PutObjectCommand) {
      const { Key, Body, ContentType, Bucket } = command.input;
      expect(Bucket).toBe('velvet-photos');
      this.objects.set(Key!, { body: Body as Uint8Array, type: ContentType });
      return {};
    }
    if (command instanceof GetObjectCommand) {
      const object = this.objects.get(command.input.Key!);
      if (!object) throw Object.assign(new Error('The specified key does not exist.'), { name: 'NoSuchKey' });
      return { Body: { transformToByteArray: async () => object.body }, ContentType: object.type };
    }
    if (command instanceof DeleteObjectCommand) {
      this.objects.delete(command.input.Key!);
      return {};
    }
    if (command instanceof ListObjectsV2Command) {
      const keys = [...this.objects.keys()].filter((k) => k.startsWith(command.input.Prefix ?? '')).sort();
      const start = Number(command.input.ContinuationToken ?? 0);
      const page = keys.slice(start, start + this.pageSize);
      const more = start + this.pageSize < keys.length;
      return {
        Contents: page.map((Key) => ({ Key })),
        IsTruncated: more,
        NextContinuationToken: more ? String(start + this.pageSize) : undefined,
      };
    }
    if (command instanceof DeleteObjectsCommand) {
      for (const o of command.input.Delete?.Objects ?? []) this.objects.delete(o.Key!);
      return {};
    }
    throw new Error('unexpected command');
  }
}

describe('S3Storage', () => {
  it('puts with the content type and a year of caching, gets, and answers null for a missing key', async () => {
    const fake = new FakeS3();
    const store = new S3Storage(fake as unknown as S3Client, 'velvet-photos');
    await store.put(`${VENUE}/1-0-a.jpg`, bytes('jpeg'), 'image/jpeg');
    const got = await store.get(`${VENUE}/1-0-a.jpg`);
    expect(got).toMatchObject({ contentType: 'image/jpeg', size: 4 });
    expect(await store.get(`${VENUE}/missing.jpg`)).toBeNull();
    expect(await store.get('../x.jpg')).toBeNull();
    await store.delete(`${VENUE}/1-0-a.jpg`);
    expect(fake.objects.size).toBe(0);
  });

  it('deletes by prefix across listing pages', async () => {
    const fake = new FakeS3();
    const store = new S3Storage(fake as unknown as S3Client, 'velvet-photos');
    for (let i = 0; i < 5; i++) await store.put(`${VENUE}/1-${i}-a.png`, bytes('x'), 'image/png');
    await store.put('4b1d3f55-0000-4000-8000-000000000002/1-0-b.png', bytes('x'), 'image/png');
    await store.deletePrefix(`${VENUE}/`);
    expect([...fake.objects.keys()]).toEqual(['4b1d3f55-0000-4000-8000-000000000002/1-0-b.png']);
    expect(fake.sent.filter((c) => c === 'ListObjectsV2Command').length).toBeGreaterThanOrEqual(3);
  });

  it('is chosen when S3_BUCKET is set; the local disk otherwise', () => {
    const s3 = createStorage(
      loadConfig({ NODE_ENV: 'test', S3_BUCKET: 'velvet-photos', S3_ENDPOINT: 'http://127.0.0.1:9000' }),
    );
    expect(s3.name).toBe('s3');
    const disk = createStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/velvet-x' }));
    expect(disk.name).toBe('disk');
    expect((disk as LocalDiskStorage).root).toBe(path.resolve('/tmp/velvet-x/uploads'));
  });
});
