// Security: the headers every answer carries, a Content-Security-Policy that allows every inline
// script the build emitted and nothing inline besides, and a shop that stays whole when the values
// it keeps in the browser are corrupted or hostile.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { inlineScripts, scriptHash } from '../../scripts/csp.ts';
import { siteHeaders } from '../../scripts/netlify-headers.ts';
import { expect, test } from './support/test.ts';
import { isDeskPath } from '../../src/lib/routes.ts';
import { allHydrated, hydrated } from './support/islands.ts';
import { DESKTOP, MARGALLA, PHONE } from './support/catalogue.ts';
import {
  navigationsStarted,
  openAccountByKeyboard,
  pressAndSettle,
  storeBeforeLoad,
  watchNavigations,
} from './support/ui.ts';

const DIST = path.resolve('dist');

/** Every built page's path as the site serves it ('/', '/Collections', '/product/…'); read once
 * the tests run, since npm start builds dist/ after this file is loaded. */
const pagePaths = () =>
  readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/^\/\.$/, '/'));

const scriptSources = (policy: string) =>
  (policy.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '').trim().split(/\s+/);

test.describe('security headers', () => {
  test('the pages are served with nosniff and a CSP that forbids framing', async ({ request }) => {
    const res = await request.get('/');
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  test("a 404, a redirect and a page under npm start all carry netlify.toml's /* headers", async ({
    request,
  }) => {
    const expected = Object.fromEntries(
      Object.entries(siteHeaders()).map(([k, v]) => [k.toLowerCase(), v]),
    );
    expect(Object.keys(expected)).toContain('content-security-policy');
    for (const [path, status] of [
      ['/no-such-page', 404],
      ['/_astro/no-such-file.js', 404],
      ['/cart', 301],
      ['/', 200],
    ] as const) {
      const res = await request.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBe(status);
      expect(res.headers(), path).toMatchObject(expected);
    }
    const api404 = await request.get('/api/no-such-endpoint');
    expect(api404.status()).toBe(404);
    expect(api404.headers()).toMatchObject({
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    });
  });
});

test.describe('the Content-Security-Policy under npm start', () => {
  test('every inline script of every built page is allowed by the CSP it is served with', async ({
    request,
  }) => {
    // The desk's pages run no inline script under a policy of their own (tests/e2e/desk.spec.ts).
    const pages = pagePaths().filter((p) => !isDeskPath(p));
    expect(pages.length).toBeGreaterThan(70);
    for (const pagePath of [...pages, '/no-such-page']) {
      const res = await request.get(pagePath, { maxRedirects: 0 });
      expect(res.status(), pagePath).toBe(pagePath === '/no-such-page' ? 404 : 200);
      const allowed = scriptSources(res.headers()['content-security-policy'] ?? '');
      expect(allowed, pagePath).not.toContain("'unsafe-inline'");
      const scripts = inlineScripts(await res.text());
      expect(scripts.length, pagePath).toBeGreaterThan(0);
      for (const script of scripts)
        expect(allowed, `${pagePath}: ${script.slice(0, 60)}`).toContain(scriptHash(script));
    }
  });

  test('script-src has no unsafe-inline and still allows Google sign-in', async ({ request }) => {
    const policy = (await request.get('/')).headers()['content-security-policy'] ?? '';
    expect(scriptSources(policy)).toEqual(
      expect.arrayContaining(['script-src', "'self'", 'https://accounts.google.com/gsi/client']),
    );
    expect(scriptSources(policy)).not.toContain("'unsafe-inline'");
    expect(policy).toContain('frame-src https://accounts.google.com/gsi/');
  });

  test('the browser reports no CSP violation on home, a product page and /Checkout', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        (window as unknown as { violations: string[] }).violations.push(
          `${e.violatedDirective}: ${e.blockedURI} ${e.sample}`,
        ),
      );
    });
    const product = pagePaths().find((p) => p.startsWith('/product/'))!;
    for (const pagePath of ['/', product, '/Checkout']) {
      await page.goto(pagePath);
      await allHydrated(page);
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
        pagePath,
      ).toEqual([]);
    }
  });
});

