/**
 * The demo photos, rendered and run through the image pipeline once at build time
 * (`npm run build` → dist/demo-photos), so that a fresh start with the demo data does no image
 * work (issue 13: a fresh first start in ≤ 3 s). Files are named by a hash of the picture and
 * of the pipeline's sizes: a changed scene or size is simply a missing file, made on the next
 * build — or, without a build (tests, `npm run dev`), by the seed itself as before.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IMAGE_FORMATS } from '../images/detect';
import { CARD_SIZE, FULL_MAX_WIDTH, processImage, type ProcessedImage } from '../images/pipeline';

/** One demo photo: the file name a host would have uploaded and the picture as SVG. */
export interface DemoPhotoSpec {
  name: string;
  svg: string;
}

type Prebuilt = Pick<ProcessedImage, 'original' | 'card' | 'full' | 'contentType' | 'extension'>;

/** Beside the server build: dist/server/main.js → dist/demo-photos. */
export function demoPhotosDir(): string {
  return (
    process.env.DEMO_PHOTOS_DIR ??
    path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../demo-photos')
  );
}

const VERSION = `card ${CARD_SIZE.width}x${CARD_SIZE.height} full ${FULL_MAX_WIDTH} jpeg85 v1`;

function fingerprint(spec: DemoPhotoSpec): string {
  return createHash('sha256').update(VERSION).update(spec.svg).digest('hex').slice(0, 20);
}

const files = (dir: string, spec: DemoPhotoSpec) => {
  const base = path.join(dir, fingerprint(spec));
  return { original: `${base}.jpg`, card: `${base}.card.webp`, full: `${base}.full.webp` };
};

/** The processed photo made by the build, or null when it has none for this picture. */
export async function prebuiltDemoPhoto(
  spec: DemoPhotoSpec,
  dir = demoPhotosDir(),
): Promise<Prebuilt | null> {
  const f = files(dir, spec);
  try {
    const [original, card, full] = await Promise.all([
      readFile(f.original),
      readFile(f.card),
      readFile(f.full),
    ]);
    return {
      original,
      card,
      full,
      contentType: IMAGE_FORMATS.jpeg.contentType,
      extension: IMAGE_FORMATS.jpeg.extension,
    };
  } catch {
    return null;
  }
}

/**
 * Makes every missing photo of `specs` in `dir` (`jpeg` renders one as the JPEG a host would
 * upload) and removes the files no photo uses.
 */
export async function buildDemoPhotos(
  dir: string,
  specs: DemoPhotoSpec[],
  jpeg: (spec: DemoPhotoSpec) => Promise<Buffer>,
): Promise<{ made: number; kept: number }> {
  mkdirSync(dir, { recursive: true });
  const wanted = new Set<string>();
  let made = 0;
  let kept = 0;
  for (const spec of specs) {
    const f = files(dir, spec);
    for (const file of Object.values(f)) wanted.add(path.basename(file));
    if (await prebuiltDemoPhoto(spec, dir)) {
      kept++;
      continue;
    }
    const processed = await processImage(await jpeg(spec));
    await Promise.all([
      writeFile(f.original, processed.original),
      writeFile(f.card, processed.card),
      writeFile(f.full, processed.full),
    ]);
    made++;
  }
  for (const name of readdirSync(dir)) if (!wanted.has(name)) rmSync(path.join(dir, name), { force: true });
  return { made, kept };
}
