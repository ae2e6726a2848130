import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/web/components/ui/dialog';
import type { VenueImage } from '@/domain/contract';
import { photoAlt } from './photoAlt';

/** A horizontal move of at least this many CSS pixels, mostly sideways, is a swipe. */
const SWIPE_DISTANCE = 48;

/**
 * The full-screen gallery of the venue page (issue 31): one photo at a time, a counter, previous
 * and next buttons, Left/Right arrows and a sideways swipe (pointer events) to step, Escape or
 * the close button to leave. The Radix dialog keeps the focus inside and gives it back to the
 * photo that opened it.
 */
export function VenueLightbox({
  images,
  name,
  index,
  onIndexChange,
  open,
  onOpenChange,
}: {
  images: VenueImage[];
  name: string;
  index: number;
  onIndexChange: (next: number) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const count = images.length;
  const current = images[index];
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const go = (step: number) => onIndexChange((((index + step) % count) + count) % count);

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' || !event.isPrimary) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
  };
  const onPointerUp = (event: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || from.id !== event.pointerId || count < 2) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_DISTANCE && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        hideClose
        data-testid="venue-lightbox"
        onKeyDown={onKeyDown}
        className="inset-0 flex h-dvh max-h-none w-screen max-w-none translate-x-0 translate-y-0 flex-col gap-0 overflow-hidden rounded-none border-0 bg-black p-0 pb-[env(safe-area-inset-bottom)] pt-[env(safe-area-inset-top)] shadow-none"
      >
        <div className="flex items-center justify-between gap-3 px-4 py-3 text-white sm:px-6">
          <DialogTitle className="min-w-0 truncate text-base font-semibold">{name}</DialogTitle>
          <DialogDescription className="sr-only">
            Use the left and right arrow keys or swipe to switch photos.
          </DialogDescription>
          <div className="flex shrink-0 items-center gap-3">
            <p
              className="rounded-full bg-white/10 px-3 py-1 text-sm font-semibold tabular-nums"
              data-testid="lightbox-counter"
              aria-live="polite"
            >
              {index + 1} / {count}
            </p>
            <DialogClose
              aria-label="Close gallery"
              className="flex size-11 items-center justify-center rounded-full bg-white/10 text-white transition hover:bg-white/20"
            >
              <X className="size-5" aria-hidden="true" />
            </DialogClose>
          </div>
        </div>
        <div
          className="relative flex min-h-0 flex-1 touch-pan-y select-none items-center justify-center px-2 pb-4 sm:px-20"
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => (start.current = null)}
        >
          {current && (
            <img
              key={current.path}
              src={current.full_url}
              alt={photoAlt(name, index, count)}
              width={1600}
              height={1000}
              decoding="async"
              draggable={false}
              className="max-h-full max-w-full rounded-lg object-contain"
            />
          )}
          {count > 1 && (
            <>
              <button
                type="button"
                onClick={() => go(-1)}
                aria-label="Previous photo"
                className="absolute left-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/70 text-white ring-1 ring-white/20 transition hover:bg-black/90 sm:left-5"
              >
                <ChevronLeft className="size-6" aria-hidden="true" />
              </button>
              <button
                type="button"
                onClick={() => go(1)}
                aria-label="Next photo"
                className="absolute right-2 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-black/70 text-white ring-1 ring-white/20 transition hover:bg-black/90 sm:right-5"
              >
                <ChevronRight className="size-6" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
