// The response headers netlify.toml's [[headers]] blocks and the built dist/_headers give a path
// pattern, read from the files themselves so `npm start` can add them to the answers it makes on its
// own (404s, errors) exactly as Netlify's CDN adds them to every answer. Only the TOML netlify.toml
// uses for headers is read: `[[headers]]`, `for = "…"`, `[headers.values]` and `Name = "value"`
// (basic or literal strings); and of `_headers`, the `path` lines and their indented `Name: value`.
import { existsSync, readFileSync } from 'node:fs';

function unquote(raw: string): string {
  const text = raw.trim();
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1);
  if (text.startsWith('"') && text.endsWith('"')) return JSON.parse(text) as string;
  throw new Error(`netlify.toml: expected a quoted string, got ${text}`);
}

/** The headers of the `[[headers]]` block whose `for` is exactly `pattern`; throws when there is none. */
export function netlifyHeadersFor(toml: string, pattern: string): Record<string, string> {
  const blocks = toml.split(/^\s*\[\[headers\]\]\s*$/m).slice(1);
  for (const block of blocks) {
    const body = block.split(/^\s*\[(?!headers\.values\])[^\]]*\]\s*$/m)[0] ?? '';
    const forLine = /^\s*for\s*=\s*(.+)$/m.exec(body);
    if (!forLine || unquote(forLine[1]!) !== pattern) continue;
    const values = body.split(/^\s*\[headers\.values\]\s*$/m)[1] ?? '';
    const headers: Record<string, string> = {};
    for (const line of values.split('\n')) {
      const match = /^\s*([A-Za-z0-9-]+)\s*=\s*(.+?)\s*$/.exec(line);
      if (match) headers[match[1]!] = unquote(match[2]!);
    }
    return headers;
  }
  throw new Error(`netlify.toml has no [[headers]] block for "${pattern}"`);
}

/** The headers a Netlify `_headers` file gives exactly `pattern` (none when it names no such path). */
export function headersFileFor(text: string, pattern: string): Record<string, string> {
  const headers: Record<string, string> = {};
  let inBlock = false;
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      inBlock = line.trim() === pattern;
      continue;
    }
    const match = /^\s+([A-Za-z0-9-]+)\s*:\s*(.*?)\s*$/.exec(line);
    if (inBlock && match) headers[match[1]!] = match[2]!;
  }
  return headers;
}

/**
 * The headers every path gets (`/*`): the built `_headers` file's (the CSP, scripts/csp.ts), then
 * netlify.toml's, which win a clash as on Netlify. Throws when the site is not built: serving pages
 * without their CSP must not happen quietly.
 */
export function siteHeaders(
  file = 'netlify.toml',
  built = 'dist/_headers',
): Record<string, string> {
  if (!existsSync(built))
    throw new Error(`${built} is missing: build the site first (npm run build)`);
  return {
    ...headersFileFor(readFileSync(built, 'utf8'), '/*'),
    ...netlifyHeadersFor(readFileSync(file, 'utf8'), '/*'),
  };
}
