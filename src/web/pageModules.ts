import { createElement, lazy, type ComponentType } from 'react';
import type { PageModule } from '@/domain/pages';

/**
 * The page modules of the manifest (src/domain/pages.ts), each its own chunk, loaded when first
 * shown: `page` 'HomePage' is src/web/pages/HomePage.tsx (its default export).
 */
const modules = import.meta.glob<{ default: ComponentType }>('./pages/*Page.tsx');

/** The file of a page module, as the server's build manifest names it. */
export const pageFile = (page: string) => `src/web/pages/${page}.tsx`;

/** The page modules there are (for the manifest's test). */
export const pageFiles = () =>
  Object.keys(modules).map((key) => key.replace(/^\.\/pages\/(\w+)\.tsx$/, '$1'));

const loader = (page: string) => {
  const load = modules[`./pages/${page}.tsx`];
  if (!load) throw new Error(`No page module src/web/pages/${page}.tsx`);
  return load;
};

/** Modules loaded before the first render (loadPage): rendered at once, never suspending. */
const ready = new Map<string, ComponentType>();
const components = new Map<string, ComponentType>();

/**
 * Hands a page's module to its routes ahead of the first render (start.tsx, for the page the
 * server rendered): the page then renders at once, without suspending.
 */
export function providePage(page: PageModule | (string & {}), module: { default: ComponentType }): void {
  ready.set(page, module.default);
}

/** Loads a page's module ahead of the first render (see providePage). */
export async function loadPage(page: PageModule | (string & {})): Promise<void> {
  providePage(page, await loader(page)());
}

/** The component of a page module (one per module, however many paths show it). */
export function pageModule(page: PageModule | (string & {})): ComponentType {
  let component = components.get(page);
  if (!component) {
    const Lazy = lazy(loader(page));
    component = function Page() {
      return createElement(ready.get(page) ?? Lazy);
    };
    component.displayName = page;
    components.set(page, component);
  }
  return component;
}
