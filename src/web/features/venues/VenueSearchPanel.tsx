import { useState, type FormEvent } from 'react';
import { CalendarDays, MapPin, Search, Users, X } from 'lucide-react';
import { PRICE_FILTER_OPTIONS, PRICING_TYPE_FILTER_OPTIONS, type VenueFilters } from '@/domain/filters';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { NativeSelect } from '@/web/components/NativeSelect';
import { cn } from '@/web/lib/utils';

function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * Location, date, guests, pricing type and price range. Text fields apply on Search; the two
 * selects apply as soon as they change. Render with a key of the current query so going back
 * and forward in history resets the fields.
 */
export function VenueSearchPanel({
  filters,
  onSearch,
  className,
}: {
  filters: VenueFilters;
  onSearch: (next: VenueFilters) => void;
  className?: string;
}) {
  const [location, setLocation] = useState(filters.location ?? '');
  const [date, setDate] = useState(filters.date ?? '');
  const [guests, setGuests] = useState(filters.guests ?? '');
  const pricingType = filters.pricingType || 'all';
  const pricing = filters.pricing || 'all';

  const current = (): VenueFilters => ({ location, date, guests, pricingType, pricing });
  const hasAny =
    Boolean(filters.location || filters.date || filters.guests) || pricingType !== 'all' || pricing !== 'all';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(current());
  };

  return (
    <form
      role="search"
      aria-label="Search venues"
      onSubmit={submit}
      className={cn(
        'grid gap-4 rounded-3xl border border-border bg-surface/95 p-4 shadow-2xl shadow-black/50 sm:p-6',
        className,
      )}
    >
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,0.8fr)]">
        <div className="grid gap-2 sm:col-span-2 lg:col-span-1">
          <Label htmlFor="search-location">Location</Label>
          <div className="relative">
            <MapPin
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="search-location"
              type="search"
              placeholder="City or address"
              autoComplete="address-level2"
              className="pl-10"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
          </div>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="search-date">Date</Label>
          <div className="relative">
            <CalendarDays
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="search-date"
              type="date"
              min={todayIso()}
              className="w-full min-w-0 pl-10 pr-2 [color-scheme:dark]"
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="search-guests">Guests</Label>
          <div className="relative">
            <Users
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="search-guests"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              placeholder="Any"
              className="pl-10"
              value={guests}
              onChange={(e) => setGuests(e.target.value)}
            />
          </div>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="grid gap-2">
          <Label htmlFor="search-pricing-type">Pricing Type</Label>
          <NativeSelect
            id="search-pricing-type"
            value={pricingType}
            onChange={(e) => onSearch({ ...current(), pricingType: e.target.value })}
          >
            {PRICING_TYPE_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="search-pricing">Price Range</Label>
          <NativeSelect
            id="search-pricing"
            value={pricing}
            onChange={(e) => onSearch({ ...current(), pricing: e.target.value })}
          >
            {PRICE_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-1">
          {hasAny && (
            <Button
              type="button"
              variant="ghost"
              className="flex-1 lg:flex-none"
              onClick={() => onSearch({})}
            >
              <X aria-hidden="true" />
              Clear
            </Button>
          )}
          <Button type="submit" className="flex-1 lg:flex-none lg:px-8">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </div>
    </form>
  );
}
