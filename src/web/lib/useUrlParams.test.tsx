import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUrlParams } from './useUrlParams';

const KEYS = ['status', 'q', 'page'] as const;
let setParams: ReturnType<typeof useUrlParams<(typeof KEYS)[number]>>[1];

function List() {
  const [values, set] = useUrlParams('bookings', KEYS);
  setParams = set;
  const location = useLocation();
  return (
    <>
      <p data-testid="search">{location.search}</p>
      <p data-testid="values">{JSON.stringify(values)}</p>
    </>
  );
}

const renderAt = (url: string) =>
  render(
    <RouterProvider
      router={createMemoryRouter([{ path: '*', element: <List /> }], { initialEntries: [url] })}
    />,
  );

describe('useUrlParams', () => {
  it('reads its prefixed values, and a change other than the page goes back to the first page', () => {
    renderAt('/?bookings_status=confirmed&bookings_page=3&other=1');
    expect(JSON.parse(screen.getByTestId('values').textContent!)).toEqual({
      status: 'confirmed',
      q: '',
      page: '3',
    });
    act(() => setParams({ q: 'Priya' }));
    expect(screen.getByTestId('search').textContent).toBe(
      '?bookings_status=confirmed&other=1&bookings_q=Priya',
    );
    act(() => setParams({ status: 'all' }));
    expect(screen.getByTestId('search').textContent).toBe('?other=1&bookings_q=Priya');
  });

  it('builds on its own last change even before a render shows it (Clear filters, then a search at once)', () => {
    renderAt('/?bookings_status=confirmed&bookings_q=Jamie');
    const stale = setParams;
    act(() => {
      stale({ status: null, q: null });
      stale({ q: 'Priya' });
    });
    expect(screen.getByTestId('search').textContent).toBe('?bookings_q=Priya');
    // Later changes, after the render, build on the URL as it is.
    act(() => setParams({ page: 2 }));
    expect(screen.getByTestId('search').textContent).toBe('?bookings_q=Priya&bookings_page=2');
  });
});
