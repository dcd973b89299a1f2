import type { Config } from '@netlify/functions';
import { canonicalPagePath } from '../../src/lib/routes.ts';

/**
 * Page paths typed in another letter case. The CDN serves every page that exists as a file first
 * (`preferStatic`), so this runs only for paths with no file: one that names a page in another
 * case ('/collections', '/HANDBAGS') gets a 301 to its canonical spelling; anything else gets the
 * site's own 404 page with status 404. Netlify's redirect rules match case-sensitively, so no list
 * of rules could cover every spelling.
 */
export default async (req: Request): Promise<Response> => {
  const url = new URL(req.url);
  const canonical = canonicalPagePath(url.pathname);
  if (canonical)
    return new Response(null, {
      status: 301,
      headers: { Location: `${canonical}${url.search}`, 'Cache-Control': 'public, max-age=3600' },
    });
  // The CDN serves /404.html itself; never ask for it from here, or a missing file would loop.
  const page =
    url.pathname === '/404.html'
      ? null
      : await fetch(new URL('/404.html', url), { signal: AbortSignal.timeout(3000) }).catch(
          () => null,
        );
  const html = page?.ok
    ? await page.text()
    : '<!doctype html><title>Page not found</title><h1>Page not found</h1><p><a href="/">Go to the home page</a></p>';
  return new Response(html, {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'public, max-age=300' },
  });
};

export const config: Config = { path: '/*', excludedPath: ['/api/*'], preferStatic: true };
