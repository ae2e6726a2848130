import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import '@fontsource-variable/inter/wght.css';
import '@fontsource/playfair-display/600.css';
import '@fontsource/playfair-display/700.css';
import './styles.css';
import { App } from './App';
import { createQueryClient } from './lib/queryClient';

// zod without its compiled fast path: that path probes `new Function`, which the
// Content-Security-Policy forbids (a console error on every page that validates a form).
// zod keeps its settings on this global, so no zod code is loaded here for it.
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });

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
  hydrateRoot(
    root,
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