/** Every key the shop keeps in the browser (docs/product.md §3 and the shop's own). */
const STORED_KEYS = [
  'token',
  'email',
  'name',
  'selectedCountry',
  'selectedCurrency',
  'displayCurrency',
  'currencyRates',
  'highlightAllTrackOrder',
  'removedCancelledOrders',
  'cartItems_guest',
  'favourites_guest',
  'userSettings_zara@example.com',
];
const HOSTILE = '<img src=x onerror="window.__xss=1">\n€';

test.describe('corrupted or hostile values stored in the browser', () => {
  test.describe('at 390×844', () => {
    test.use({ viewport: PHONE });

    for (const [label, raw] of [
      ['null', 'null'],
      ['{}', '{}'],
      ['invalid JSON', '{"rates":'],
      ['a wrong type', '{"rates":null}'],
      ['a hostile string', HOSTILE],
    ] as const) {
      test(`with every key holding ${label}, the header, Add To Cart and /Checkout still work by keyboard`, async ({
        page,
      }) => {
        const errors: string[] = [];
        page.on('pageerror', (error) => errors.push(error.message));
        await storeBeforeLoad(page, Object.fromEntries(STORED_KEYS.map((key) => [key, raw])));
        await page.goto(MARGALLA.path);
        await hydrated(page, 'BuyBox');
        await openAccountByKeyboard(page);
        await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
        await page.keyboard.press('Escape');
        await page.locator('.buy-box').getByRole('button', { name: 'Add To Cart' }).focus();
        await page.keyboard.press('Enter');
        const panel = page.getByRole('dialog', { name: 'Just Added to Cart' });
        await expect(panel.getByRole('link', { name: 'View My Cart (1)' })).toBeVisible();
        await page.goto('/Checkout');
        await expect(page.getByLabel('First Name')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Place Order' })).toBeEnabled();
        expect(
          await page.evaluate(() => [
            (window as { __xss?: number }).__xss,
            ({} as Record<number, unknown>)[0],
          ]),
        ).toEqual([undefined, undefined]);
        expect(errors).toEqual([]);
      });
    }

    test('currencyRates = null is replaced by fresh rates for the chosen country', async ({
      page,
    }) => {
      await storeBeforeLoad(page, {
        selectedCountry: 'United Kingdom',
        selectedCurrency: 'GBP',
        currencyRates: 'null',
      });
      await page.goto(MARGALLA.path);
      await hydrated(page, 'BuyBox');
      await page.getByRole('button', { name: 'Log in or create an account' }).focus(); // wakes the header, which refreshes rates
      await expect
        .poll(() =>
          page.evaluate(
            () => JSON.parse(localStorage.getItem('currencyRates') ?? 'null')?.rates?.GBP,
          ),
        )
        .toBeGreaterThan(0);
      await page.reload();
      await expect(page.locator('.buy-box .buy-price .now')).toContainText('£');
    });
  });

  test('at 1366×900, a stored cart naming constructor.prototype pollutes nothing; /Checkout works and Enter in search stays put', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await storeBeforeLoad(page, { cartItems_guest: '{"constructor":{"prototype":{"0":5}}}' });
    await page.goto('/Checkout');
    await expect(page.getByLabel('First Name')).toBeVisible();
    expect(await page.evaluate(() => (({}) as Record<number, unknown>)[0])).toBeUndefined();
    await page.goto('/Collections');
    const search = page.getByRole('button', { name: 'Search' });
    await search.focus();
    await hydrated(page, 'HeaderTools');
    await page.keyboard.press('Enter');
    await expect(page.locator('#search-input')).toBeFocused();
    expect(await page.evaluate(() => (({}) as Record<number, unknown>)[0])).toBeUndefined();
    await page.keyboard.type('zzzz no such bag');
    await expect(page.getByText('No products found.')).toBeVisible();
    await watchNavigations(page);
    await pressAndSettle(page, 'Enter');
    // The search has handled Enter: it asked for no page, and the overlay still shows no result.
    expect(await navigationsStarted(page)).toEqual([]);
    await expect(page.locator('#search-input')).toBeFocused();
    await expect(page.getByText('No products found.')).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/Collections');
    expect(errors).toEqual([]);
  });
});
