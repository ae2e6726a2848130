import { describe, expect, it } from 'vitest';
import { PAGES, pageHref, pageTitle, sitemapPaths } from './pages';

describe('pageHref', () => {
  it('fills in the parameters of a path, encoded, and adds the query without empty values', () => {
    expect(pageHref('/user-dashboard')).toBe('/user-dashboard');
    expect(pageHref('/venue/:id', { id: 'a b/c' })).toBe('/venue/a%20b%2Fc');
    expect(pageHref('/venue-management/:id', { id: 'v1' }, { tab: 'bookings', x: undefined })).toBe(
      '/venue-management/v1?tab=bookings',
    );
    expect(pageHref('/confirm-email', {}, { email: 'jamie@example.com', n: 2 })).toBe(
      '/confirm-email?email=jamie%40example.com&n=2',
    );
  });
});

describe('the manifest', () => {
  it('lists in the sitemap only public pages without parameters, once each', () => {
    expect(sitemapPaths()).toEqual(['/', '/how-it-works', '/list-venue', '/terms', '/privacy', '/help']);
  });

  it('renders on the server only pages anyone may open or only signed-out visitors', () => {
    for (const page of PAGES) if (page.ssr) expect(['anyone', 'signedOut'], page.path).toContain(page.access);
  });

  it('renders a page for its viewer only when it is behind a sign-in, and never for everyone too', () => {
    const forViewer = PAGES.filter((page) => 'ssrForViewer' in page && page.ssrForViewer);
    expect(forViewer.map((page) => page.path)).toEqual(['/user-dashboard', '/host-dashboard']);
    for (const page of forViewer) {
      expect(page.ssr, page.path).toBe(false);
      expect(['anyone', 'signedOut'], page.path).not.toContain(page.access);
    }
  });

  it('titles a page "<title> · Velvet", and the home page with the site title', () => {
    expect(pageTitle('Sign In')).toBe('Sign In · Velvet');
    expect(pageTitle()).toBe('Velvet — Premium Nightlife Venues');
  });
});
