import type { ReactNode } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StripeConnectInfo } from '@/domain/contract';
import { CONNECT_MESSAGES } from '@/domain/connect';
import { StripeConnectCard } from './StripeConnectCard';

const ONBOARDING = '/api/host/stripe-connect/onboarding';
const LINK = 'https://connect.stripe.com/setup/e/acct_1/abc';
let posts = 0;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init: RequestInit = {}) => {
      if (path === ONBOARDING && init.method === 'POST') {
        posts++;
        return json(200, { url: LINK, status: 'needs_details' });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const info = (status: StripeConnectInfo['status']): StripeConnectInfo => ({
  status,
  payouts_enabled: status === 'payouts_enabled',
  details_submitted: status !== 'not_connected',
  message: CONNECT_MESSAGES.status[status],
});

function renderCard(i: StripeConnectInfo, go = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  render(<StripeConnectCard info={i} go={go} />, { wrapper });
  return go;
}

describe('StripeConnectCard', () => {
  it('a host without an account connects through Stripe-hosted onboarding', async () => {
    const go = renderCard(info('not_connected'));
    expect(screen.getByText('Not connected')).toBeTruthy();
    expect(screen.getByText(CONNECT_MESSAGES.status.not_connected)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Connect payouts with Stripe' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith(LINK));
    expect(posts).toBe(1);
  });

  it('while Stripe needs details the host finishes setup; once enabled there is nothing to do', () => {
    renderCard(info('needs_details'));
    expect(screen.getByText('Stripe needs more details')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Finish Stripe setup' })).toBeTruthy();
  });

  it('shows payouts enabled without a button', () => {
    renderCard(info('payouts_enabled'));
    expect(screen.getByText('Payouts enabled')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
