// The page manifest (src/domain/pages.ts) and the router (App.tsx) agree: every route the router
// serves is a page of the manifest, every page of the manifest is served by a route that opens
// its module, and every module in src/web/pages is a page of the manifest.
import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router';
import { isValidElement } from 'react';
import { PAGES, type PageEntry } from '@/domain/pages';
import { appRoutes } from './App';
import { pageFiles } from './pageModules';

/** Every route of the router with a path, as [path, the manifest entry its element renders]. */
function routerPages(routes: RouteObject[]): Array<[string, PageEntry]> {
  return routes.flatMap((route) => {
    const own: Array<[string, PageEntry]> = [];
    if (route.path !== undefined || route.index) {
      const element = route.element;
      const entry = isValidElement<{ entry?: PageEntry }>(element) ? element.props.entry : undefined;
      if (!entry) throw new Error(`The route ${route.path ?? '(index)'} renders no page of the manifest`);
      own.push([route.index ? '/' : route.path!, entry]);
    }
    return [...own, ...routerPages(route.children ?? [])];
  });
}

/** A URL the path matches ('/venue/:id' → '/venue/x1'). */
const sample = (path: string) => (path === '*' ? '/no/such/page' : path.replace(/:\w+/g, 'x1'));

describe('the page manifest', () => {
  it('names every route the router serves, and the router serves every page it names', () => {
    const served = routerPages(appRoutes);
    expect(served.map(([path]) => path).sort()).toEqual(PAGES.map((p) => p.path).sort());
    for (const [path, entry] of served) expect(entry.path, path).toBe(path);
  });

  it('opens each page at its own path (no route hides another)', () => {
    for (const page of PAGES) {
      const matches = matchRoutes(appRoutes, sample(page.path));
      const element = matches?.at(-1)?.route.element;
      const entry = isValidElement<{ entry?: PageEntry }>(element) ? element.props.entry : undefined;
      expect(entry?.path, page.path).toBe(page.path);
    }
  });

  it('names a module of src/web/pages for every page, and every module there is a page', () => {
    const files = pageFiles().sort();
    const named = [...new Set(PAGES.map((p) => p.page as string))].sort();
    expect(named).toEqual(files);
  });

  it('gives every server-rendered page an entry of its own, which hydrates it with its module (decisions 45, 92)', () => {
    const boots = Object.keys(import.meta.glob('./boot/*.tsx'));
    const rendered = (PAGES as readonly PageEntry[]).filter((p) => p.ssr || p.ssrForViewer);
    const ssr = [...new Set(rendered.map((p) => p.page))];
    expect(boots.sort()).toEqual(ssr.map((page) => `./boot/${page}.tsx`).sort());
  });

  it('gives every page a path once, and a title to every page that does not title itself', () => {
    const paths = PAGES.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const page of PAGES as readonly PageEntry[]) {
      if (page.page !== 'HomePage' && !page.titledByPage) expect(page.title, page.path).toBeTruthy();
      // A server-rendered page has a description for search engines and link previews.
      if (page.ssr) expect(page.description, page.path).toBeTruthy();
    }
  });
});
