// Every journey imports `test` and `expect` from here: a test fails when its page throws
// (`pageerror`, e.g. React's hydration error #418) or logs a console error. The one kind of console
// error let through is the browser's own "Failed to load resource" for a 4xx answer: the API
// refusing a bad login or an expired token is the behaviour under test, not a fault of the page.
import { test as base, expect } from '@playwright/test';

export const test = base.extend<{ pageErrors: string[]; allowConsole: RegExp[] }>({
  /** Console errors a test provokes on purpose (e.g. `net::ERR_FAILED` from an aborted route). */
  allowConsole: [[], { option: true }],
  pageErrors: [
    async ({ page, allowConsole }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text))
          return;
        if (allowConsole.some((pattern) => pattern.test(text))) return;
        errors.push(`console.error: ${text}`);
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Page, Locator, BrowserContext } from '@playwright/test';
