/*
 * Layouts that never break (issue 12, item 1): with long unbroken words in names, addresses,
 * notes and emails, every route of SPEC §2 (e2e/routes.ts), opened by each viewer that can reach
 * it at 320 px, has no horizontal scroll. The long texts stay reachable in full (title).
 */
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { COUNTING_IDS, LONG, ROUTES, type RouteIds, type Viewer } from './routes';
import { seedLongWordData } from './seed';
import { authFile, networkQuiet } from './support';

test.describe.configure({ timeout: 300_000 });

const WIDTHS = [320, 375, 768, 1280];

let ids: RouteIds;
let seeded: Promise<RouteIds> | null = null;
/** Seeds once per worker, on first use (the coverage checks need no data). */
async function seed(baseURL: string) {
  seeded ??= seedLongWordData(baseURL);
  ids = await seeded;
}

async function pageFor(browser: Browser, viewer: Viewer, width: number): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 740 },
    ...(viewer === 'signedOut' ? {} : { storageState: authFile(viewer) }),
  });
  return context.newPage();
}

/** Waits for the page to settle: no 'Loading...' and no skeleton left. */
async function settle(page: Page) {
  await networkQuiet(page);
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
}

async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    // Elements sticking out to the right that no ancestor clips: what widens the page.
    const clipped = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        if (getComputedStyle(p).overflowX !== 'visible') return true;
      }
      return false;
    };
    const offenders = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && !clipped(el))
      .slice(-4)
      .map(
        (el) => `<${el.tagName.toLowerCase()} class="${el.className}">${(el.textContent ?? '').slice(0, 40)}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, offenders };
  });
}

// One test per URL, so a page with many tabs cannot use up the time of the others.
for (const route of ROUTES) {
  for (const viewer of route.viewers) {
    const count = route.urls(COUNTING_IDS).length;
    for (let i = 0; i < count; i++) {
      const label = count > 1 ? ` (${i + 1}/${count})` : '';
      test(`no horizontal scroll on ${route.path}${label} as ${viewer} at 320 px (and 375, 768, 1280)`, async ({
        browser,
        baseURL,
      }) => {
        await seed(baseURL!);
        const page = await pageFor(browser, viewer, 320);
        const url = route.urls(ids)[i]!;
        await page.setViewportSize({ width: 320, height: 740 });
        await page.goto(url);
        await settle(page);
        // 320 px as loaded, then the same page at the other widths the issue names.
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 740 });
          const m = await overflow(page);
          expect
            .soft(m.scrollWidth, `${url} as ${viewer} at ${width} px: ${m.offenders.join(' | ')}`)
            .toBeLessThanOrEqual(m.innerWidth);
        }
        await page.context().close();
      });
    }
  }
}

test('the long venue name wraps on the home page and the venue page at every width, and stays whole', async ({
  browser,
  baseURL,
}) => {
  await seed(baseURL!);
  for (const width of [320, 375, 768, 1280]) {
    const page = await pageFor(browser, 'signedOut', width);
    await page.goto('/');
    await settle(page);
    const card = page.locator(`a[href="/venue/${ids.venueId}"]`).first();
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
