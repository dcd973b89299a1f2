import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, scriptHash } from '../../scripts/csp.ts';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';
import { SITE_HEADERS, pageHeaders } from '../../src/server/site-headers.ts';

describe('SITE_HEADERS', () => {
  it("are exactly netlify.toml's [[headers]] for /*, which the CDN adds to files but never to a function's answer", () => {
    expect(SITE_HEADERS).toEqual(netlifyHeadersFor(readFileSync('netlify.toml', 'utf8'), '/*'));
  });
});

describe('pageHeaders', () => {
  it("are the site's headers and the site's CSP allowing exactly the page's own inline scripts", () => {
    expect(
      pageHeaders('<title>x</title><script>a()</script><script src="/b.js"></script>'),
    ).toEqual({
      ...SITE_HEADERS,
      'Content-Security-Policy': contentSecurityPolicy([scriptHash('a()')]),
    });
    expect(pageHeaders()).toEqual({
      ...SITE_HEADERS,
      'Content-Security-Policy': contentSecurityPolicy([]),
    });
  });
});
