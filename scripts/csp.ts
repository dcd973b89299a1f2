// The Content-Security-Policy, written at build time into dist/_headers (Netlify's CDN and
// `npm start` both serve it): scripts run only from this origin, Google sign-in's client, or as one
// of the inline scripts the build emitted (found with an HTML parser), each allowed by its sha256
// (no 'unsafe-inline').
// Astro's own CSP support writes a <meta> per page, which cannot carry frame-ancestors and would
// sit beside this header, so the header stays the one policy.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { contentSecurityPolicy, inlineScripts, scriptHash } from '../src/server/site-headers.ts';

// The policy and the inline-script reader live in src/server/site-headers.ts, which the functions
// that answer HTML (page-case, the newsletter confirmation page) use too.
export {
  CSP_DIRECTIVES,
  contentSecurityPolicy,
  inlineScripts,
  scriptHash,
} from '../src/server/site-headers.ts';

/** Every HTML page of a built site in `dir`, as file paths. */
export async function htmlFiles(dir: string): Promise<string[]> {
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
