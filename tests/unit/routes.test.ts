import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES, canonicalPagePath, isNoindexPath } from '../../src/lib/routes.ts';

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
  it('lists exactly the fixed pages src/pages builds', () => {
    expect([...PAGE_ROUTES].sort()).toEqual(builtRoutes().sort());
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
