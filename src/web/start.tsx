// First: zod's settings must be in place before any module builds a schema (lib/zodConfig.ts).
import './lib/zodConfig';
import { StrictMode, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import './styles.css';
import { App, preloadPage, providePage } from './App';
import { createQueryClient } from './lib/queryClient';
import { learnMergedClasses } from './lib/utils';

/**
 * Starts the app in the browser. `page` is the module of the server-rendered page, given by the
 * page's own entry (src/web/boot, decision 45), which imported it with the app: the page is then
 * hydrated in the same task, while the document's scripts run, before its `load` event — a click
 * the moment the page has loaded reaches the app, not the bare server-rendered form. Without it
 * (main.tsx) a server-rendered page is hydrated once its module has loaded.
 */
export function start(page?: { default: ComponentType }) {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');

  // A public page arrives rendered by the server (entry-server.tsx) with the query cache it was
  // rendered with: hydrate it with the same data. Every other page is rendered here.
  // A page rendered here may still come with data (the session), which saves a round trip.
  const stateElement = document.getElementById('velvet-state');
  const queryClient = createQueryClient();
  if (stateElement) hydrate(queryClient, JSON.parse(stateElement.textContent || '{}'));
  // The class merges the server's render made: hydrating its markup needs no merging here.
  const classesElement = document.getElementById('velvet-classes');
  if (classesElement) {
    try {
      learnMergedClasses(JSON.parse(classesElement.textContent || '{}'));
    } catch {
      // Unreadable: every class string is merged here, as on a page the browser renders.
    }
  }
  if (stateElement && root.firstElementChild) {
    // Hydrated by Preact's compat layer (decision 35), which the server rendered it with; the
    // page's DocumentTitle sets document.title from here on. The page's module first: a page
    // that suspended while hydrating would be drawn again.
    const hydratePage = () =>
      hydrateRoot(
        root,
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    if (page && providePage(window.location.pathname, page)) hydratePage();
    else preloadPage(window.location.pathname).then(hydratePage, hydratePage);
  } else {
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  }
}
