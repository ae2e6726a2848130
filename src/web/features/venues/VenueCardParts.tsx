/*
 * The parts a guest's venue card and a host's venue card share: the city line, and the
 * price (with its pricing type) beside the capacity.
 */
import { MapPin, Users } from 'lucide-react';
import { PRICING_TYPE_CARD_LABELS, formatPriceWithUnit, type PricingType } from '@/domain/pricing';
import { formatCount } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';

export function VenueCity({ city, className }: { city: string; className?: string }) {
  return (
    <p className={cn('flex min-w-0 items-center gap-1.5', className)}>
      <MapPin className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="truncate" title={city}>
        {city}
      </span>
    </p>
  );
}

export function VenuePriceAndCapacity({
  venue,
  large = false,
}: {
  venue: { pricing_type: PricingType; base_price: number; capacity: number };
  /** The guest's card shows the price larger. */
  large?: boolean;
}) {
  return (
    <div className="flex items-end justify-between gap-3 text-sm">
      <div>
        <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
          {PRICING_TYPE_CARD_LABELS[venue.pricing_type]}
        </p>
        <p className={cn('font-semibold tabular-nums', large && 'mt-0.5 text-xl text-foreground')}>
          {formatPriceWithUnit(venue.base_price, venue.pricing_type)}
        </p>
      </div>
      <p className="flex items-center gap-1.5 text-muted-foreground">
        <Users className="size-4 shrink-0" aria-hidden="true" />
        Up to {formatCount(venue.capacity)} guests
      </p>
    </div>
  );
}
