import { Star } from 'lucide-react';
import { RATINGS } from '@/domain/reviews';
import { cn } from '@/web/lib/utils';

/** Read-only stars for a rating (whole or fractional), read out as 'N out of 5 stars'. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${rating} out of 5 stars`}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {RATINGS.map((r) => {
        const fill = Math.max(0, Math.min(1, rating - (r - 1)));
        return (
          <span key={r} className="relative inline-flex" aria-hidden="true">
            <Star className="size-4 text-muted-foreground/50" />
            {fill > 0 && (
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="size-4 fill-amber-400 text-amber-400" />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
