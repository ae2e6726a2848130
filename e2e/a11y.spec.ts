/*
 * Accessibility (issue 15): every route of SPEC §2 (e2e/routes.ts) in each viewer that can reach
 * it, and every dialog (DIALOGS below), scanned with axe — WCAG 2.1 A and AA plus best
 * practices: 0 violations. Dialogs also trap focus and give it back to their trigger.
 */
import AxeBuilder from '@axe-core/playwright';
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { COUNTING_IDS, ROUTES, type RouteIds, type Viewer } from './routes';
import { seedLongWordData } from './seed';
import { authFile, networkQuiet } from './support';
import { DIALOGS } from './dialogs';

test.describe.configure({ timeout: 120_000 });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

let ids: RouteIds;
let seeded: Promise<RouteIds> | null = null;
/** Seeds once per worker, on first use (the coverage checks need no data). */
async function seed(baseURL: string) {
  seeded ??= seedLongWordData(baseURL);
  ids = await seeded;
}

async function pageFor(browser: Browser, viewer: Viewer, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
    ...(viewer === 'signedOut' ? {} : { storageState: authFile(viewer) }),
  });
  return context.newPage();
}

async function settle(page: Page) {
  await networkQuiet(page);
  await expect(page.locator('.animate-pulse')).toHaveCount(0);
}

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

// One test per URL, so a page with many tabs cannot use up the time of the others.
for (const route of ROUTES) {
  for (const viewer of route.viewers) {
    const count = route.urls(COUNTING_IDS).length;
    for (let i = 0; i < count; i++) {
      const label = count > 1 ? ` (${i + 1}/${count})` : '';
      test(`axe: ${route.path}${label} as ${viewer} has no violations`, async ({ browser, baseURL }) => {
        await seed(baseURL!);
        const page = await pageFor(browser, viewer);
        const url = route.urls(ids)[i]!;
        await page.goto(url);
        await settle(page);
        expect.soft(await scan(page), `${url} as ${viewer}`).toEqual([]);
        await page.context().close();
      });
    }
  }
}

for (const dialog of DIALOGS) {
  test(`axe: the ${dialog.name} dialog (${dialog.viewer}) has no violations, traps focus and returns it`, async ({
    browser,
    baseURL,
  }) => {
    await seed(baseURL!);
    const page = await pageFor(browser, dialog.viewer, dialog.width ?? 1280);
    const trigger = await dialog.open(page, ids);
    const open = dialog.surface?.(page) ?? page.getByRole(dialog.role ?? 'dialog').last();
    await expect(open).toBeVisible();
    await networkQuiet(page);
    await page.waitForTimeout(300); // the opening animation
    // A modal menu hides the page behind it from assistive technology: axe looks at the menu.
    expect(
      await scan(page, dialog.role === 'menu' ? '[role="menu"]' : undefined),
      `${dialog.name} dialog`,
    ).toEqual([]);

    // Focus stays inside while tabbing around, and goes back to the trigger on Escape.
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      const inside = await open.evaluate((el) => el.contains(document.activeElement));
      expect(inside, `focus left the ${dialog.name} dialog after ${i + 1} Tab presses`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(open).toBeHidden();
    if (trigger) await expect(trigger).toBeFocused();
    await page.context().close();
  });
}

test('the dialog list covers every dialog component of the web app', async () => {
  const { dialogComponents } = await import('./dialogs');
  const { NOT_OPENED } = await import('./dialogs');
  const covered = new Set([...DIALOGS.flatMap((d) => d.components), ...NOT_OPENED]);
  expect(dialogComponents().filter((c) => !covered.has(c))).toEqual([]);
});
