import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditPage } from '@/domain/contract';
import { HostActivityTab } from './HostActivityTab';

const empty: AuditPage = { events: [], total: 0, page: 1, page_size: 20 };

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(empty), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderTab(tab: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{tab}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('an empty audit trail speaks to its reader', () => {
  it("a host's Activity: what will appear about their venues, not the admin's wording", async () => {
    renderTab(<HostActivityTab />);
    expect(await screen.findByText('No activity yet')).toBeTruthy();
    expect(screen.getByText(/Approvals and edits of your venues/)).toBeTruthy();
    expect(screen.queryByText('No audit entries')).toBeNull();
    expect(screen.queryByText('Privileged actions will appear here.')).toBeNull();
  });
});
