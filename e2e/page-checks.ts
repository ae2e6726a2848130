/*
 * What the page checks share (e2e/pages.spec.ts, e2e/dialogs.spec.ts): a page for a viewer, the
 * wait for it to settle, the long-word data they open, axe's scan and the overflow measure.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page } from '@playwright/test';
import { expect } from './fixtures';
import { type RouteIds, type Viewer } from './routes';
import { seedLongWordData } from './seed';
import { authFile, networkQuiet } from './support';

/** The long-word data, seeded by the setup project (e2e/auth.setup.ts) and read back here. */
let seeded: Promise<RouteIds> | null = null;
export function longWordData(baseURL: string): Promise<RouteIds> {
  seeded ??= seedLongWordData(baseURL);
  return seeded;
}

export async function pageFor(browser: Browser, viewer: Viewer, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    ...(viewer === 'signedOut' ? {} : { storageState: authFile(viewer) }),
  });
  return context.newPage();
}

/** Waits for the page to settle: no 'Loading...' and no skeleton left. */
export async function settle(page: Page) {
  await networkQuiet(page);
  await expect(page.locator('[data-slot="skeleton"], .animate-pulse')).toHaveCount(0);
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** axe's violations on the page (or inside `include`), one readable line each. */
export async function scan(page: Page, include?: string): Promise<string[]> {
  // Email previews are separate documents in sandboxed frames (no scripts, so axe cannot run in
  // them and would wait on them): the app's own page is what is scanned; emails have their own tests.
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ iframes: false }).exclude('iframe');
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
        .join(' | ')}`,
  );
}

/** The page's scroll width against the window's, and the elements that stick out to the right. */
export async function overflow(page: Page) {
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
