import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { headersFileFor, netlifyHeadersFor, siteHeaders } from '../../scripts/netlify-headers.ts';
import { scratchDir } from '../fixtures/scratch.ts';

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

const BUILT = `# Written by the build
/*
  Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-abc='
  X-Frame-Options: SAMEORIGIN
/_astro/*
  Cache-Control: no-store
`;

describe('headersFileFor', () => {
  it('reads the indented headers under exactly that path line, skipping comments', () => {
    expect(headersFileFor(BUILT, '/*')).toEqual({
      'Content-Security-Policy': "default-src 'self'; script-src 'self' 'sha256-abc='",
      'X-Frame-Options': 'SAMEORIGIN',
    });
    expect(headersFileFor(BUILT, '/_astro/*')).toEqual({ 'Cache-Control': 'no-store' });
    expect(headersFileFor(BUILT, '/images/*')).toEqual({});
  });
});

describe('siteHeaders', () => {
  const builtFile = () => {
    const file = path.join(scratchDir('headers-'), '_headers');
    writeFileSync(file, BUILT);
    return file;
  };

  it("gives the built file's CSP and netlify.toml's headers, netlify.toml winning a clash as on Netlify", () => {
    const headers = siteHeaders('netlify.toml', builtFile());
    expect(headers['Content-Security-Policy']).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='",
    );
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    // Every header line of netlify.toml's `/*` block is read, none left behind, plus the CSP.
    const block = readFileSync('netlify.toml', 'utf8')
      .split('for = "/*"')[1]!
      .split('[[headers]]')[0]!;
    expect(Object.keys(headers)).toHaveLength(block.match(/^\s+[A-Za-z-]+ = "/gm)!.length + 1);
  });

  it('refuses to answer before the site is built, so npm start never serves pages without their CSP', () => {
    expect(() =>
      siteHeaders('netlify.toml', path.join(tmpdir(), 'no-such-dir', '_headers')),
    ).toThrow(/_headers is missing: build the site first/);
  });
});
