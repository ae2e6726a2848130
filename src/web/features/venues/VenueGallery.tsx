import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { cn } from '@/web/lib/utils';
import type { VenueImage } from '@/domain/contract';
import { VenuePhoto } from './VenuePhoto';
import { preloadable } from '@/web/lib/preloadable';
import { photoAlt } from './photoAlt';

// The full-screen gallery (a Radix dialog) is not part of the first paint: it loads on intent —
// a pointer over the photo or the focus on it — and is rendered from the first open on.
const VenueLightbox = preloadable(
  () => import('./VenueLightbox'),
  (m) => m.VenueLightbox,
);

/** The large photo's width: the whole screen on phones, the page's main column from lg up. */
const GALLERY_SIZES = '(min-width: 1280px) 792px, (min-width: 1024px) calc(100vw - 30.5rem), 100vw';

/**
 * The detail page gallery: a large 16:10 photo and a row of thumbnails. Thumbnails switch on
 * click or Enter/Space; Left/Right arrows step through the photos from the large image or any
 * thumbnail. Clicking the large photo (or Enter/Space on it) opens the full-screen gallery at
 * the same photo; stepping there moves this one too.
 */
export function VenueGallery({ images, name }: { images: VenueImage[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const thumbs = useRef<HTMLUListElement>(null);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  if (count === 0 || !current) {
    return <VenuePhoto src={null} alt={name} className="rounded-2xl border border-border" />;
  }

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(index + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(index - 1);
    }
  };

  const onThumbKeyDown = (event: KeyboardEvent, i: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (i + step + count) % count;
    setIndex(next);
    thumbs.current?.querySelectorAll('button')[next]?.focus();
  };

  return (
    <section aria-label={`Photos of ${name}`} className="grid gap-3" data-testid="venue-gallery">
      <div className="group relative overflow-hidden rounded-2xl border border-border">
        <VenuePhoto
          src={current.full_url}
          srcSet={`${current.card_url} 640w, ${current.full_url} 1600w`}
          sizes={GALLERY_SIZES}
          alt={photoAlt(name, index, count)}
          width={1600}
          height={1000}
          priority
        />
        {/* Over the photo, not around it: the image keeps its own name in the accessibility tree. */}
        <button
          type="button"
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onPointerEnter={() => void VenueLightbox.preload()}
          onFocus={() => void VenueLightbox.preload()}
          aria-haspopup="dialog"
          aria-label={
            count > 1
              ? `Photo ${index + 1} of ${count}: open full screen. Use the arrow keys to switch photos.`
              : 'Open the photo full screen'
          }
          data-testid="gallery-open"
          className="absolute inset-0 cursor-zoom-in focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-ring"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute bottom-3 left-3 flex size-8 items-center justify-center rounded-full bg-black/65 text-white"
        >
          <Expand className="size-4" />
        </span>
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label="Previous photo"
              className="absolute left-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/70 text-white transition hover:bg-black/85"
            >
              <ChevronLeft className="size-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label="Next photo"
              className="absolute right-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-black/70 text-white transition hover:bg-black/85"
            >
              <ChevronRight className="size-5" aria-hidden="true" />
            </button>
            <span
              aria-hidden="true"
              className="pointer-events-none absolute bottom-3 right-3 rounded-full bg-black/65 px-2.5 py-1 text-xs font-semibold text-white tabular-nums"
            >
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <ul
          ref={thumbs}
          className="flex gap-2 overflow-x-auto p-1 [scrollbar-width:thin]"
          aria-label="Thumbnails"
        >
          {images.map((image, i) => (
            <li key={image.path} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                onKeyDown={(e) => onThumbKeyDown(e, i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block w-24 overflow-hidden rounded-lg border-2 transition sm:w-28',
                  i === index ? 'border-accent' : 'border-transparent opacity-70 hover:opacity-100',
                )}
              >
                <img
                  src={image.card_url}
                  alt=""
                  width={640}
                  height={400}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[16/10] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
      {opened && (
        <Suspense fallback={null}>
          <VenueLightbox
            images={images}
            name={name}
            index={Math.min(index, count - 1)}
            onIndexChange={setIndex}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      )}
    </section>
  );
}
