// The Content-Security-Policy, written at build time into dist/_headers (Netlify's CDN and
// `npm start` both serve it): scripts run only from this origin, Google sign-in's client, or as one
// of the inline scripts the build emitted, each allowed by its sha256 (no 'unsafe-inline').
// Astro's own CSP support writes a <meta> per page, which cannot carry frame-ancestors and would
// sit beside this header, so the header stays the one policy.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

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

/** The text of every inline script a browser would run in an HTML page, in order. */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (RUNNABLE.test(type.trim())) found.push(match[2] ?? '');
  }
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

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The policy allowing every inline script of every page in a built site. */
export async function policyForSite(dir: string): Promise<string> {
  const hashes = new Set<string>();
  for (const file of await htmlFiles(dir))
    for (const script of inlineScripts(await readFile(file, 'utf8')))
      hashes.add(scriptHash(script));
  return contentSecurityPolicy(hashes);
}

/** The `_headers` file (Netlify's format) that gives every path the policy. */
export function headersFile(policy: string): string {
  return `# Written by the build (scripts/csp.ts); do not edit.\n/*\n  Content-Security-Policy: ${policy}\n`;
}

/** The Astro integration that writes dist/_headers once the pages are built. */
export function cspHeaders(): AstroIntegration {
  return {
    name: 'shop-csp-headers',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const policy = await policyForSite(out);
        await writeFile(path.join(out, '_headers'), headersFile(policy));
        const count = policy.match(/'sha256-/g)?.length ?? 0;
        logger.info(`_headers: script-src allows ${count} inline scripts by hash`);
      },
    },
  };
}
