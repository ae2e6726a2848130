// First: zod's settings must be in place before any module builds a schema (lib/zodConfig.ts).
import './lib/zodConfig';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import './styles.css';
import { App, preloadPage } from './App';
import { createQueryClient } from './lib/queryClient';
import { learnMergedClasses } from './lib/utils';

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
  // page's DocumentTitle sets document.title from here on. The page's module first (the server
  // preloaded its scripts): a page that suspended while hydrating would be drawn again.
  const hydratePage = () =>
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  preloadPage(window.location.pathname).then(hydratePage, hydratePage);
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
