import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScripts,
  policyForSite,
  scriptHash,
} from '../../scripts/csp.ts';
import { headersFileFor } from '../../scripts/netlify-headers.ts';
import { scratchDir } from '../fixtures/scratch.ts';

const scriptSrc = (policy: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith('script-src '))!
    .split(' ')
    .slice(1);

describe('inlineScripts', () => {
  it('finds classic and module inline scripts, and skips external scripts and JSON-LD data', () => {
    const html = `<head><script>a()</script><script src="/x.js"></script>
      <script type="application/ld+json">{"@type":"Product"}</script></head>
      <body><script type="module">b()</script><SCRIPT type='text/javascript'>c()</SCRIPT></body>`;
    expect(inlineScripts(html)).toEqual(['a()', 'b()', 'c()']);
  });
});

describe('inlineScripts on catalogue text', () => {
  it('hashes no script written inside an attribute, a comment or a textarea, only the scripts the page runs', () => {
    const name = '</script><script>alert(1)</script>';
    const html = `<!doctype html><html><head>
      <meta property="og:title" content="${name}"><meta name="description" content='${name}'>
      <script>real()</script></head>
      <body><img alt="${name}" src="/x.png"><!-- <script>commented()</script> -->
      <textarea><script>typed()</script></textarea><script type="module">island()</script>
      </body></html>`;
    expect(inlineScripts(html)).toEqual(['real()', 'island()']);
  });

  it('leaves a product named </script><script>alert(1)</script> out of the site-wide policy', async () => {
    const dir = scratchDir('csp-site-');
    const name = '</script><script>alert(1)</script>';
    writeFileSync(
      path.join(dir, 'index.html'),
      `<head><meta property="og:title" content="${name}"><script>home()</script></head>`,
    );
    const allowed = scriptSrc(await policyForSite(dir));
    expect(allowed).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      scriptHash('home()'),
    ]);
  });

  it('hashes a script as a browser reads it: line breaks CRLF as LF', () => {
    expect(inlineScripts('<script>a();\r\nb();</script>')).toEqual(['a();\nb();']);
  });
});

describe('scriptHash', () => {
  it("is the CSP spec's own example: alert('Hello, world.'); hashes to qznLcsRO…", () => {
    expect(scriptHash("alert('Hello, world.');")).toBe(
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    );
  });
});

describe('contentSecurityPolicy', () => {
  it("allows scripts from this origin, Google sign-in and the given hashes, never 'unsafe-inline'", () => {
    const policy = contentSecurityPolicy(["'sha256-b'", "'sha256-a'", "'sha256-b'"]);
    expect(scriptSrc(policy)).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      "'sha256-a'",
      "'sha256-b'",
    ]);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain('frame-src https://accounts.google.com/gsi/');
  });
});

describe('policyForSite', () => {
  it('allows every inline script of every page in the built folder, sub-folders included', async () => {
    const dir = scratchDir('csp-site-');
    mkdirSync(path.join(dir, 'product', 'a'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<script>home()</script>');
    writeFileSync(path.join(dir, 'product', 'a', 'index.html'), '<script>product()</script>');
    writeFileSync(path.join(dir, 'notes.txt'), '<script>not a page()</script>');
    const allowed = scriptSrc(await policyForSite(dir));
    expect(allowed).toContain(scriptHash('home()'));
    expect(allowed).toContain(scriptHash('product()'));
    expect(allowed).not.toContain(scriptHash('not a page()'));
  });

  it('is written as a _headers file that gives every path (/*) the policy, as Netlify reads it', () => {
    const policy = contentSecurityPolicy([scriptHash('x()')]);
    expect(headersFileFor(headersFile(policy), '/*')).toEqual({
      'Content-Security-Policy': policy,
    });
  });
});
