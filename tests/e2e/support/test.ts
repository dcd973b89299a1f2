// Every journey imports `test` and `expect` from here: a test fails when its page throws
// (`pageerror`, e.g. React's hydration error #418) or logs a console error. The one kind of console
// error let through is the browser's own "Failed to load resource" for a 4xx answer: the API
// refusing a bad login or an expired token is the behaviour under test, not a fault of the page.
// Each journey's time budget is stretched for how busy the machine is when it starts (busy.ts).
import { test as base, expect } from '@playwright/test';
import { busyFactor } from './busy.ts';

/** A journey's time budget of `ms` on a quiet run, stretched for the machine's load now. */
export const budget = (ms: number): number => Math.round(ms * busyFactor());

export const test = base.extend<{
  pageErrors: string[];
  allowConsole: RegExp[];
  busyMachine: void;
}>({
  /**
   * Every journey's budget (the config's 60 s, or a file's own) stretched for the machine's load
   * when it starts; a journey that sets its own inside its body says `test.setTimeout(budget(ms))`.
   */
  busyMachine: [
    // Playwright reads a fixture's needs from its first parameter's pattern: this one needs none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, testInfo) => {
      testInfo.setTimeout(budget(testInfo.timeout));
      await use();
    },
    { auto: true },
  ],
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
