import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';
import { isDeskPath, isNoindexPath } from '../../src/lib/routes.ts';

const toml = readFileSync('netlify.toml', 'utf8');
const directives = (csp: string) =>
  new Map(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources] as const;
    }),
  );

describe("netlify.toml's desk headers", () => {
  it('give /desk and every path under it the same headers', () => {
    expect(netlifyHeadersFor(toml, '/desk/*')).toEqual(netlifyHeadersFor(toml, '/desk'));
  });

  it('ask search engines not to index or follow the desk', () => {
    expect(netlifyHeadersFor(toml, '/desk')['X-Robots-Tag']).toBe('noindex, nofollow');
  });

  it('allow scripts, styles and calls from this origin only, and no framing', () => {
    const csp = directives(netlifyHeadersFor(toml, '/desk')['Content-Security-Policy']!);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
  });
});

describe('isDeskPath', () => {
  it('names /desk and the paths under it, and nothing that only starts alike', () => {
    expect(['/desk', '/desk/', '/desk/invite'].map(isDeskPath)).toEqual([true, true, true]);
    expect(['/desks', '/desktop-bags', '/', '/Cart'].map(isDeskPath)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isNoindexPath', () => {
  it('keeps the desk out of the sitemap with the other noindex pages', () => {
    expect(isNoindexPath('/desk/')).toBe(true);
    expect(isNoindexPath('/desk/invite/')).toBe(true);
    expect(isNoindexPath('/Collections')).toBe(false);
  });
});
