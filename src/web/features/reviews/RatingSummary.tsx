import { RATINGS, formatRating, reviewCountLabel, type RatingSummary as Summary } from '@/domain/reviews';
import { Stars } from './Stars';

/** The venue's average (one decimal), its review count and how many gave 5, 4, … 1 stars. */
export function RatingSummary({ summary }: { summary: Summary }) {
  const { average, count, distribution } = summary;
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8" data-testid="rating-summary">
      <div className="flex shrink-0 flex-col items-start gap-1">
        <p className="text-4xl font-semibold tabular-nums">
          {average === null ? '–' : formatRating(average)}
        </p>
        <Stars rating={average ?? 0} />
        <p className="text-sm text-muted-foreground">{reviewCountLabel(count)}</p>
      </div>
      <ul className="grid w-full max-w-md gap-1.5" aria-label="Rating distribution">
        {[...RATINGS].reverse().map((r) => {
          const n = distribution[r];
          const share = count > 0 ? (n / count) * 100 : 0;
          return (
            <li key={r} className="flex items-center gap-3 text-sm">
              <span className="w-14 shrink-0 text-muted-foreground">
                {r} {r === 1 ? 'star' : 'stars'}
              </span>
              <span className="h-2 flex-1 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                <span className="block h-full rounded-full bg-amber-400" style={{ width: `${share}%` }} />
              </span>
              <span className="w-8 shrink-0 text-right tabular-nums text-muted-foreground">{n}</span>
              <span className="sr-only">
                {n} {n === 1 ? 'review' : 'reviews'} with {r} {r === 1 ? 'star' : 'stars'}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
