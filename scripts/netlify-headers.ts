// The response headers netlify.toml's [[headers]] blocks give a path pattern, read from the file
// itself so `npm start` can add them to the answers it makes on its own (404s, errors) exactly as
// Netlify's CDN adds them to every answer. Only the TOML netlify.toml uses for headers is read:
// `[[headers]]`, `for = "…"`, `[headers.values]` and `Name = "value"` (basic or literal strings).
import { readFileSync } from 'node:fs';

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

/** The headers netlify.toml gives every path (`for = "/*"`). */
export function siteHeaders(file = 'netlify.toml'): Record<string, string> {
  return netlifyHeadersFor(readFileSync(file, 'utf8'), '/*');
}
