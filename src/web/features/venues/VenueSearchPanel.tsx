import { useId, useState, type FormEvent } from 'react';
import { CalendarDays, Search, SlidersHorizontal, Users, X } from 'lucide-react';
import { AMENITIES, AMENITY_LABELS, type Amenity } from '@/domain/amenities';
import {
  PRICE_FILTER_OPTIONS,
  PRICING_TYPE_FILTER_OPTIONS,
  normalizeFilters,
  type VenueFilters,
} from '@/domain/filters';
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
 * The search field (venue name, city or address), date, guests, pricing type, price range and
 * amenities. Text fields apply on Search; the selects and amenity chips apply as soon as they
 * change. Render with a key of the current query so going back and forward in history resets
 * the fields.
 *
 * Folded so that venues show in the first screen (decision 78): below lg only the search field
 * shows, and 'Filters' opens the date, guests, pricing type, price range and amenities; from lg
 * up the search field and the buttons make the first row and the four other fields the second
 * (one row for all would cut their values short once 'Clear' shows), and 'Filters' opens the
 * amenities. Whether it is open is the caller's state: the panel is remounted on every change of
 * the query.
 */
export function VenueSearchPanel({
  filters,
  onSearch,
  filtersOpen,
  onFiltersOpenChange,
  className,
}: {
  filters: VenueFilters;
  onSearch: (next: VenueFilters) => void;
  filtersOpen: boolean;
  onFiltersOpenChange: (open: boolean) => void;
  className?: string;
}) {
  // What the list is filtered by: a value it ignores (guests=abc, an unknown price band, a
  // date that is no date) is neither shown in a field nor counted as applied.
  const applied = normalizeFilters(filters);
  const [location, setLocation] = useState(applied.location ?? '');
  const [date, setDate] = useState(applied.date ?? '');
  const [guests, setGuests] = useState(applied.guests === undefined ? '' : String(applied.guests));
  const pricingType = applied.pricingType ?? 'all';
  const pricing = applied.pricing ?? 'all';
  const amenities = applied.amenities ?? [];
  const fieldsId = useId();
  const amenitiesId = useId();

  const current = (): VenueFilters => ({
    location,
    date,
    guests,
    pricingType,
    pricing,
    amenities: amenities.join(','),
  });
  const hasAny = Object.keys(applied).length > 0;
  /** The filters applied besides the search text, shown on the Filters button. */
  const folded =
    [applied.date, applied.guests, applied.pricingType, applied.pricing].filter((v) => v !== undefined)
      .length + amenities.length;
  const toggleAmenity = (a: Amenity) =>
    onSearch({
      ...current(),
      amenities: (amenities.includes(a) ? amenities.filter((x) => x !== a) : [...amenities, a]).join(','),
    });

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
        'grid gap-3 rounded-3xl border border-border bg-surface/95 p-3 shadow-2xl shadow-black/50 sm:p-4',
        className,
      )}
    >
      {/* lg: the search field and buttons, then the four fields below. */}
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
        <div className="grid gap-1.5 lg:col-start-1 lg:row-start-1">
          <Label htmlFor="search-location">Search</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="search-location"
              type="search"
              placeholder="Venue name, city or address"
              autoComplete="off"
              className="pl-10 placeholder:text-sm"
              value={location}
              onChange={(e) => setLocation(e.target.value)}
            />
          </div>
        </div>
        <div
          id={fieldsId}
          className={cn(
            filtersOpen ? 'grid' : 'hidden',
            'grid-cols-1 gap-3 sm:grid-cols-2 lg:col-span-2 lg:row-start-2 lg:grid lg:grid-cols-4',
          )}
        >
          <div className="grid min-w-0 gap-1.5">
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
          <div className="grid min-w-0 gap-1.5">
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
          <div className="grid min-w-0 gap-1.5">
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
          <div className="grid min-w-0 gap-1.5">
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
        </div>
        {/* On a phone 'Search' takes a row of its own when 'Clear' leaves no room beside it. */}
        <div className="flex flex-wrap gap-2 lg:col-start-2 lg:row-start-1 lg:flex-nowrap">
          <Button
            type="button"
            variant="outline"
            className="flex-1 lg:flex-none"
            aria-expanded={filtersOpen}
            aria-controls={`${fieldsId} ${amenitiesId}`}
            onClick={() => onFiltersOpenChange(!filtersOpen)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filters
            {folded > 0 && (
              <span className="rounded-full bg-accent/25 px-1.5 text-xs tabular-nums text-accent-soft">
                <span className="sr-only">(</span>
                {folded}
                <span className="sr-only"> applied)</span>
              </span>
            )}
          </Button>
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
          <Button type="submit" className="flex-1 lg:flex-none lg:px-6">
            <Search aria-hidden="true" />
            Search
          </Button>
        </div>
      </div>
      <fieldset id={amenitiesId} className={cn('min-w-0', !filtersOpen && 'hidden')}>
        <legend className="mb-2 text-sm font-medium">Amenities</legend>
        <div className="-mx-1 flex flex-wrap gap-2 px-1 pb-1">
          {AMENITIES.map((a) => {
            const on = amenities.includes(a);
            return (
              <button
                key={a}
                type="button"
                aria-pressed={on}
                onClick={() => toggleAmenity(a)}
                className={cn(
                  'shrink-0 rounded-full border px-3 py-1.5 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  on
                    ? 'border-accent bg-accent/20 text-foreground'
                    : 'border-border text-muted-foreground hover:border-accent/50 hover:text-foreground',
                )}
              >
                {AMENITY_LABELS[a]}
              </button>
            );
          })}
        </div>
      </fieldset>
    </form>
  );
}
