// The site's Content-Security-Policy, shared by the build (scripts/csp.ts writes it into
// dist/_headers for every page) and the functions that answer HTML themselves: scripts run only
// from this origin, Google sign-in's client, or as one of the inline scripts the page carries,
// each allowed by its sha256 (no 'unsafe-inline').
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterTypes } from 'parse5';

/** Google Identity Services: the sign-in script, its styles, its calls and its frame. */
const GOOGLE_GSI = 'https://accounts.google.com/gsi';

/** The policy's directives; script-src gets the inline scripts' hashes added. */
export const CSP_DIRECTIVES: ReadonlyArray<readonly [string, ...string[]]> = [
  ['default-src', "'self'"],
  ['script-src', "'self'", `${GOOGLE_GSI}/client`],
  // Islands and Google's button set style attributes; styles cannot run code.
  ['style-src', "'self'", "'unsafe-inline'", `${GOOGLE_GSI}/style`],
  ['img-src', "'self'", 'data:'],
  ['font-src', "'self'"],
  ['connect-src', "'self'", `${GOOGLE_GSI}/`],
  ['frame-src', `${GOOGLE_GSI}/`],
  ['form-action', "'self'"],
  ['base-uri', "'self'"],
  ['frame-ancestors', "'none'"],
  ['object-src', "'none'"],
];

// Script types a browser runs; JSON-LD and other data blocks are not scripts to a CSP.
const RUNNABLE = /^(|module|text\/javascript|application\/javascript)$/i;

type Node = DefaultTreeAdapterTypes.Node;
type Element = DefaultTreeAdapterTypes.Element;

const isElement = (node: Node): node is Element => 'tagName' in node;

/**
 * The text of every inline script a browser would run in an HTML page, in order, read with a real
 * HTML parser (parse5, the WHATWG algorithm browsers follow): `<script>` written inside an
 * attribute value, a comment, a textarea or a title is text there, never a script, so catalogue
 * text can never add a hash to the policy. The text is what the browser hashes (CRLF read as LF).
 */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node): void => {
    if (isElement(node) && node.tagName === 'script') {
      const attribute = (name: string) => node.attrs.find((a) => a.name === name)?.value;
      if (attribute('src') === undefined && RUNNABLE.test((attribute('type') ?? '').trim()))
        found.push(node.childNodes.map((c) => ('value' in c ? c.value : '')).join(''));
    }
    if (isElement(node) && 'content' in node) visit(node.content);
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return found;
}

/** A script's CSP source expression: 'sha256-…' of its UTF-8 text, as browsers compute it. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The policy with these script hashes (sorted, so the header is stable between builds). */
export function contentSecurityPolicy(hashes: Iterable<string>): string {
  const extra = [...new Set(hashes)].sort();
  return CSP_DIRECTIVES.map(([name, ...sources]) =>
    [name, ...sources, ...(name === 'script-src' ? extra : [])].join(' '),
  ).join('; ');
}

/**
 * netlify.toml's [[headers]] for "/*". Netlify's CDN adds them (and dist/_headers' CSP) to the
 * files it serves, never to a function's answer, so a function that answers a page adds them
 * itself. tests/unit/site-headers.test.ts keeps this copy equal to netlify.toml.
 */
export const SITE_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
};

/**
 * The headers of an HTML answer a function makes (page-case's 404 and 301, the newsletter
 * confirmation page): the site's headers and the site's CSP, whose script-src allows exactly the
 * inline scripts of `html` by hash. The build's dist/_headers policy has the same directives and
 * the hashes of every page; this one allows only what the answered page itself runs.
 */
export function pageHeaders(html = ''): Record<string, string> {
  return {
    ...SITE_HEADERS,
    'Content-Security-Policy': contentSecurityPolicy(inlineScripts(html).map(scriptHash)),
  };
}

/** An HTML page a function answers, never cached, with pageHeaders. */
export function pageResponse(html: string, status = 200): Response {
  return new Response(html, {
    status,
    headers: {
      ...pageHeaders(html),
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
    },
  });
}
