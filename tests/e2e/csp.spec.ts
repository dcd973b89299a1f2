// The served Content-Security-Policy allows every inline script the build emitted, and nothing
// inline besides: no 'unsafe-inline' in script-src (issue 13).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { inlineScripts, scriptHash } from '../../scripts/csp.ts';
import { expect, test } from './support/test.ts';

const DIST = path.resolve('dist');

/** Every built page's path as the site serves it ('/', '/Collections', '/product/…'); read once
 * the tests run, since npm start builds dist/ after this file is loaded. */
const pagePaths = () =>
  readdirSync(DIST, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('index.html'))
    .map((file) => `/${path.dirname(file).split(path.sep).join('/')}`.replace(/^\/\.$/, '/'));

const scriptSources = (policy: string) =>
  (policy.split(';').find((d) => d.trim().startsWith('script-src ')) ?? '').trim().split(/\s+/);

test.describe('Content-Security-Policy under npm start', () => {
  test('every inline script of every built page is allowed by the CSP it is served with', async ({
    request,
  }) => {
    const pages = pagePaths();
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
      await page.waitForLoadState('networkidle');
      expect(
        await page.evaluate(() => (window as unknown as { violations: string[] }).violations),
        pagePath,
      ).toEqual([]);
    }
  });
});
