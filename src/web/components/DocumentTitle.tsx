/** Sets the tab title for a page (React 19 hoists <title> into <head>). */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · Velvet` : 'Velvet — Premium Nightlife Venues'}</title>;
}
