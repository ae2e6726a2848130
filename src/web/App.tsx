import { lazy, Suspense, useState, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Route, RouterProvider, Routes, StaticRouter } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './lib/queryClient';
import { useLiveRefresh } from './lib/live';
import { AuthProvider, RedirectIfSignedIn, RequireAuth, useAuth } from '@/web/features/auth';
import { AppLayout } from '@/web/features/layout';
import { WaitlistNotices } from '@/web/features/waitlist';

// The toaster (sonner) loads beside the page, not before it.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * A page loaded when first shown, which can also be loaded ahead: once loaded it renders at once,
 * without suspending. main.tsx loads a server-rendered page before hydrating it, because Preact
 * (decision 35) keeps only the first DOM node of a component that suspends while hydrating — a
 * page of two sections would lose its second and draw it again.
 */
function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let Loaded: ComponentType | undefined;
  const remember = () =>
    load().then((m) => {
      Loaded = m.default;
      return m;
    });
  const Lazy = lazy(remember);
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = remember;
  /** The module, already loaded by a page's own entry (src/web/boot): rendered at once. */
  Page.provide = (m: { default: ComponentType }) => {
    Loaded = m.default;
  };
  return Page;
}

// One lazily loaded module per SPEC §2 route.
const HomePage = lazyPage(() => import('./pages/HomePage'));
const VenueDetailPage = lazyPage(() => import('./pages/VenueDetailPage'));
const UserAuthPage = lazyPage(() => import('./pages/UserAuthPage'));
const HostAuthPage = lazyPage(() => import('./pages/HostAuthPage'));
const EmailConfirmationPage = lazyPage(() => import('./pages/EmailConfirmationPage'));
const ConfirmEmailPage = lazyPage(() => import('./pages/ConfirmEmailPage'));
const HowItWorksPage = lazyPage(() => import('./pages/HowItWorksPage'));
const ListVenuePage = lazyPage(() => import('./pages/ListVenuePage'));
const UserDashboardPage = lazyPage(() => import('./pages/UserDashboardPage'));
const HostDashboardPage = lazyPage(() => import('./pages/HostDashboardPage'));
const AdminDashboardPage = lazyPage(() => import('./pages/AdminDashboardPage'));
const UploadVenuePage = lazyPage(() => import('./pages/UploadVenuePage'));
const EditVenuePage = lazyPage(() => import('./pages/EditVenuePage'));
const VenueManagementPage = lazyPage(() => import('./pages/VenueManagementPage'));
const ReviewPage = lazyPage(() => import('./pages/ReviewPage'));
const PaymentSuccessPage = lazyPage(() => import('./pages/PaymentSuccessPage'));
const EditBookingPage = lazyPage(() => import('./pages/EditBookingPage'));
const ForgotPasswordPage = lazyPage(() => import('./pages/ForgotPasswordPage'));
const ResetPasswordPage = lazyPage(() => import('./pages/ResetPasswordPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));

/** The pages the server renders (entry-server.tsx), by path. */
const SERVER_RENDERED: Array<[path: string, page: ReturnType<typeof lazyPage>]> = [
  ['/', HomePage],
  ['/browse', HomePage],
  ['/venue/:id', VenueDetailPage],
  ['/how-it-works', HowItWorksPage],
  ['/user-auth', UserAuthPage],
  ['/auth', UserAuthPage],
  ['/host-auth', HostAuthPage],
];

/** The paths whose page main.tsx loads before hydrating: entry-server.test.tsx holds them to the server's. */
export const serverRenderedPaths = () => SERVER_RENDERED.map(([path]) => path);

/** The server-rendered page at `pathname`, if it is one. */
const serverRenderedPage = (pathname: string) =>
  SERVER_RENDERED.find(([path]) => matchPath(path, pathname))?.[1];

/** Loads the module of the server-rendered page at `pathname` (none for other paths). */
export async function preloadPage(pathname: string): Promise<void> {
  await serverRenderedPage(pathname)?.preload();
}

/**
 * Hands the module of the server-rendered page at `pathname` to its route, loaded already by the
 * page's own entry (src/web/boot): hydrating it then needs no await. False for other paths.
 */
export function providePage(pathname: string, module: { default: ComponentType }): boolean {
  const page = serverRenderedPage(pathname);
  page?.provide(module);
  return Boolean(page);
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<HomePage />} />
        <Route path="browse" element={<HomePage />} />
        <Route path="venue/:id" element={<VenueDetailPage />} />
        <Route path="how-it-works" element={<HowItWorksPage />} />
        <Route path="list-venue" element={<ListVenuePage />} />
        <Route path="email-confirmation" element={<EmailConfirmationPage />} />
        <Route path="confirm-email" element={<ConfirmEmailPage />} />
        <Route path="payment-success" element={<PaymentSuccessPage />} />
        {/* Forgot password (issue 12, decision 20). */}
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />

        {/* Sign-in pages: signed-in visitors go to their dashboard. /auth shows the guest page. */}
        <Route
          path="user-auth"
          element={
            <RedirectIfSignedIn>
              <UserAuthPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="auth"
          element={
            <RedirectIfSignedIn>
              <UserAuthPage />
            </RedirectIfSignedIn>
          }
        />
        <Route
          path="host-auth"
          element={
            <RedirectIfSignedIn>
              <HostAuthPage />
            </RedirectIfSignedIn>
          }
        />

        {/* Guarded pages (SPEC §2 / §6). Unauthorised visitors are sent to '/'. */}
        <Route
          path="user-dashboard"
          element={
            <RequireAuth roles={['user']}>
              <UserDashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path="host-dashboard"
          element={
            <RequireAuth roles={['host']}>
              <HostDashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path="upload-venue"
          element={
            <RequireAuth roles={['host']}>
              <UploadVenuePage />
            </RequireAuth>
          }
        />
        <Route
          path="venue-management/:id"
          element={
            <RequireAuth roles={['host', 'admin']}>
              <VenueManagementPage />
            </RequireAuth>
          }
        />
        <Route
          path="admin-dashboard"
          element={
            // Any signed-in visitor: a non-admin sees 'Access denied. Admin privileges required.'
            <RequireAuth>
              <AdminDashboardPage />
            </RequireAuth>
          }
        />
        <Route
          path="edit-venue/:id"
          element={
            <RequireAuth roles={['admin', 'host']}>
              <EditVenuePage />
            </RequireAuth>
          }
        />
        <Route
          path="edit-booking/:id"
          element={
            <RequireAuth roles={['admin']}>
              <EditBookingPage />
            </RequireAuth>
          }
        />
        <Route
          path="review/:bookingId"
          element={
            <RequireAuth>
              <ReviewPage />
            </RequireAuth>
          }
        />

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/** Keeps every query fresh from the change feed, for whoever is signed in (lib/liveRefresh.ts). */
function LiveRefresh() {
  const { profile, loading } = useAuth();
  useLiveRefresh(loading ? null : (profile?.id ?? 'anonymous'));
  return <WaitlistNotices enabled={profile?.role === 'user'} />;
}

/** Everything under the router: the session, live updates, the routes and the toasts. */
function AppBody() {
  return (
    <AuthProvider>
      <LiveRefresh />
      <AppRoutes />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </AuthProvider>
  );
}

/*
 * In the browser, a data router (not <BrowserRouter>) so forms can ask before their unsaved
 * changes are left behind (useBlocker, components/UnsavedChanges.tsx). The routes stay one
 * <Routes> tree below it, which the server renders with a <StaticRouter> (no DOM of their own,
 * so the hydrated markup matches).
 */
function createRouter() {
  return createBrowserRouter([{ path: '*', element: <AppBody /> }]);
}

/**
 * The app in the browser. `queryClient` comes from main.tsx when the server rendered the page
 * (its cache holds the data the server rendered with, so hydration matches).
 */
export function App({ queryClient: given }: { queryClient?: QueryClient } = {}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}

/** The same app rendered on the server for one URL (entry-server.tsx). */
export function ServerApp({ queryClient, location }: { queryClient: QueryClient; location: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <StaticRouter location={location}>
        <AppBody />
      </StaticRouter>
    </QueryClientProvider>
  );
}
