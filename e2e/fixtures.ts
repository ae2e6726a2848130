/*
 * The suite's `test`: Playwright's, with one automatic check — every page any test opens (its
 * `page`, or one of a context it makes with browser.newContext/newPage) must log no error to the
 * console and throw none: a React hydration error (a mismatch React recovers from by drawing the
 * page again is still logged as an error), an exception in a component, a failed script. A test
 * that expects an error says which: test.use({ expectedConsoleErrors: [/pattern/] }), matched
 * against '<url of the script or resource>: <message>'.
 */
import { expect, test as base, type BrowserContext } from '@playwright/test';

/**
 * Errors the browser itself logs that are not the app's:
 * - a 4xx from the API (a wrong password, a booking that is gone) is shown to the visitor by the
 *   page, not a fault;
 * - Playwright's trace recorder (whenever a trace is recorded: playwright.config.ts) runs its snapshot script in every
 *   frame at each action, and Chromium refuses it in the frames the admin's mailbox shows emails
 *   in (sandboxed without scripts). Reproduced with playwright-core alone: the message appears
 *   with tracing on and never without it. The emails hold no script (src/server/mail/outbox.test.ts).
 */
const ALWAYS_EXPECTED = [
  /: Failed to load resource: the server responded with a status of 4\d\d/,
  /^about:srcdoc: Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed and the 'allow-scripts' permission is not set\.$/,
];

export const test = base.extend<{ expectedConsoleErrors: RegExp[]; consoleGuard: void }>({
  expectedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ browser, context, expectedConsoleErrors }, provide) => {
      const errors: string[] = [];
      const expected = [...ALWAYS_EXPECTED, ...expectedConsoleErrors];
      const watch = (ctx: BrowserContext) => {
        ctx.on('console', (message) => {
          if (message.type() !== 'error') return;
          const text = `${message.location().url}: ${message.text()}`;
          if (!expected.some((re) => re.test(text))) errors.push(text);
        });
        ctx.on('weberror', (error) => {
          const text = String(error.error());
          if (!expected.some((re) => re.test(text))) errors.push(`uncaught: ${text}`);
        });
      };
      watch(context);
      const { newContext, newPage } = browser;
      browser.newContext = async (...args) => {
        const ctx = await newContext.apply(browser, args);
        watch(ctx);
        return ctx;
      };
      browser.newPage = async (...args) => {
        const page = await newPage.apply(browser, args);
        watch(page.context());
        return page;
      };
      try {
        await provide();
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      expect(errors, 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
