import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@/domain/contract';
import { AuthProvider } from './AuthProvider';
import { RedirectIfSignedIn, RequireAuth } from './guards';
import { ResetPasswordForm } from './PasswordReset';

const guest: Session = {
  user: { id: 'u1', email: 'guest@example.com', name: 'Gia Guest' },
  profile: {
    id: 'p1',
    user_id: 'u1',
    full_name: 'Gia Guest',
    email: 'guest@example.com',
    phone: null,
    role: 'user',
    business_name: null,
    created_at: '2026-11-01T00:00:00.000Z',
    updated_at: '2026-11-01T00:00:00.000Z',
  },
};
const signedOut: Session = { user: null, profile: null };

let session: Session = signedOut;
const posts: { url: string; body: unknown }[] = [];
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  posts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (url === '/api/session') return json(200, session);
      if (init.method === 'POST') {
        posts.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
        if (url === '/api/accounts/reset-password') return json(200, { role: 'host' });
      }
      return json(404, { error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <AuthProvider>
          <Routes>
            <Route
              path="/review/:id"
              element={
                <RequireAuth>
                  <p>Review page</p>
                </RequireAuth>
              }
            />
            <Route
              path="/venue-management/:id"
              element={
                <RequireAuth roles={['host']}>
                  <p>Manage page</p>
                </RequireAuth>
              }
            />
            <Route
              path="/user-auth"
              element={
                <RedirectIfSignedIn>
                  <Where />
                </RedirectIfSignedIn>
              }
            />
            <Route path="*" element={<Where />} />
          </Routes>
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to the guest portal with the way back', async () => {
    session = signedOut;
    renderAt('/review/abc?x=1');
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/user-auth?redirect=%2Freview%2Fabc%3Fx%3D1',
    );
  });

  it('sends a signed-out visitor of a host page to the host portal', async () => {
    session = signedOut;
    renderAt('/venue-management/abc?tab=bookings');
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/host-auth?redirect=%2Fvenue-management%2Fabc%3Ftab%3Dbookings',
    );
  });

  it('sends a signed-in person without the role to / (SPEC §2)', async () => {
    session = guest;
    renderAt('/venue-management/abc');
    expect((await screen.findByTestId('where')).textContent).toMatch(/^\/$/);
  });
});

describe('RedirectIfSignedIn', () => {
  it('takes a signed-in person back to a safe return path', async () => {
    session = guest;
    renderAt('/user-auth?redirect=%2Freview%2Fabc');
    expect(await screen.findByText('Review page')).toBeTruthy();
  });

  it.each(['https%3A%2F%2Fevil.example', '%2F%2Fevil.example', 'javascript%3Aalert(1)'])(
    'ignores redirect=%s and goes to the dashboard',
    async (redirect) => {
      session = guest;
      renderAt(`/user-auth?redirect=${redirect}`);
      expect((await screen.findByTestId('where')).textContent).toMatch(/^\/user-dashboard$/);
    },
  );
});

describe('ResetPasswordForm', () => {
  function renderForm(token: string, email: string) {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/reset-password']}>
          <Routes>
            <Route path="/reset-password" element={<ResetPasswordForm token={token} email={email} />} />
            <Route path="*" element={<Where />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it('refuses two different passwords without calling the server', async () => {
    renderForm('tok', 'a@example.com');
    await userEvent.type(screen.getByLabelText('New Password'), 'LateShift2031');
    await userEvent.type(screen.getByLabelText('Repeat New Password'), 'LateShift2032');
    await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(posts).toEqual([]);
  });

  it("sends the link's token and email with the new password, then goes to the account's portal", async () => {
    renderForm('tok', 'a@example.com');
    await userEvent.type(screen.getByLabelText('New Password'), 'LateShift2031');
    await userEvent.type(screen.getByLabelText('Repeat New Password'), 'LateShift2031');
    await userEvent.click(screen.getByRole('button', { name: 'Save New Password' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/host-auth');
    expect(posts).toEqual([
      {
        url: '/api/accounts/reset-password',
        body: { token: 'tok', email: 'a@example.com', password: 'LateShift2031' },
      },
    ]);
  });

  it('a link without a token says so and offers a new one', () => {
    renderForm('', '');
    expect(screen.getByRole('alert').textContent).toContain('This password reset link is not valid.');
    expect(screen.getByRole('link', { name: 'Request a New Link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
  });
});
