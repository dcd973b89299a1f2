import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESK_PAGES,
  MAX_PAGE_PATH_LENGTH,
  isDeskPath,
  PAGE_ROUTES,
  canonicalPagePath,
  isNoindexPath,
  searchPath,
  trimTrailingSlashes,
} from '../../src/lib/routes.ts';

/** Milliseconds one call takes. */
function timed(run: () => unknown): number {
  const started = performance.now();
  run();
  return performance.now() - started;
}

/** The fixed routes the pages folder builds: every .astro file but 404 and dynamic ones. */
function builtRoutes(dir = 'src/pages', prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return builtRoutes(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    if (!entry.name.endsWith('.astro') || entry.name.startsWith('[') || entry.name === '404.astro')
      return [];
    const name = entry.name.replace(/\.astro$/, '');
    return [name === 'index' ? prefix || '/' : `${prefix}/${name}`];
  });
}

describe('PAGE_ROUTES', () => {
  it("lists exactly the fixed pages src/pages builds outside the staff desk's area", () => {
    expect([...PAGE_ROUTES].sort()).toEqual(
      builtRoutes()
        .filter((r) => !isDeskPath(r))
        .sort(),
    );
  });
});

describe('DESK_PAGES', () => {
  it("lists exactly the pages src/pages builds in the staff desk's area", () => {
    expect([...DESK_PAGES].sort()).toEqual(builtRoutes().filter(isDeskPath).sort());
  });
});

describe('canonicalPagePath', () => {
  it('maps a page typed in lower or upper case to its canonical spelling', () => {
    expect(canonicalPagePath('/collections')).toBe('/Collections');
    expect(canonicalPagePath('/HANDBAGS')).toBe('/Handbags');
    expect(canonicalPagePath('/bestsellers')).toBe('/BestSellers');
    expect(canonicalPagePath('/Under999')).toBe('/under999');
    expect(canonicalPagePath('/YOURORDERS/')).toBe('/yourOrders');
  });

  it('lower-cases product ids and FAQ topics', () => {
    expect(canonicalPagePath('/Product/Margalla-Commuter-Laptop-Bagpack')).toBe(
      '/product/margalla-commuter-laptop-bagpack',
    );
    expect(canonicalPagePath('/FAQ/Returns')).toBe('/faq/returns');
  });

  it('answers null for a canonical path and for a path that names no page', () => {
    expect(canonicalPagePath('/Collections')).toBeNull();
    expect(canonicalPagePath('/product/margalla-commuter-laptop-bagpack')).toBeNull();
    expect(canonicalPagePath('/no-such-page')).toBeNull();
    expect(canonicalPagePath('/product/a/b')).toBeNull();
  });
});

describe('canonicalPagePath on hostile paths', () => {
  it('answers a path of 30,000 slashes then a letter as fast as one of 30,000 letters', () => {
    const slashes = `/product/${'/'.repeat(30_000)}a`;
    const letters = `/product/${'a'.repeat(30_001)}`;
    expect(canonicalPagePath(slashes)).toBeNull();
    const linear = timed(() => canonicalPagePath(letters));
    const hostile = timed(() => canonicalPagePath(slashes));
    // Trimming with /\/+$/ took over a second here (quadratic); both now take well under 100 ms.
    expect(hostile).toBeLessThan(100 + 10 * linear);
  });

  it('still drops any number of trailing slashes from a page path up to the length limit', () => {
    const slashes = '/'.repeat(MAX_PAGE_PATH_LENGTH - '/COLLECTIONS'.length);
    expect(canonicalPagePath(`/COLLECTIONS${slashes}`)).toBe('/Collections');
    expect(canonicalPagePath(`/Product/Margalla-Bag${'/'.repeat(40)}`)).toBe(
      '/product/margalla-bag',
    );
  });

  it('names no page for a path longer than MAX_PAGE_PATH_LENGTH (1,024 characters)', () => {
    expect(MAX_PAGE_PATH_LENGTH).toBe(1024);
    expect(canonicalPagePath(`/COLLECTIONS${'/'.repeat(MAX_PAGE_PATH_LENGTH)}`)).toBeNull();
    expect(canonicalPagePath(`/product/${'A'.repeat(MAX_PAGE_PATH_LENGTH)}`)).toBeNull();
  });
});

describe('trimTrailingSlashes', () => {
  it('drops every trailing slash but keeps the root', () => {
    expect(trimTrailingSlashes('/Cart///')).toBe('/Cart');
    expect(trimTrailingSlashes('/Cart')).toBe('/Cart');
    expect(trimTrailingSlashes('/')).toBe('/');
    expect(trimTrailingSlashes('///')).toBe('/');
  });

  it('takes linear time on 200,000 slashes before a letter', () => {
    const path = `/product/${'/'.repeat(200_000)}a`;
    let result = '';
    expect(timed(() => (result = trimTrailingSlashes(path)))).toBeLessThan(250);
    expect(result).toBe(path);
  });
});

describe('isNoindexPath', () => {
  it('recognises a noindex page with or without its trailing slash', () => {
    expect(isNoindexPath('/Cart')).toBe(true);
    expect(isNoindexPath('/yourOrders/')).toBe(true);
  });

  it('leaves the shop pages and product pages indexable', () => {
    expect(isNoindexPath('/')).toBe(false);
    expect(isNoindexPath('/Collections/')).toBe(false);
    expect(isNoindexPath('/faq/returns')).toBe(false);
    expect(isNoindexPath('/product/margalla-commuter-laptop-bagpack')).toBe(false);
  });
});

describe('searchPath', () => {
  it('is the results page with the query as a GET form sends it, whatever the query holds', () => {
    expect(searchPath('maroon')).toBe('/search?q=maroon');
    expect(searchPath('maroon tote')).toBe('/search?q=maroon+tote');
    expect(searchPath('<script>&q=1#x')).toBe('/search?q=%3Cscript%3E%26q%3D1%23x');
    expect(new URL(searchPath('🎒 ü'), 'https://x.test').searchParams.get('q')).toBe('🎒 ü');
  });

  it('is kept out of search engines', () => {
    expect(isNoindexPath('/search')).toBe(true);
  });
});
