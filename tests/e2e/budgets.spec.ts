// Page-weight budgets, read from the built site (npm start has built dist/ before this runs).
// The same reader as `npm run bench` (tests/fixtures/page-weight.ts). No browser needed.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from './support/test.ts';
import {
  firstProductRoute,
  htmlFileFor,
  imageProblems,
  measurePage,
  type PageWeight,
} from '../fixtures/page-weight.ts';

const DIST = path.resolve(process.env.BUDGET_DIST_DIR ?? 'dist');
const KB = 1024;

/** Routes per budget: content pages ship (almost) no JS; catalogue and account pages have caps. */
function budgets(): { route: string; maxJs: number; optional?: boolean }[] {
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
    ].map((route) => ({ route, maxJs: 5 * KB })),
    ...['/', '/Collections', '/Bagpacks', '/Handbags', '/Sleeves', '/BestSellers', '/under999'].map(
      (route) => ({ route, maxJs: 90 * KB, optional: route !== '/' && route !== '/Collections' }),
    ),
    ...(product ? [{ route: product, maxJs: 90 * KB }] : []),
    ...['/Checkout', '/yourOrders', '/mySetting', '/favourites', '/Cart'].map((route) => ({
      route,
      maxJs: 110 * KB,
      optional: true,
    })),
  ];
}

test.describe('page-weight budgets (dist/)', () => {
  test('the build exists and has a product page', () => {
    expect(existsSync(path.join(DIST, 'index.html')), `${DIST}/index.html`).toBe(true);
    expect(firstProductRoute(DIST)).not.toBeNull();
  });

  for (const { route, maxJs, optional } of budgets()) {
    test(`${route}: initial JS ≤ ${maxJs / KB} KB gzipped, images sized and lazy below the first screen`, () => {
      if (!htmlFileFor(DIST, route)) {
        test.skip(optional === true, `${route} is not built yet`);
        throw new Error(`${route} was not built`);
      }
      const page: PageWeight = measurePage(DIST, route, route);
      test.info().annotations.push({
        type: 'weight',
        description: `JS ${(page.jsGzip / KB).toFixed(1)} KB, CSS ${(page.cssGzip / KB).toFixed(1)} KB, HTML ${(page.htmlBytes / KB).toFixed(1)} KB`,
      });
      expect(
        page.jsGzip,
        `${route} initial JS gzipped (${page.jsFiles.join(', ') || 'inline only'})`,
      ).toBeLessThanOrEqual(maxJs);
      expect(imageProblems(page)).toEqual([]);
    });
  }
});
