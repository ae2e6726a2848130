/**
 * Venue photos: upload (checked, stripped and converted by the image pipeline), removal and
 * reordering. Files are written before the database change and removed if it fails; files
 * of a removed photo are deleted after the change commits, so a key in venues.images always
 * has its files.
 */
import { eq, sql } from 'drizzle-orm';
import { AppError, conflict, invalid, notFound } from '@/domain/errors';
import type { AppContext } from '../../context';
import type { Viewer } from '../../viewer';
import { venues } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import {
  IMAGE_TOO_LARGE_MESSAGE,
  ImageRejectedError,
  MAX_IMAGES_PER_VENUE,
  TOO_MANY_IMAGES_MESSAGE,
  cardKey,
  fullKey,
  processImage,
  safeFileName,
  type ProcessedImage,
} from '../../images/pipeline';
import { loadForEdit } from './access';
import { announcePendingChanges, nextPending } from './pending-changes';
import { imageView, type VenueImage } from './shared';
import { contentNeedingReview } from '@/domain/venue-review';

export interface UploadedFile {
  name: string;
  bytes: Uint8Array;
}

const tooMany = () => conflict(TOO_MANY_IMAGES_MESSAGE, 'TOO_MANY_IMAGES');

function rejectionToAppError(err: ImageRejectedError): AppError {
  switch (err.reason) {
    case 'size':
      return new AppError('too_large', IMAGE_TOO_LARGE_MESSAGE, { reason: 'PAYLOAD_TOO_LARGE' });
    case 'dimensions':
      return new AppError('too_large', err.message, { reason: 'IMAGE_TOO_LARGE' });
    case 'type':
    case 'unreadable':
      return new AppError('unsupported_media_type', err.message, { reason: 'UNSUPPORTED_MEDIA_TYPE' });
  }
}

export async function removeFiles(ctx: AppContext, keys: string[]) {
  const results = await Promise.allSettled(
    keys.flatMap((k) => [k, cardKey(k), fullKey(k)]).map((k) => ctx.storage.delete(k)),
  );
  for (const r of results) {
    if (r.status === 'rejected') ctx.log.error({ err: r.reason }, 'could not remove a photo file');
  }
}

/**
 * Runs one image through the pipeline and stores the original and its variants under
 * `{venueId}/{timestamp}-{index}-{safeName}`; returns the key (the seed uses it too).
 */
export async function storeVenueImage(
  ctx: AppContext,
  venueId: string,
  index: number,
  file: UploadedFile,
): Promise<string> {
  let processed;
  try {
    processed = await processImage(file.bytes);
  } catch (err) {
    if (err instanceof ImageRejectedError) throw rejectionToAppError(err);
    throw err;
  }
  return storeProcessedVenueImage(ctx, venueId, index, file.name, processed);
}

/** Stores an image the pipeline has already processed (the demo photos made at build time). */
export async function storeProcessedVenueImage(
  ctx: AppContext,
  venueId: string,
  index: number,
  name: string,
  processed: Pick<ProcessedImage, 'original' | 'card' | 'full' | 'contentType' | 'extension'>,
): Promise<string> {
  const key = `${venueId}/${ctx.now().getTime()}-${index}-${safeFileName(name, processed.extension)}`;
  try {
    await Promise.all([
      ctx.storage.put(key, processed.original, processed.contentType),
      ctx.storage.put(cardKey(key), processed.card, 'image/webp'),
      ctx.storage.put(fullKey(key), processed.full, 'image/webp'),
    ]);
  } catch (err) {
    await removeFiles(ctx, [key]);
    throw err;
  }
  return key;
}

/** Adds one photo at the end of the venue's photos (owner or admin; at most 20). */
export async function addVenueImage(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  file: UploadedFile,
): Promise<{ image: VenueImage; images: VenueImage[] }> {
  // Check access and room first, so nobody's upload is processed for nothing.
  const current = await loadForEdit(ctx.db, viewer, venueId, { lock: false });
  if (current.images.length >= MAX_IMAGES_PER_VENUE) throw tooMany();
  const key = await storeVenueImage(ctx, venueId, current.images.length, file);

  try {
    const images = await inTransaction(ctx.db, async (tx) => {
      const venue = await loadForEdit(tx, viewer, venueId);
      if (venue.images.length + venue.pending_images.length >= MAX_IMAGES_PER_VENUE) throw tooMany();
      if (venue.images.includes(key) || venue.pending_images.includes(key))
        throw conflict('This photo was just uploaded. Please try again.', 'DUPLICATE');
      // Decision 74: a host's new photo of an approved venue waits for the admin, unseen by guests.
      const touched = contentNeedingReview(venue, { photoAdded: true }, viewer.profile.role);
      if (touched.length > 0) {
        await tx
          .update(venues)
          .set({ ...nextPending(venue, { imageAdded: key }, touched, ctx.now()), updated_at: ctx.now() })
          .where(eq(venues.id, venueId));
        await announcePendingChanges(ctx, tx, viewer, venue, touched, venue.pending_since !== null);
        return venue.images;
      }
      const [row] = await tx
        .update(venues)
        .set({ images: sql`array_append(${venues.images}, ${key}::text)`, updated_at: ctx.now() })
        .where(eq(venues.id, venueId))
        .returning({ images: venues.images });
      return row!.images;
    });
    return { image: imageView(key), images: images.map(imageView) };
  } catch (err) {
    await removeFiles(ctx, [key]);
    throw err;
  }
}

/** Removes one photo (by its path) and then its files. */
export async function removeVenueImage(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  path: string,
): Promise<{ images: VenueImage[] }> {
  const images = await inTransaction(ctx.db, async (tx) => {
    const venue = await loadForEdit(tx, viewer, venueId);
    if (venue.pending_images.includes(path)) {
      await tx
        .update(venues)
        .set({ ...nextPending(venue, { imageRemoved: path }, [], ctx.now()), updated_at: ctx.now() })
        .where(eq(venues.id, venueId));
      return venue.images;
    }
    if (!venue.images.includes(path)) throw notFound('Image not found.');
    const [row] = await tx
      .update(venues)
      .set({ images: sql`array_remove(${venues.images}, ${path}::text)`, updated_at: ctx.now() })
      .where(eq(venues.id, venueId))
      .returning({ images: venues.images });
    return row!.images;
  });
  await removeFiles(ctx, [path]);
  return { images: images.map(imageView) };
}

/** Puts the venue's photos in a new order: the same paths, each once. */
export async function reorderVenueImages(
  ctx: AppContext,
  viewer: Viewer,
  venueId: string,
  order: string[],
): Promise<{ images: VenueImage[] }> {
  const images = await inTransaction(ctx.db, async (tx) => {
    const venue = await loadForEdit(tx, viewer, venueId);
    const same =
      order.length === venue.images.length &&
      new Set(order).size === order.length &&
      order.every((p) => venue.images.includes(p));
    if (!same) throw invalid('The new order must list each of the venue’s photos exactly once.', 'images');
    const [row] = await tx
      .update(venues)
      .set({ images: order, updated_at: ctx.now() })
      .where(eq(venues.id, venueId))
      .returning({ images: venues.images });
    return row!.images;
  });
  return { images: images.map(imageView) };
}
