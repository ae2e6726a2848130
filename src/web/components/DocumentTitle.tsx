import { createContext, useContext, useEffect } from 'react';

/**
 * Where the server renderer collects the page's title (entry-server.tsx puts it in <head>).
 * Absent in the browser.
 */
export const TitleSink = createContext<{ title?: string } | null>(null);

/**
 * Sets the tab title for a page. Preact (decision 35) does not hoist a rendered <title> into
 * <head> as React 19 does, so the browser sets document.title, and the server collects it.
 */
export function DocumentTitle({ title }: { title?: string }) {
  const text = title ? `${title} · Velvet` : 'Velvet — Premium Nightlife Venues';
  const sink = useContext(TitleSink);
  // Server rendering only: the last title rendered is the page's (the page is inside the layout).
  if (sink) sink.title = text;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
