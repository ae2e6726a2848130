import { access, constants, mkdir, readFile, readdir, rm, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { unavailable } from '@/domain/errors';
import type { Config } from '../config';

/**
 * The AWS SDK, loaded when S3 is first used: loading it costs ~140 ms of CPU, which a start
 * (and every install on the local disk) does not need (decision 33).
 */
const awsS3 = () => import('@aws-sdk/client-s3');

export interface StoredObject {
  body: Uint8Array;
  contentType: string;
  size: number;
}

/** Where venue photos live: local disk by default, S3-compatible storage when S3_BUCKET is set. */
export interface ImageStorage {
  readonly name: 'disk' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The object, or null when there is none under that key. */
  get(key: string): Promise<StoredObject | null>;
  /** Removes one object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object whose key starts with the prefix (e.g. a venue's folder 'venueId/'). */
  deletePrefix(prefix: string): Promise<void>;
  /** Throws, saying why, when photos cannot be stored right now (the readiness probe). */
  check(): Promise<void>;
}

/**
 * Keys are relative paths of safe segments: letters, digits, '.', '_' and '-', separated by
 * '/'; no empty, '.' or '..' segment and no leading dot, so a key can never leave the root.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((s) => SEGMENT.test(s) && s !== '.' && s !== '..');
}

function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
}

const TYPE_BY_EXTENSION: Record<string, string> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
};

/** The content type a key's extension stands for (the disk store keeps no other metadata). */
export function contentTypeForKey(key: string): string | undefined {
  return TYPE_BY_EXTENSION[path.extname(key).toLowerCase()];
}

/**
 * Files under `${DATA_DIR}/uploads`. The content type is the one the key's extension names,
 * so put() refuses a key whose extension does not match what is stored.
 */
export class LocalDiskStorage implements ImageStorage {
  readonly name = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private fileFor(key: string): string {
    assertSafeKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Unsafe storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async check(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    await access(this.root, constants.W_OK);
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const file = this.fileFor(key);
    if (contentTypeForKey(key) !== contentType) {
      throw new Error(`The key ${key} does not name a ${contentType} file`);
    }
    await mkdir(path.dirname(file), { recursive: true });
    // Write then rename: a reader never sees half a file.
    const temp = `${file}.${randomBytes(6).toString('hex')}.part`;
    await writeFile(temp, bytes);
    await rename(temp, file);
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    const contentType = contentTypeForKey(key);
    if (!contentType) return null;
    try {
      const body = await readFile(this.fileFor(key));
      return { body, contentType, size: body.byteLength };
    } catch (err) {
      if (
        (err as NodeJS.ErrnoException).code === 'ENOENT' ||
        (err as NodeJS.ErrnoException).code === 'EISDIR'
      ) {
        return null;
      }
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    const folder = prefix.replace(/\/+$/, '');
    assertSafeKey(folder);
    if (prefix.endsWith('/')) {
      await rm(this.fileFor(folder), { recursive: true, force: true });
      return;
    }
    // A prefix inside a folder: remove the matching files of that folder.
    const dir = path.dirname(this.fileFor(folder));
    const base = path.basename(folder);
    const entries = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(
      entries
        .filter((e) => e.startsWith(base))
        .map((e) => rm(path.join(dir, e), { recursive: true, force: true })),
    );
  }

  /** Whether a file exists (for tests and diagnostics). */
  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.fileFor(key))).isFile();
    } catch {
      return false;
    }
  }
}

type S3Like = Pick<S3Client, 'send'>;

export const STORAGE_UNAVAILABLE = 'Photo storage is unavailable right now. Please try again in a minute.';

/** An S3 failure other than a missing object: a 503 the person can retry, with the cause logged. */
function storageFault(err: unknown): Error {
  const fault = unavailable(STORAGE_UNAVAILABLE, 5);
  (fault as Error & { cause?: unknown }).cause = err;
  return fault;
}

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Objects in an S3-compatible bucket (AWS S3, MinIO, R2 …). */
export class S3Storage implements ImageStorage {
  readonly name = 's3' as const;

  private readonly client: Promise<S3Like>;
  constructor(
    client: S3Like | Promise<S3Like>,
    private readonly bucket: string,
  ) {
    this.client = Promise.resolve(client);
  }

  static fromConfig(config: Config): S3Storage {
    if (!config.S3_BUCKET) throw new Error('S3_BUCKET is not set');
    const options: S3ClientConfig = {
      region: config.S3_REGION,
      // An outage answers within seconds (a 503), instead of the SDK's open-ended waits.
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2000, requestTimeout: 10_000 },
      // Checksums only where S3 requires them: S3-compatible stores differ on the newer ones.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    };
    if (config.S3_ENDPOINT) {
      options.endpoint = config.S3_ENDPOINT;
      options.forcePathStyle = true;
    }
    if (config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
      options.credentials = {
        accessKeyId: config.S3_ACCESS_KEY_ID,
        secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      };
    }
    return new S3Storage(
      awsS3().then(({ S3Client }) => new S3Client(options)),
      config.S3_BUCKET,
    );
  }

  async check(): Promise<void> {
    const [client, { HeadBucketCommand }] = await Promise.all([this.client, awsS3()]);
    await client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertSafeKey(key);
    const [client, { PutObjectCommand }] = await Promise.all([this.client, awsS3()]);
    await client
      .send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.byteLength,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      )
      .catch((err: unknown) => {
        throw storageFault(err);
      });
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isSafeKey(key)) return null;
    const [client, { GetObjectCommand }] = await Promise.all([this.client, awsS3()]);
    try {
      const res = await client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      const body = await res.Body.transformToByteArray();
      return {
        body,
        contentType: res.ContentType || contentTypeForKey(key) || 'application/octet-stream',
        size: body.byteLength,
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw storageFault(err);
    }
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    const [client, { DeleteObjectCommand }] = await Promise.all([this.client, awsS3()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })).catch((err: unknown) => {
      if (!isMissing(err)) throw storageFault(err);
    });
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafeKey(prefix.replace(/\/+$/, ''));
    const [client, { ListObjectsV2Command, DeleteObjectsCommand }] = await Promise.all([
      this.client,
      awsS3(),
    ]);
    // List the first page, delete it, repeat: no continuation token over a listing being deleted.
    for (;;) {
      const page = await client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix }));
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length === 0) return;
      const res = await client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (res.Errors?.length) {
        throw new Error(
          `Could not delete ${res.Errors.length} object(s) under ${prefix}: ${res.Errors[0]?.Message ?? ''}`,
        );
      }
      if (!page.IsTruncated) return;
    }
  }
}

/** S3 when S3_BUCKET is set, else the local disk under `${DATA_DIR}/uploads`. */
export function createStorage(config: Config): ImageStorage {
  if (config.S3_BUCKET) return S3Storage.fromConfig(config);
  return new LocalDiskStorage(path.join(config.DATA_DIR, 'uploads'));
}
