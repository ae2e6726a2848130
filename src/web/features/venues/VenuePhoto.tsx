import { ImageOff } from 'lucide-react';
import { cn } from '@/web/lib/utils';

/** The 16:10 frame every venue photo sits in; a placeholder when there is no photo. */
export function VenuePhoto({
  src,
  alt = '',
  width = 640,
  height = 400,
  eager = false,
  srcSet,
  sizes,
  priority = false,
  className,
}: {
  src: string | null | undefined;
  alt?: string;
  width?: number;
  height?: number;
  eager?: boolean;
  /** Responsive sources (the WebP sizes) and the layout width they are chosen for. */
  srcSet?: string;
  sizes?: string;
  /** The page's main image: fetched first (the server's HTML preloads it). */
  priority?: boolean;
  className?: string;
}) {
  return (
    <div className={cn('relative aspect-[16/10] overflow-hidden bg-surface-raised', className)}>
      {src ? (
        <img
          src={src}
          srcSet={srcSet}
          sizes={srcSet ? sizes : undefined}
          alt={alt}
          width={width}
          height={height}
          fetchPriority={priority ? 'high' : undefined}
          loading={eager || priority ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <div
          className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-purple-950/60 via-surface-raised to-fuchsia-950/40 text-muted-foreground"
          role={alt ? 'img' : undefined}
          aria-label={alt ? `${alt} (no photo yet)` : undefined}
        >
          <ImageOff className="size-8" aria-hidden="true" />
          <span className="text-xs font-medium">No photo yet</span>
        </div>
      )}
    </div>
  );
}
