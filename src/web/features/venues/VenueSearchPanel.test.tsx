import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VenueFilters } from '@/domain/filters';
import { VenueSearchPanel } from './VenueSearchPanel';

function panel(filters: VenueFilters) {
  return render(
    <VenueSearchPanel filters={filters} onSearch={() => {}} filtersOpen onFiltersOpenChange={() => {}} />,
  );
}

const filtersButtonName = () => screen.getByRole('button', { name: /^Filters/ }).textContent;
const valueOf = (label: string) =>
  (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;
const clear = () => screen.queryByRole('button', { name: 'Clear' });

describe('VenueSearchPanel', () => {
  it('counts the filters the list applies', () => {
    panel({ guests: '40', pricingType: 'minimum_spend', pricing: '2500+', amenities: 'bar,dj' });
    expect(filtersButtonName()).toBe('Filters(5 applied)');
    expect(valueOf('Guests')).toBe('40');
    expect(clear()).not.toBeNull();
  });

  it('neither shows nor counts values the list ignores (a shared link with ?guests=abc)', () => {
    panel({ guests: 'abc', date: '2026-13-45', pricingType: 'bogus', pricing: 'bogus', amenities: 'nope' });
    expect(filtersButtonName()).toBe('Filters');
    expect(clear()).toBeNull();
    expect(valueOf('Guests')).toBe('');
    expect(valueOf('Date')).toBe('');
    expect(valueOf('Pricing Type')).toBe('all');
    expect(valueOf('Price Range')).toBe('all');
  });

  it('does not count a guest count below one', () => {
    panel({ guests: '-5', pricingType: 'hourly_rate' });
    expect(filtersButtonName()).toBe('Filters(1 applied)');
    expect(valueOf('Guests')).toBe('');
  });
});
