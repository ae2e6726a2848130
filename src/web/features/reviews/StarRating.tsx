import { Star } from 'lucide-react';
import { RATINGS, ratingLabel } from '@/domain/reviews';
import { cn } from '@/web/lib/utils';

/**
 * The rating input of the review form: five native radio buttons drawn as stars, so a screen
 * reader hears a radio group and the keyboard works as in any radio group (Tab into it, arrow
 * keys move the rating, Space picks the focused star). The label under it reads 1 Poor …
 * 5 Excellent, or prompts to click the stars at 0.
 */
export function StarRating({
  value,
  onChange,
  disabled,
}: {
  value: number;
  onChange: (rating: number) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset className="flex flex-col gap-2" disabled={disabled}>
      <legend className="mb-2 text-sm font-medium">Your rating</legend>
      <div className="flex items-center gap-1" role="radiogroup" aria-label="Rating">
        {RATINGS.map((r) => (
          <label key={r} className="group relative cursor-pointer rounded-lg p-1">
            <input
              type="radio"
              name="rating"
              value={r}
              checked={value === r}
              onChange={() => onChange(r)}
              aria-label={`${r} ${r === 1 ? 'star' : 'stars'}, ${ratingLabel(r)}`}
              className="peer absolute inset-0 cursor-pointer opacity-0"
            />
            <Star
              aria-hidden="true"
              className={cn(
                'size-9 transition-colors sm:size-10',
                r <= value
                  ? 'fill-amber-400 text-amber-400'
                  : 'text-muted-foreground/60 group-hover:text-amber-300',
              )}
            />
            <span className="pointer-events-none absolute inset-0 rounded-lg peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-ring" />
          </label>
        ))}
      </div>
      <p className="text-sm font-medium text-accent-soft" aria-live="polite" data-testid="rating-label">
        {ratingLabel(value)}
      </p>
    </fieldset>
  );
}
