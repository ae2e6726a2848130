import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { ConfirmDialog } from '@/web/components/ConfirmDialog';
import { invalidateVenueViews, uploadVenueImage, venuesApi } from './data';
import { PhotoList, PhotoPickerButton, type PhotoItem } from './PhotoList';
import { usePendingPhotos, type PendingPhoto } from './usePendingPhotos';
import type { VenueImage } from '@/domain/contract';

/**
 * Photos of an existing venue (Edit Venue). Changes apply at once: chosen photos upload one at
 * a time with a progress bar and join the list, a deleted photo is removed (after a confirmation:
 * its file is gone for good), and the new order is saved whenever a photo moves. A photo that fails to upload is skipped and shown as such.
 */
export function VenuePhotosManager({
  venueId,
  images,
  onImagesChange,
  awaitingApproval = [],
}: {
  venueId: string;
  images: VenueImage[];
  onImagesChange: (images: VenueImage[]) => void;
  /** New photos of a live venue waiting for the admin (decision 74): not shown to guests yet. */
  awaitingApproval?: VenueImage[];
}) {
  const queryClient = useQueryClient();
  const [awaiting, setAwaiting] = useState<VenueImage[]>(awaitingApproval);
  const pending = usePendingPhotos();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  // A move waits for the previous one to be saved (the buttons stay enabled so focus can follow).
  const reordering = useRef(false);
  const [uploading, setUploading] = useState(false);
  // The photo whose Delete was clicked, until the host confirms or keeps it.
  const [deleting, setDeleting] = useState<number | null>(null);
  // Uploads run one at a time, in the order the files were chosen.
  const chain = useRef<Promise<void>>(Promise.resolve());

  const refreshLists = () => {
    invalidateVenueViews(queryClient, venueId);
  };

  const existing: PhotoItem[] = images.map((image, i) => ({
    key: image.path,
    src: image.card_url,
    name: `Photo ${i + 1}`,
  }));

  const move = async (from: number, to: number) => {
    if (to < 0 || to >= images.length || reordering.current) return;
    const next = [...images];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    const previous = images;
    onImagesChange(next); // optimistic
    reordering.current = true;
    try {
      const result = await venuesApi.reorderImages(
        venueId,
        next.map((i) => i.path),
      );
      onImagesChange(result.images);
      refreshLists();
    } catch (error) {
      onImagesChange(previous);
      toast.error('Error', errorMessage(error, 'Failed to reorder photos.'));
    } finally {
      reordering.current = false;
    }
  };

  const remove = async (index: number) => {
    const image = images[index];
    if (!image) return;
    setBusy((s) => new Set(s).add(image.path));
    try {
      const result = await venuesApi.deleteImage(venueId, image.path);
      onImagesChange(result.images);
      toast.success('Image deleted successfully.');
      refreshLists();
    } catch (error) {
      console.error('Failed to delete image', error);
      toast.error('Failed to delete image.');
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(image.path);
        return next;
      });
    }
  };

  const uploadOne = async (item: PendingPhoto) => {
    pending.update(item.key, { status: 'uploading', progress: 0 });
    try {
      const result = await uploadVenueImage(venueId, item.file, (progress) =>
        pending.update(item.key, { progress }),
      );
      onImagesChange(result.images);
      // Not among the venue's photos: it waits for the admin's approval.
      if (!result.images.some((i) => i.path === result.image.path)) setAwaiting((a) => [...a, result.image]);
      pending.removeKey(item.key);
      refreshLists();
    } catch (error) {
      console.error('Image upload failed', item.name, error);
      pending.update(item.key, { status: 'failed', error: errorMessage(error, 'Upload failed.') });
    }
  };

  const withdraw = async (index: number) => {
    const image = awaiting[index];
    if (!image) return;
    try {
      await venuesApi.deleteImage(venueId, image.path);
      setAwaiting((a) => a.filter((i) => i.path !== image.path));
      toast.success('Image deleted successfully.');
      refreshLists();
    } catch (error) {
      console.error('Failed to delete image', error);
      toast.error('Failed to delete image.');
    }
  };

  const addFiles = (files: File[]) => {
    const added = pending.add(files);
    if (!added.length) return;
    for (const item of added) pending.update(item.key, { status: 'queued', progress: 0 });
    setUploading(true);
    const run = chain.current.then(async () => {
      for (const item of added) await uploadOne(item);
    });
    chain.current = run;
    void run.finally(() => {
      if (chain.current === run) setUploading(false);
    });
  };

  return (
    <div className="grid gap-5">
      {existing.length > 0 ? (
        <PhotoList
          items={existing}
          onMove={(from, to) => void move(from, to)}
          onRemove={setDeleting}
          busyKeys={busy}
          removeLabel="Delete"
        />
      ) : (
        <p className="rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">
          This venue has no photos yet.
        </p>
      )}

      {awaiting.length > 0 && (
        <div className="grid gap-3" data-testid="photos-awaiting-approval">
          <p className="text-sm font-semibold">Waiting for approval</p>
          <p className="-mt-2 text-xs text-muted-foreground">
            Guests see these once the admin approves them.
          </p>
          <PhotoList
            items={awaiting.map((image, i) => ({
              key: image.path,
              src: image.card_url,
              name: `New photo ${i + 1} (waiting for approval)`,
            }))}
            onMove={() => undefined}
            reorderable={false}
            onRemove={(i) => void withdraw(i)}
            removeLabel="Delete"
          />
        </div>
      )}

      {pending.items.length > 0 && (
        <div className="grid gap-3">
          <p className="text-sm font-semibold" aria-live="polite">
            {uploading ? 'Uploading new photos…' : 'Photos that could not be uploaded'}
          </p>
          <PhotoList
            items={pending.items}
            onMove={pending.move}
            onRemove={pending.remove}
            removeLabel="Dismiss"
            reorderable={false}
          />
        </div>
      )}

      <PhotoPickerButton onFiles={addFiles} label="Add more photos" />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete Photo ${(deleting ?? 0) + 1}?`}
        description="The photo is removed from the venue at once and cannot be restored."
        confirmLabel="Delete Photo"
        cancelLabel="Keep Photo"
        destructive
        onConfirm={() => {
          if (deleting !== null) void remove(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
