import { Link } from 'react-router';
import { CreditCard, Sparkles, Star } from 'lucide-react';
import { formatRating, reviewCountLabel } from '@/domain/reviews';
import { Button } from '@/web/components/ui/button';
import { Skeleton } from '@/web/components/ui/skeleton';
import type { VenueCard as VenueCardData } from '@/domain/contract';
import { VenueCity, VenuePriceAndCapacity } from './VenueCardParts';
import { VenuePhoto } from './VenuePhoto';
import { SaveVenueButton } from './SaveVenueButton';

/**
 * A venue in the home grid (SPEC §2 Home). The whole card opens the venue: the name's link is
 * stretched over the card, and 'View Details' is a second, separately focusable link.
 */
export function VenueCard({ venue, eager = false }: { venue: VenueCardData; eager?: boolean }) {
  const href = `/venue/${venue.id}`;
  const isMinimumSpend = venue.pricing_type === 'minimum_spend';
  return (
    <article
      className="group relative flex flex-col overflow-hidden rounded-2xl border border-border bg-surface/90 shadow-xl shadow-black/30 transition-[border-color,transform,box-shadow] duration-200 has-[h3_a:focus-visible]:outline-2 has-[h3_a:focus-visible]:outline-offset-2 has-[h3_a:focus-visible]:outline-ring hover:-translate-y-0.5 hover:border-accent/50 hover:shadow-fuchsia-950/30"
      data-testid="venue-card"
    >
      <div className="relative">
        <VenuePhoto
          src={venue.image?.url}
          width={venue.image?.width}
          height={venue.image?.height}
          eager={eager}
          className="transition-transform duration-500 [&_img]:transition-transform [&_img]:duration-500 group-hover:[&_img]:scale-[1.03]"
        />
        <SaveVenueButton venueId={venue.id} venueName={venue.name} className="absolute right-3 top-3" />
        {venue.open_to_flexible_hours && (
          <span className="absolute left-3 top-3 inline-flex items-center gap-1 rounded-full bg-black/75 px-2.5 py-1 text-xs font-semibold text-accent-soft">
            <Sparkles className="size-3" aria-hidden="true" />
            Flexible Hours
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="min-w-0">
          <h3 className="line-clamp-2 text-lg font-semibold leading-tight" title={venue.name}>
            <Link
              to={href}
              className="rounded outline-none after:absolute after:inset-0 after:rounded-2xl after:content-['']"
            >
              {venue.name}
            </Link>
          </h3>
          <div className="mt-1 flex items-center justify-between gap-3 text-sm text-muted-foreground">
            <VenueCity city={venue.city} />
            <CardRating rating={venue.rating} />
          </div>
        </div>

        <VenuePriceAndCapacity venue={venue} large />

        {isMinimumSpend && (
          <p className="flex items-start gap-2 rounded-xl border border-info/25 bg-info/5 px-3 py-2 text-xs text-info">
            <CreditCard className="mt-px size-3.5 shrink-0" aria-hidden="true" />
            Card on file - charged only if minimum not met
          </p>
        )}

        <Button asChild variant="secondary" className="relative z-10 mt-auto w-full">
          <Link to={href} aria-label={`View Details: ${venue.name}`}>
            View Details
          </Link>
        </Button>
      </div>
    </article>
  );
}

/** '★ 4.3 (12)' with the full wording for screen readers, or 'New' before the first review. */
function CardRating({ rating }: { rating: VenueCardData['rating'] | undefined }) {
  if (!rating || rating.average === null || rating.count === 0) {
    return (
      <span className="shrink-0 text-xs font-medium text-muted-foreground" data-testid="venue-rating">
        No reviews yet
      </span>
    );
  }
  return (
    <span className="flex shrink-0 items-center gap-1 text-foreground" data-testid="venue-rating">
      <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
      <span className="font-semibold tabular-nums">{formatRating(rating.average)}</span>
      <span className="text-muted-foreground tabular-nums" aria-hidden="true">
        ({rating.count})
      </span>
      <span className="sr-only">out of 5, {reviewCountLabel(rating.count)}</span>
    </span>
  );
}

export function VenueCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-surface/90" aria-hidden="true">
      <Skeleton className="aspect-[16/10] rounded-none" />
      <div className="flex flex-col gap-4 p-5">
        <div className="grid gap-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
        </div>
        <div className="flex items-end justify-between">
          <div className="grid gap-2">
            <Skeleton className="h-3 w-20" />
            <Skeleton className="h-6 w-28" />
          </div>
          <Skeleton className="h-4 w-28" />
        </div>
        <Skeleton className="h-11 w-full" />
      </div>
    </div>
  );
}
