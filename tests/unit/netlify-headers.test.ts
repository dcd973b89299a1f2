import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { netlifyHeadersFor, siteHeaders } from '../../scripts/netlify-headers.ts';

const TOML = `
[[redirects]]
  from = "/cart"
  to = "/Cart"

[[headers]]
  for = "/_astro/*"
  [headers.values]
    Cache-Control = "public, max-age=31536000, immutable"

[[headers]]
  for = "/*"
  [headers.values]
    X-Frame-Options = "DENY"
    Content-Security-Policy = "default-src 'self'; frame-ancestors 'none'"
    X-Quoted = "say \\"hi\\""
    X-Literal = 'a "b"'

[functions]
  directory = "netlify/functions"
`;

describe('netlifyHeadersFor', () => {
  it('reads the values of the block for exactly that pattern, in basic and literal strings', () => {
    expect(netlifyHeadersFor(TOML, '/*')).toEqual({
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "default-src 'self'; frame-ancestors 'none'",
      'X-Quoted': 'say "hi"',
      'X-Literal': 'a "b"',
    });
    expect(netlifyHeadersFor(TOML, '/_astro/*')).toEqual({
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
  });

  it('throws when the file has no block for the pattern, so npm start cannot serve without headers', () => {
    expect(() => netlifyHeadersFor(TOML, '/images/*')).toThrow(
      'netlify.toml has no [[headers]] block for "/images/*"',
    );
  });
});

describe('siteHeaders', () => {
  it("reads the project's netlify.toml: CSP, frame and sniffing protection among them", () => {
    const headers = siteHeaders();
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    // Every header line of the `/*` block is read, none left behind.
    const block = readFileSync('netlify.toml', 'utf8')
      .split('for = "/*"')[1]!
      .split('[[headers]]')[0]!;
    expect(Object.keys(headers)).toHaveLength(block.match(/^\s+[A-Za-z-]+ = "/gm)!.length);
  });
});
