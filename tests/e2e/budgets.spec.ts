// Page-weight budgets (issue 14). JavaScript is measured in the browser: what a page fetches and runs
// before the shopper touches it, idle-time loads included (tests/fixtures/browser-weight.ts), not a
// static reading of dist/. Images are still checked on the built HTML (tests/fixtures/page-weight.ts).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import { JS_BUDGET_KB, jsBeforeInteraction, type BrowserJs } from '../fixtures/browser-weight.ts';
import {
  firstProductRoute,
  htmlFileFor,
  imageProblems,
  measurePage,
} from '../fixtures/page-weight.ts';

const DIST = path.resolve(process.env.BUDGET_DIST_DIR ?? 'dist');
const KB = 1024;

/** Routes per budget: content pages ship (almost) no JS; catalogue pages wait for a tap. */
function budgets(): { route: string; maxJs: number }[] {
  const faqTopics = existsSync(path.join(DIST, 'faq'))
    ? readdirSync(path.join(DIST, 'faq')).filter((t) =>
        existsSync(path.join(DIST, 'faq', t, 'index.html')),
      )
    : [];
  const product = firstProductRoute(DIST);
  return [
    ...[
      '/faq',
      ...faqTopics.map((t) => `/faq/${t}`),
      '/privacy-policy',
      '/terms-of-service',
      '/404',
      '/selectCountry',
    ].map((route) => ({ route, maxJs: JS_BUDGET_KB.content * KB })),
    ...[
      '/',
      '/Collections',
      '/Bagpacks',
      '/Handbags',
      '/Sleeves',
      '/BestSellers',
      '/under999',
      '/product/margalla-commuter-laptop-bagpack',
      ...(product ? [product] : []),
    ].map((route) => ({ route, maxJs: JS_BUDGET_KB.catalogue * KB })),
    ...['/Cart', '/Checkout'].map((route) => ({
      route,
      maxJs: JS_BUDGET_KB.cartAndCheckout * KB,
    })),
    ...['/yourOrders', '/mySetting', '/favourites'].map((route) => ({
      route,
      maxJs: JS_BUDGET_KB.account * KB,
    })),
  ].filter((b, i, all) => all.findIndex((o) => o.route === b.route) === i);
}

const measured = new Map<string, BrowserJs>();

// Every page is opened at once in its own tab: the byte counts do not depend on timing, and the
// file stays short. Each waits for network idle plus a quiet spell (idle-time loads count).
test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await Promise.all(
    budgets().map(async ({ route }) => {
      const page = await context.newPage();
      measured.set(route, await jsBeforeInteraction(page, route));
      await page.close();
    }),
  );
  await context.close();
});

test.describe('page-weight budgets (in the browser)', () => {
  test('the build exists and has a product page', () => {
    expect(existsSync(path.join(DIST, 'index.html')), `${DIST}/index.html`).toBe(true);
    expect(firstProductRoute(DIST)).not.toBeNull();
  });

  for (const { route, maxJs } of budgets()) {
    test(`${route}: JS run before interaction ≤ ${maxJs / KB} KB gzipped; images sized, lazy below the first screen`, () => {
      expect(htmlFileFor(DIST, route), `${route} was built`).not.toBeNull();
      const js = measured.get(route)!;
      test.info().annotations.push({
        type: 'weight',
        description: `JS ${(js.gzip / KB).toFixed(1)} KB (inline ${(js.inlineGzip / KB).toFixed(1)} KB)`,
      });
      expect(
        js.gzip,
        `${route} JS before interaction: ${js.files.map((f) => f.url).join(', ') || 'inline only'}`,
      ).toBeLessThanOrEqual(maxJs);
      expect(imageProblems(measurePage(DIST, route, route))).toEqual([]);
    });
  }
});
