/*
 * Every route of SPEC §2 (e2e/routes.ts), opened by each viewer that can reach it, loaded once
 * and checked twice:
 * - layouts that never break (issue 12, item 1): with long unbroken words in names, addresses,
 *   notes and emails, no horizontal scroll at 320 px as loaded, then at 375, 768 and 1280 px;
 * - accessibility (issue 15): axe at 1280 px, WCAG 2.1 A and AA plus best practices, 0 violations.
 * These tests only read, so they run in parallel (playwright.config.ts, project 'pages').
 */
import { expect, test } from './fixtures';
import { COUNTING_IDS, LONG, ROUTES } from './routes';
import { longWordData, overflow, pageFor, scan, settle } from './page-checks';

test.describe.configure({ timeout: 180_000 });

const WIDTHS = [320, 375, 768, 1280];

// One test per URL, so a page with many tabs cannot use up the time of the others.
for (const route of ROUTES) {
  for (const viewer of route.viewers) {
    const count = route.urls(COUNTING_IDS).length;
    for (let i = 0; i < count; i++) {
      const label = count > 1 ? ` (${i + 1}/${count})` : '';
      test(`${route.path}${label} as ${viewer}: no horizontal scroll at 320, 375, 768 and 1280 px; no axe violation`, async ({
        browser,
        baseURL,
      }) => {
        const url = route.urls(await longWordData(baseURL!))[i]!;
        const page = await pageFor(browser, viewer, 320);
        await page.goto(url);
        await settle(page);
        // 320 px as loaded, then the same page at the other widths the issue names.
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 900 });
          const m = await overflow(page);
          expect
            .soft(m.scrollWidth, `${url} as ${viewer} at ${width} px: ${m.offenders.join(' | ')}`)
            .toBeLessThanOrEqual(m.innerWidth);
        }
        // Now at 1280 px.
        expect.soft(await scan(page), `${url} as ${viewer}`).toEqual([]);
        await page.context().close();
      });
    }
  }
}

test('the long venue name wraps on the home page and the venue page at every width, and stays whole', async ({
  browser,
  baseURL,
}) => {
  const ids = await longWordData(baseURL!);
  for (const width of WIDTHS) {
    const page = await pageFor(browser, 'signedOut', width);
    await page.goto('/');
    await settle(page);
    const card = page.locator(`a[href="/venue/${ids.venueId}"]`).first();
    // The flows list venues of their own, newer than this one: it may be past the first page.
    const more = page.getByRole('button', { name: 'Load more' });
    const cards = page.locator('a[href^="/venue/"]');
    while ((await card.count()) === 0 && (await more.isVisible())) {
      const shown = await cards.count();
      await more.click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    await card.scrollIntoViewIfNeeded();
    await expect(card).toBeVisible();
    let m = await overflow(page);
    expect.soft(m.scrollWidth, `/ at ${width}: ${m.offenders.join(' | ')}`).toBeLessThanOrEqual(m.innerWidth);

    await page.goto(`/venue/${ids.venueId}`);
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(LONG.word);
    m = await overflow(page);
    expect
      .soft(m.scrollWidth, `/venue at ${width}: ${m.offenders.join(' | ')}`)
      .toBeLessThanOrEqual(m.innerWidth);
    await page.context().close();
  }
});
