import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppContext, AppEnv } from '../context';
import { venues } from '../db/schema';
import { pageHref, sitemapPaths } from '@/domain/pages';

/** The public pages worth indexing: those the page manifest lists in the sitemap (src/domain/pages.ts). */
export const PUBLIC_PAGES = sitemapPaths();

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!,
  );

/** robots.txt (everything may be crawled) and sitemap.xml (public pages and active venues). */
export function crawlerRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const url = (path: string) => new URL(path, ctx.config.PUBLIC_URL).toString();

  r.get('/robots.txt', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return c.text(`User-agent: *\nAllow: /\n\nSitemap: ${url('/sitemap.xml')}\n`);
  });

  r.get('/sitemap.xml', async (c) => {
    const active = await ctx.db
      .select({ id: venues.id, updated_at: venues.updated_at })
      .from(venues)
      .where(eq(venues.is_active, true))
      .orderBy(desc(venues.updated_at))
      // The sitemap protocol's limit for one file.
      .limit(50_000 - PUBLIC_PAGES.length);
    const entries = [
      ...PUBLIC_PAGES.map((p) => `  <url><loc>${escapeXml(url(p))}</loc></url>`),
      ...active.map(
        (v) =>
          `  <url><loc>${escapeXml(url(pageHref('/venue/:id', { id: v.id })))}</loc><lastmod>${v.updated_at.toISOString()}</lastmod></url>`,
      ),
    ];
    const xml = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...entries,
      '</urlset>',
      '',
    ].join('\n');
    return c.body(xml, 200, {
      'content-type': 'application/xml; charset=UTF-8',
      'cache-control': 'public, max-age=600',
    });
  });

  return r;
}
