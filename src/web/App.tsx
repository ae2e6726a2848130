import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  StaticRouter,
  useRoutes,
  type RouteObject,
} from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from './lib/queryClient';
import { AuthProvider, RedirectIfSignedIn, RequireAuth } from '@/web/features/auth';
import { AppLayout } from '@/web/features/layout';
import { PAGES, pageTitle, type PageEntry } from '@/domain/pages';
import { loadPage, pageModule, providePage } from './pageModules';

// The toaster (sonner) loads beside the page, not before it.
const Toaster = lazy(() => import('./components/ui/toaster').then((m) => ({ default: m.Toaster })));

/**
 * The routes of the page manifest (src/domain/pages.ts): each page loaded when first shown
 * (src/web/pages/<page>.tsx, through pageModules.ts), behind its guard, with its title. A
 * server-rendered page is hydrated by React inside the layout's Suspense boundary, once its
 * module has loaded (the server preloads it with the entry).
 */
export const appRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: (PAGES as readonly PageEntry[]).map((entry) => ({
      path: entry.path,
      element: <PageRoute entry={entry} />,
    })),
  },
];

function PageRoute({ entry }: { entry: PageEntry }) {
  const Page = pageModule(entry.page);
  const page = (
    <>
      {entry.titledByPage ? null : <title>{pageTitle(entry.title)}</title>}
      <Page />
    </>
  );
  const { access } = entry;
  if (access === 'anyone') return page;
  if (access === 'signedOut') return <RedirectIfSignedIn>{page}</RedirectIfSignedIn>;
  return <RequireAuth roles={access === 'signedIn' ? undefined : access}>{page}</RequireAuth>;
}

/** The manifest entry of the page at `pathname`. */
const pageAt = (pathname: string) => {
  const element = matchRoutes(appRoutes, pathname)?.at(-1)?.route.element;
  return (element as { props?: { entry?: PageEntry } } | undefined)?.props?.entry;
};

/** Loads the module of the page at `pathname` before it is first rendered (start.tsx). */
export async function loadPageAt(pathname: string): Promise<void> {
  const entry = pageAt(pathname);
  if (entry) await loadPage(entry.page);
}

/** Hands `module`, loaded by a page's own entry, to the page at `pathname`; false if none. */
export function providePageAt(pathname: string, module: { default: ComponentType }): boolean {
  const entry = pageAt(pathname);
  if (entry) providePage(entry.page, module);
  return Boolean(entry);
}

export function AppRoutes() {
  return useRoutes(appRoutes);
}

// The change feed's client and the waitlist notices (LiveFeed.tsx): loaded once the page is
// mounted (hydrated), so they are not in any page's first load (decision 85).
const LiveFeed = lazy(() => import('./LiveFeed'));

/** Keeps every query fresh from the change feed, from the first commit in the browser on. */
function LiveRefresh() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? (
    <Suspense fallback={null}>
      <LiveFeed />
    </Suspense>
  ) : null;
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
 * useRoutes() tree below it, which the server renders with a <StaticRouter> (no DOM of their own,
 * so the hydrated markup matches).
 */
function createRouter() {
  return createBrowserRouter([{ path: '*', element: <AppBody /> }]);
}

/**
 * The app in the browser. `queryClient` comes from start.tsx when the server rendered the page
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
