// netlify/functions/page-case.mts: page paths typed in another case (301), else the 404 page.
// The CDN's /404.html is stood in for by a stubbed fetch, so no test reaches a network.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pageCase from '../../netlify/functions/page-case.mts';
import { contentSecurityPolicy, scriptHash } from '../../scripts/csp.ts';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><title>Page not found</title><script>fxHide()</script></head><body><h1>Page not found</h1><script type="module">island()</script></body></html>';

/** What every page of the site is served with: netlify.toml's headers for /* and this CSP. */
const siteHeaders = (csp: string) => ({
  ...netlifyHeadersFor(readFileSync('netlify.toml', 'utf8'), '/*'),
  'Content-Security-Policy': csp,
});

/** The answer's headers named as in `expected`, to compare with it. */
const picked = (answer: Response, expected: Record<string, string>) =>
  Object.fromEntries(Object.keys(expected).map((name) => [name, answer.headers.get(name)]));

let fetched: string[] = [];
beforeEach(() => {
  fetched = [];
  vi.stubGlobal('fetch', async (input: URL | string) => {
    fetched.push(String(input));
    return new Response(NOT_FOUND_PAGE, { headers: { 'content-type': 'text/html' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const get = (pathname: string) => pageCase(new Request(`https://bastaa.pk${pathname}`));

describe('page-case on hostile paths', () => {
  it('answers /product/ then 15,000 slashes and a letter with the 404 page as fast as 15,001 letters', async () => {
    await get('/warm-up'); // the first answer of a process pays for loading, not for the path
    const timed = async (pathname: string) => {
      const started = performance.now();
      const answer = await get(pathname);
      return { answer, ms: performance.now() - started };
    };
    const linear = await timed(`/product/${'a'.repeat(15_001)}`);
    const hostile = await timed(`/product/${'/'.repeat(15_000)}a`);
    expect(hostile.answer.status).toBe(404);
    expect(await hostile.answer.text()).toBe(NOT_FOUND_PAGE);
    // The quadratic trim took 1.8 s here against a few ms for the letters.
    expect(hostile.ms).toBeLessThan(100 + 5 * linear.ms);
  });

  it('answers a path over 1,024 characters with the 404 page, even one that would name a page', async () => {
    const answer = await get(`/COLLECTIONS${'/'.repeat(2000)}`);
    expect(answer.status).toBe(404);
    expect(fetched).toEqual(['https://bastaa.pk/404.html']);
  });
});

describe("page-case answers carry the site's headers", () => {
  it("answers a made-up URL with the 404 page, no framing and a CSP allowing exactly that page's inline scripts", async () => {
    const answer = await get('/made-up-page');
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe(NOT_FOUND_PAGE);
    const expected = siteHeaders(
      contentSecurityPolicy([scriptHash('fxHide()'), scriptHash('island()')]),
    );
    expect(picked(answer, expected)).toEqual(expected);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(answer.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(answer.headers.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('gives its own short not-found page the same headers when /404.html cannot be fetched', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('fetch failed');
    });
    const answer = await get('/made-up-page');
    expect(answer.status).toBe(404);
    expect(await answer.text()).toContain('<h1>Page not found</h1>');
    const expected = siteHeaders(contentSecurityPolicy([]));
    expect(picked(answer, expected)).toEqual(expected);
  });

  it('gives the 301 to a canonical spelling the same headers', async () => {
    const answer = await get('/collections?sort=price');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toBe('/Collections?sort=price');
    const expected = siteHeaders(contentSecurityPolicy([]));
    expect(picked(answer, expected)).toEqual(expected);
  });
});
