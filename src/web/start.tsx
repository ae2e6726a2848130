// First: zod's settings must be in place before any module builds a schema (lib/zodConfig.ts).
import './lib/zodConfig';
import { StrictMode, startTransition, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import './styles.css';
import { App, loadPageAt, providePageAt } from './App';
import { createQueryClient } from './lib/queryClient';
import { learnMergedClasses } from './lib/utils';

/**
 * Starts the app in the browser. A server-rendered page (entry-server.tsx) is hydrated with its
 * module at hand, in a transition, so React hydrates it in slices that yield to the browser
 * (decision 92) — and at once, synchronously, when a visitor clicks before that is done: a
 * click the moment the page has loaded reaches the app, not the bare server-rendered form (React cannot hydrate a part whose module is still
 * loading). `page` is that module, given by the page's own entry (src/web/boot, decision 45),
 * which imported it with the app; without it (index.html's entry) the module is loaded first.
 * Every other page is rendered here.
 */
export function start(page?: { default: ComponentType }) {
  const root = document.getElementById('root');
  if (!root) throw new Error('Missing #root element');

  // A public page or a dashboard arrives rendered by the server (entry-server.tsx) with the query
  // cache it was rendered with: hydrate it with the same data. Every other page is rendered here,
  // in a transition too, so its first render is sliced as well.
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
    const hydrate = () =>
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App queryClient={queryClient} />
          </StrictMode>,
        );
      });
    if (page && providePageAt(window.location.pathname, page)) hydrate();
    else loadPageAt(window.location.pathname).then(hydrate, hydrate);
  } else {
    const app = createRoot(root);
    startTransition(() => {
      app.render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  }
}
