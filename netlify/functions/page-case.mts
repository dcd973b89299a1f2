import type { Config } from '@netlify/functions';
import { canonicalPagePath } from '../../src/lib/routes.ts';
import { pageHeaders } from '../../src/server/site-headers.ts';

/** The page answered when the CDN's own /404.html cannot be had. */
const SHORT_NOT_FOUND =
  '<!doctype html><html lang="en"><meta charset="utf-8"><title>Page not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p></html>';

/**
 * Page paths typed in another letter case. The CDN serves every page that exists as a file first
 * (`preferStatic`), so this runs only for paths with no file: one that names a page in another
 * case ('/collections', '/HANDBAGS') gets a 301 to its canonical spelling; anything else gets the
 * site's own 404 page with status 404. Netlify's redirect rules match case-sensitively, so no list
 * of rules could cover every spelling. Netlify adds no header rule to a function's answer, so both
 * carry the site's headers from here (src/server/site-headers.ts): the 404 page's CSP allows
 * exactly its own inline scripts, by hash.
 */
export default async (req: Request): Promise<Response> => {
  const url = new URL(req.url);
  const canonical = canonicalPagePath(url.pathname);
  if (canonical)
    return new Response(null, {
      status: 301,
      headers: {
        ...pageHeaders(),
        Location: `${canonical}${url.search}`,
        'Cache-Control': 'public, max-age=3600',
      },
    });
  // The CDN serves /404.html itself; never ask for it from here, or a missing file would loop.
  const page =
    url.pathname === '/404.html'
      ? null
      : await fetch(new URL('/404.html', url), { signal: AbortSignal.timeout(3000) }).catch(
          () => null,
        );
  const html = page?.ok ? await page.text() : SHORT_NOT_FOUND;
  return new Response(html, {
    status: 404,
    headers: {
      ...pageHeaders(html),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
    },
  });
};

export const config: Config = { path: '/*', excludedPath: ['/api/*'], preferStatic: true };
