/**
 * The venue photo pipeline: a real image (by content) is re-encoded without metadata
 * (EXIF/GPS, XMP, ICC comments …) after honouring its orientation, and two WebP variants
 * are made — card (640×400, cropped to 16:10) and full (at most 1600 wide, never enlarged).
 */
import type SharpFn from 'sharp';
import type { Metadata, Sharp, SharpOptions } from 'sharp';
import { IMAGE_FORMATS, sniffImageFormat, type ImageFormat } from './detect';
import { imageQueue } from './queue';

let loaded: Promise<typeof SharpFn> | undefined;
/**
 * sharp (libvips), loaded on the first image rather than when the server starts: loading it
 * costs ~150 ms of CPU that a start does not need (issue 13, decision 33).
 */
export function loadSharp(): Promise<typeof SharpFn> {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    // One libvips thread per job: the number of jobs (images/queue.ts) is the number of cores used.
    sharp.concurrency(1);
    // No libvips operation cache: every upload is new, and cached 50-megapixel images only hold memory.
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_IMAGES_PER_VENUE = 20;
/** Decompression-bomb guard: at most 50 megapixels per image (per frame for animations). */
export const MAX_IMAGE_PIXELS = 50_000_000;
export const CARD_SIZE = { width: 640, height: 400 } as const;
export const FULL_MAX_WIDTH = 1600;

export const UNSUPPORTED_IMAGE_MESSAGE = 'Only image files (JPEG, PNG, WebP, GIF, AVIF) can be uploaded.';
export const IMAGE_TOO_LARGE_MESSAGE = `Images can be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`;
export const TOO_MANY_IMAGES_MESSAGE = `A venue can have at most ${MAX_IMAGES_PER_VENUE} photos. Remove one before adding another.`;

export type ImageRejection = 'type' | 'size' | 'dimensions' | 'unreadable';

export class ImageRejectedError extends Error {
  constructor(
    readonly reason: ImageRejection,
    message: string,
  ) {
    super(message);
  }
}

export interface ProcessedImage {
  format: ImageFormat;
  extension: string;
  contentType: string;
  width: number;
  height: number;
  /** The re-encoded original, without metadata. */
  original: Buffer;
  card: Buffer;
  full: Buffer;
}

/** Variant keys beside an original key. */
export const cardKey = (key: string) => `${key}.card.webp`;
export const fullKey = (key: string) => `${key}.full.webp`;

/**
 * A file name safe to store: the last path part, lower-cased, only [a-z0-9._-], no leading
 * dots, at most 80 characters, with the extension of the detected format
 * ('../../x.png' → 'x.png'; 'Photo.JPG' holding a PNG → 'photo.png').
 */
export function safeFileName(name: string, extension: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '').toLowerCase().replace(/[^a-z0-9._-]/g, '');
  const stem = base
    .replace(/\.[a-z0-9]{1,5}$/, '')
    .replace(/^[.]+/, '')
    .replace(/\.{2,}/g, '.')
    .slice(0, 80)
    .replace(/[.]+$/, '');
  return `${stem || 'image'}.${extension}`;
}

function reencode(image: Sharp, format: ImageFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 86, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 9, effort: 7 });
    case 'webp':
      return image.webp({ quality: 88 });
    case 'gif':
      return image.gif();
    case 'avif':
      return image.avif({ quality: 60, effort: 2 });
  }
}

/**
 * Memory an image job may take, in bytes, estimated from the header: re-encoding the original
 * dominates — a progressive, Huffman-optimised JPEG keeps every DCT coefficient of the image
 * (twice, in mozjpeg) until the last scan, and WebP, GIF and AVIF encoders hold the whole
 * image: about 6 bytes a pixel, measured (300 MB for 7000 × 7000). The WebP variants are
 * shrunk on load and small beside it.
 */
export const BYTES_PER_PIXEL = 6;
export const imageCost = (width: number, height: number, frames = 1) =>
  width * height * frames * BYTES_PER_PIXEL;

/**
 * Checks and converts one uploaded image; throws ImageRejectedError with a user-facing message.
 * The header is checked first (cheap); the conversion runs in the image queue: at most one
 * image per core, and no more at once than the memory budget allows (images/queue.ts).
 */
export async function processImage(bytes: Uint8Array): Promise<ProcessedImage> {
  const checked = await check(bytes);
  return imageQueue.run(() => convert(checked), imageCost(checked.width, checked.height, checked.frames));
}

interface CheckedImage {
  input: Buffer;
  format: ImageFormat;
  animated: boolean;
  width: number;
  height: number;
  frames: number;
  orientation: number;
}

const open = (sharp: typeof SharpFn, image: CheckedImage, opts: SharpOptions = {}) =>
  sharp(image.input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', ...opts });

async function check(bytes: Uint8Array): Promise<CheckedImage> {
  if (bytes.byteLength > MAX_IMAGE_BYTES) throw new ImageRejectedError('size', IMAGE_TOO_LARGE_MESSAGE);
  const format = sniffImageFormat(bytes);
  if (!format) throw new ImageRejectedError('type', UNSUPPORTED_IMAGE_MESSAGE);
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sharp = await loadSharp();
  const animated = format === 'gif' || format === 'webp';

  let meta: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked below with a clear message.
    meta = await sharp(input, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw new ImageRejectedError('unreadable', `This image could not be read. ${UNSUPPORTED_IMAGE_MESSAGE}`);
  }
  // The decoder must agree with the magic bytes (an AVIF is a HEIF with AV1 compression).
  const decoded = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  if (decoded !== format) throw new ImageRejectedError('type', UNSUPPORTED_IMAGE_MESSAGE);
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  if (!width || !height)
    throw new ImageRejectedError('unreadable', `This image could not be read. ${UNSUPPORTED_IMAGE_MESSAGE}`);
  // sharp's limit applies to the whole decoded image, so an animation counts all its frames.
  const frames = animated ? (meta.pages ?? 1) : 1;
  if (width * height * frames > MAX_IMAGE_PIXELS) {
    throw new ImageRejectedError(
      'dimensions',
      `Images can be at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels (all frames of an animation together).`,
    );
  }
  return { input, format, animated, width, height, frames, orientation: meta.orientation ?? 1 };
}

async function convert(image: CheckedImage): Promise<ProcessedImage> {
  const { format, animated, width, height } = image;
  const sharp = await loadSharp();
  try {
    // No withMetadata(): sharp writes no EXIF, XMP or IPTC; rotate() applies the orientation first.
    // One after another, not at once: each decodes the whole image, and memory is the limit.
    const original = await reencode(open(sharp, image, { animated }).rotate(), format).toBuffer();
    const card = await open(sharp, image)
      .rotate()
      .resize(CARD_SIZE.width, CARD_SIZE.height, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 80 })
      .toBuffer();
    const full = await open(sharp, image)
      .rotate()
      .resize({ width: FULL_MAX_WIDTH, withoutEnlargement: true })
      .webp({ quality: 82, effort: 3 })
      .toBuffer();
    const oriented = image.orientation >= 5;
    return {
      format,
      ...IMAGE_FORMATS[format],
      width: oriented ? height : width,
      height: oriented ? width : height,
      original,
      card,
      full,
    };
  } catch (err) {
    if (err instanceof ImageRejectedError) throw err;
    throw new ImageRejectedError('unreadable', `This image could not be read. ${UNSUPPORTED_IMAGE_MESSAGE}`);
  }
}
