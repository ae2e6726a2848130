/*
 * Every dialog of the web app (e2e/dialogs.ts), opened as its viewer: 0 axe violations (WCAG 2.1
 * A and AA plus best practices, issue 15), focus stays inside while tabbing and goes back to the
 * trigger on Escape. These run one at a time with the flows (project 'e2e'): a dialog such as the
 * outbox lists what other tests are sending.
 */
import { expect, test } from './fixtures';
import { DIALOGS, NOT_OPENED, dialogComponents } from './dialogs';
import { longWordData, pageFor, scan } from './page-checks';
import { networkQuiet } from './support';

test.describe.configure({ timeout: 120_000 });

for (const dialog of DIALOGS) {
  test(`axe: the ${dialog.name} dialog (${dialog.viewer}) has no violations, traps focus and returns it`, async ({
    browser,
    baseURL,
  }) => {
    const ids = await longWordData(baseURL!);
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

test('the dialog list covers every dialog component of the web app', () => {
  const covered = new Set([...DIALOGS.flatMap((d) => d.components), ...NOT_OPENED]);
  expect(dialogComponents().filter((c) => !covered.has(c))).toEqual([]);
});
