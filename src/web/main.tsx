// First: zod's settings must be in place before any module builds a schema (lib/zodConfig.ts).
import './lib/zodConfig';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import './styles.css';
import { App } from './App';
import { createQueryClient } from './lib/queryClient';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A public page arrives rendered by the server (entry-server.tsx) with the query cache it was
// rendered with: hydrate it with the same data. Every other page is rendered here.
// A page rendered here may still come with data (the session), which saves a round trip.
const stateElement = document.getElementById('velvet-state');
const queryClient = createQueryClient();
if (stateElement) hydrate(queryClient, JSON.parse(stateElement.textContent || '{}'));
if (stateElement && root.firstElementChild) {
  // The server put the page's <title> in <head> for the first paint; the page's own
  // DocumentTitle takes over from here (React adds it, and would not reuse this one).
  for (const title of document.head.querySelectorAll('title')) title.remove();
  // Hydrated as a transition: React hydrates in slices of a few milliseconds and lets the
  // browser paint and answer input between them, instead of one long task for the whole page
  // (the page is already painted from the server's HTML, so nothing waits for it to finish).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    );
  });
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
