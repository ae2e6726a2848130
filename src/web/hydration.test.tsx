// A server-rendered page hydrated as start.tsx hydrates it (decision 61): React takes over the
// server's markup without drawing any of it again — no element removed and put back, no
// duplicate — and the page then answers like a rendered one.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { venueCard, venueListPage } from './test-fixtures';
import { recordMergedClasses, renderPage, type LoadJson, type RenderedPage } from './entry-server';

/**
 * The browser's side, loaded afresh (as a new tab would): the server render above has already
 * loaded the page's module in this process, which the browser has not.
 */
async function browserModules() {
  // React's server renderer leaves the contexts of its last task set (it switches them at the
  // start of each task, so a server never notices); a render of nothing puts them back, as if
  // the page had been rendered in another process.
  const { prerender } = await import('react-dom/static');
  await prerender(null);
  vi.resetModules();
  const [
    { createElement },
    { hydrateRoot },
    { hydrate },
    { App, providePageAt },
    { createQueryClient },
    home,
  ] = await Promise.all([
    import('react'),
    import('react-dom/client'),
    import('@tanstack/react-query'),
    import('./App'),
    import('./lib/queryClient'),
    // What the page's own entry (src/web/boot/HomePage.tsx) imports with the app.
    import('./pages/HomePage'),
  ]);
  // As start.tsx does with it: the page renders at once, without suspending.
  const providePage = () => providePageAt('/', home);
  return { createElement, hydrateRoot, hydrate, App, createQueryClient, providePage };
}

const card = (n: number) => venueCard(n, { open_to_flexible_hours: n === 2 });

const list = venueListPage([card(1), card(2), card(3)]);

const answers: Record<string, unknown> = {
  '/api/session': { user: null, profile: null },
  '/api/venues?limit=12': list,
  '/api/venues/stats': { active_venues: 3 },
};
const load: LoadJson = async (path) =>
  path in answers ? { status: 200, body: answers[path] } : { status: 404, body: null };

/** Any request the page makes after hydrating is answered from the same data. */
function answerFetchFromLoad() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      const { status, body } = await load(url.pathname + url.search);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

// jsdom has no scrolling; the layout scrolls to the top on a new page.
window.scrollTo = () => undefined;

/** Every root and query client a test made: unmounted and cleared after it, so no React work or
 * query timer runs once the test environment is gone ("window is not defined"). */
const mounted: Array<{ unmount(): void }> = [];
const clients: Array<{ clear(): void }> = [];

afterEach(() => {
  for (const root of mounted.splice(0)) root.unmount();
  for (const client of clients.splice(0)) client.clear();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('hydrating a server-rendered page', () => {
  it('keeps every element of the home page', async () => {
    answerFetchFromLoad();
    window.history.replaceState(null, '', '/');
    const page = (await renderPage(
      new URL('http://localhost/'),
      'http://localhost',
      load,
    )) as RenderedPage | null;
    expect(page).not.toBeNull();
    document.body.innerHTML = `<div id="root">${page!.html}</div>`;
    const root = document.getElementById('root')!;
    const serverCards = [...root.querySelectorAll('article')];
    expect(serverCards).toHaveLength(3);
    const sections = [...root.querySelectorAll('main section')];
    expect(sections.length).toBeGreaterThanOrEqual(2);

    const changes: string[] = [];
    new MutationObserver((records) => {
      for (const r of records) {
        for (const n of r.removedNodes) if (n instanceof Element) changes.push(`removed <${n.localName}>`);
        for (const n of r.addedNodes) if (n instanceof Element) changes.push(`added <${n.localName}>`);
      }
    }).observe(root, { childList: true, subtree: true });

    // As start.tsx does: the page's module handed to the router, then hydrate.
    const { createElement, hydrateRoot, hydrate, App, createQueryClient, providePage } =
      await browserModules();
    expect(providePage()).toBe(true);
    const queryClient = createQueryClient();
    clients.push(queryClient);
    hydrate(queryClient, page!.state);
    mounted.push(
      hydrateRoot(root, createElement<NonNullable<Parameters<typeof App>[0]>>(App, { queryClient })),
    );
    // Hydrated when React has put the page's <title> in <head>.
    await vi.waitFor(
      () =>
        expect(document.head.querySelector('title')?.textContent).toBe('Velvet — Premium Nightlife Venues'),
      {
        timeout: 10_000,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));

    expect(changes).toEqual([]);
    // The very elements the server sent.
    expect([...root.querySelectorAll('article')]).toEqual(serverCards);
    expect([...root.querySelectorAll('main section')]).toEqual(sections);
    expect(root.querySelectorAll('#root > div')).toHaveLength(1);
  });

  it("merges no class string while hydrating, given the server render's merges (#velvet-classes)", async () => {
    answerFetchFromLoad();
    window.history.replaceState(null, '', '/');
    // What src/server/ssr.ts keeps of a render: every merge it made.
    await renderPage(new URL('http://localhost/'), 'http://localhost', load);
    const merges = new Map<string, string>();
    recordMergedClasses((joined, merged) => merges.set(joined, merged));
    const page = (await renderPage(
      new URL('http://localhost/'),
      'http://localhost',
      load,
    )) as RenderedPage | null;
    recordMergedClasses(undefined);
    expect(merges.size).toBeGreaterThan(20);
    const classes = { same: [] as string[], changed: [] as Array<[string, string]> };
    for (const [joined, merged] of merges) {
      if (joined === merged) classes.same.push(joined);
      else classes.changed.push([joined, merged]);
    }
    document.body.innerHTML = `<div id="root">${page!.html}</div>`;
    const root = document.getElementById('root')!;

    // A new tab: tailwind-merge counted, the merges learned as start.tsx learns them.
    const { createElement, hydrateRoot, hydrate, App, createQueryClient, providePage } =
      await browserModules();
    providePage();
    const tailwindMerge = await import('tailwind-merge');
    const calls = vi.spyOn(tailwindMerge, 'twMerge');
    const { learnMergedClasses, cn } = await import('./lib/utils');
    learnMergedClasses(JSON.parse(JSON.stringify(classes)) as typeof classes);
    const queryClient = createQueryClient();
    clients.push(queryClient);
    hydrate(queryClient, page!.state);
    mounted.push(
      hydrateRoot(root, createElement<NonNullable<Parameters<typeof App>[0]>>(App, { queryClient })),
    );
    await vi.waitFor(
      () =>
        expect(document.head.querySelector('title')?.textContent).toBe('Velvet — Premium Nightlife Venues'),
      {
        timeout: 10_000,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).not.toHaveBeenCalled();
    // A string the render never made is still merged, later utilities winning.
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    expect(calls).toHaveBeenCalledTimes(1);
  });
});
