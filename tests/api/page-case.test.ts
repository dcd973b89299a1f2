// netlify/functions/page-case.mts: page paths typed in another case (301), else the 404 page.
// The CDN's /404.html is stood in for by a stubbed fetch, so no test reaches a network.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pageCase from '../../netlify/functions/page-case.mts';

const NOT_FOUND_PAGE =
  '<!doctype html><html lang="en"><head><title>Page not found</title></head><body><h1>Page not found</h1></body></html>';

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
