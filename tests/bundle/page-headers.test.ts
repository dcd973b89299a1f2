// Production-parity tier: the bundled page-case function (Netlify's CDN adds netlify.toml's and
// _headers' headers to the files it serves, never to a function's answer) answers pages with the
// site's security headers itself. '/404.html' is the one path page-case answers with its own
// not-found page without fetching the CDN's copy, so nothing here leaves this machine.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions } from '../../scripts/bundle-functions.ts';
import { contentSecurityPolicy } from '../../scripts/csp.ts';
import { netlifyHeadersFor } from '../../scripts/netlify-headers.ts';
import { productionEnv, startInstance, type Instance } from './support/harness.ts';

let host: Instance;
let notFound: Response;
let moved: Response;

beforeAll(async () => {
  const set = await bundleFunctions();
  const page = set.functions.find((f) => f.name === 'page-case')!;
  host = await startInstance({
    functions: [page],
    cwd: page.dir,
    env: productionEnv({}, page.dir),
  });
  notFound = await host.fetch('/404.html');
  moved = await host.fetch('/HANDBAGS');
}, 300_000);

afterAll(async () => {
  await host?.stop();
});

describe('the bundled page-case function', { timeout: 60_000 }, () => {
  const site = {
    ...netlifyHeadersFor(readFileSync('netlify.toml', 'utf8'), '/*'),
    'Content-Security-Policy': contentSecurityPolicy([]),
  };
  const picked = (answer: Response) =>
    Object.fromEntries(Object.keys(site).map((name) => [name, answer.headers.get(name)]));

  it("answers a 404 page with the site's CSP (frame-ancestors 'none') and X-Frame-Options DENY", async () => {
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await notFound.text()).toContain('<h1>Page not found</h1>');
    expect(notFound.headers.get('x-frame-options')).toBe('DENY');
    expect(notFound.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(picked(notFound)).toEqual(site);
  });

  it("answers a 301 to a page's canonical spelling with the same headers", () => {
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/Handbags');
    expect(picked(moved)).toEqual(site);
  });
});
