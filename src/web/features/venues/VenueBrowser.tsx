import { useEffect, useRef, useState, type ReactNode } from 'react';
import { RotateCcw, SearchX, Wine } from 'lucide-react';
import {
  VENUE_SORTS,
  VENUE_SORT_LABELS,
  filterChips,
  hasActiveFilters,
  type VenueSort,
} from '@/domain/filters';
import { Container } from '@/web/components/Container';
import { Button } from '@/web/components/ui/button';
import { EmptyState } from '@/web/components/ui/empty-state';
import { NativeSelect } from '@/web/components/NativeSelect';
import { formatCount } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';
import { VenueCard, VenueCardSkeleton } from './VenueCard';
import { VenueSearchPanel } from './VenueSearchPanel';
import { useVenueFilters, useVenueSort } from './useVenueFilters';
import { useVenueList } from './data';

const SKELETON_COUNT = 6;

/** Calls `onVisible` whenever the returned element scrolls into view (infinite scrolling). */
function useSentinel(onVisible: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  });
  useEffect(() => {
    const node = ref.current;
    if (!node || !enabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/**
 * Home: the search panel, the 'Showing N of M venues' summary with filter chips, and the venue
 * grid (1 / 2 / 3 columns), paged by the server and loaded as the visitor scrolls.
 */
export function VenueBrowser() {
  const { filters, query, setFilters } = useVenueFilters();
  const [sort, setSort] = useVenueSort();
  // Outlives the search panel, which remounts on every change of the query.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const list = useVenueList(sort === 'newest' ? query : { ...query, sort });
  const pages = list.data?.pages ?? [];
  const venues = pages.flatMap((p) => p.venues);
  const first = pages[0];
  const filtered = hasActiveFilters(query);
  const chips = filterChips(query);

  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = list;
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  };
  const sentinel = useSentinel(loadMore, Boolean(hasNextPage));

  // SPEC §8: a failed list fetch is only logged; the list stays empty.
  useEffect(() => {
    if (list.error) console.error('Failed to load venues', list.error);
  }, [list.error]);

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div aria-busy="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        <span className="sr-only" role="status">
          Loading venues
        </span>
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <VenueCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (venues.length === 0) {
    body = filtered ? (
      <EmptyState
        icon={SearchX}
        title="No venues match your filters"
        description="Try adjusting your search criteria"
        action={
          <Button variant="outline" onClick={() => setFilters({})}>
            <RotateCcw aria-hidden="true" />
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState icon={Wine} title="No venues available" description="Check back later for new venues" />
    );
  } else {
    body = (
      <>
        <ul
          className={cn(
            'grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3',
            list.isPlaceholderData && 'opacity-60',
          )}
          aria-busy={list.isPlaceholderData || undefined}
        >
          {venues.map((venue, i) => (
            <li key={venue.id} className="flex">
              <div className="flex w-full flex-col [&>article]:flex-1">
                <VenueCard venue={venue} eager={i < 3} />
              </div>
            </li>
          ))}
          {isFetchingNextPage &&
            Array.from({ length: 3 }, (_, i) => (
              <li key={`more-${i}`}>
                <VenueCardSkeleton />
              </li>
            ))}
        </ul>
        <div ref={sentinel} aria-hidden="true" className="h-px" />
        {hasNextPage && (
          <div className="mt-10 flex justify-center">
            <Button variant="outline" size="lg" onClick={loadMore} disabled={isFetchingNextPage}>
              {isFetchingNextPage ? 'Loading...' : 'Load more'}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="venues-heading" className="pb-20">
      <Container>
        <VenueSearchPanel
          key={JSON.stringify(query)}
          filters={filters}
          onSearch={setFilters}
          filtersOpen={filtersOpen}
          onFiltersOpenChange={setFiltersOpen}
          className="relative z-10 mb-6 sm:mb-8"
        />
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-wrap items-center justify-between gap-3 sm:justify-start sm:gap-5">
            <h2
              id="venues-heading"
              className="font-display text-2xl font-semibold tracking-tight sm:text-3xl"
            >
              Browse Venues
            </h2>
            <NativeSelect
              className="w-44 sm:w-48"
              selectClassName="h-9 text-sm"
              name="sort"
              aria-label="Sort venues"
              value={sort}
              onChange={(e) => setSort(e.target.value as VenueSort)}
            >
              {VENUE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {VENUE_SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          </div>
          {filtered && first && (
            <div className="flex flex-wrap items-center gap-2" aria-live="polite">
              <p className="text-sm text-muted-foreground">
                Showing{' '}
                <span className="font-semibold text-foreground">
                  {formatCount(first.total_count)}
                  {first.total_count_capped ? '+' : ''}
                </span>{' '}
                of <span className="font-semibold text-foreground">{formatCount(first.all_count)}</span>{' '}
                venues
              </p>
              <ul className="flex flex-wrap gap-2" aria-label="Active filters">
                {chips.map((chip) => (
                  <li
                    key={chip}
                    className="rounded-full border border-accent/40 bg-accent/15 px-2.5 py-0.5 text-xs font-semibold text-accent-soft"
                  >
                    {chip}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
        {body}
      </Container>
    </section>
  );
}
