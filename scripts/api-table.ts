// The API reference's list of calls (docs/api.md) and the storefront client's route map, made from
// the endpoint table (src/lib/contract/endpoints.ts).
//
//   npm run api-table        rewrites docs/api.md's list, src/client/api-routes.ts and
//                            src/client/desk-routes.ts
//
// tests/unit/endpoints.test.ts fails when any differs from what this makes.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENDPOINTS, ENDPOINT_NAMES } from '../src/lib/contract/endpoints.ts';
import { REQUESTS } from '../src/lib/contract/requests.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const API_DOC = path.join(ROOT, 'docs/api.md');
export const CLIENT_ROUTES = path.join(ROOT, 'src/client/api-routes.ts');
export const DESK_CLIENT_ROUTES = path.join(ROOT, 'src/client/desk-routes.ts');
const START = '<!-- api-table:start -->';
const END = '<!-- api-table:end -->';

/** The body fields a request schema names, or an em dash for none. */
function fields(key: keyof typeof REQUESTS | null): string {
  if (key === null) return '—';
  const schema = REQUESTS[key] as unknown as { _zod: { def: Record<string, unknown> } };
  // An order item schema is a pipe (it renames `_id`); every body schema here is an object.
  const shape = (schema._zod.def.shape ?? {}) as Record<string, unknown>;
  const names = Object.keys(shape);
  return names.length === 0 ? 'none' : names.map((n) => `\`${n}\``).join(', ');
}

/** `text` broken into lines of at most `width` characters, every line after the first indented. */
function wrap(text: string, width = 100, indent = '  '): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = indent + word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line].join('\n');
}

/**
 * The API reference's list of every call, in table order: method and path(s), who may call, the router
 * function, what it does and its body's fields. A list, not a table, so no line runs past 100
 * characters however many fields a body has.
 */
export function apiTable(): string {
  const items = ENDPOINT_NAMES.map((name) => {
    const spec = ENDPOINTS[name];
    const [path, ...aliases] = spec.paths;
    const also = aliases.length ? ` (also ${aliases.map((a) => `\`${a}\``).join(', ')})` : '';
    const body = spec.request === null ? '' : ` Body: ${fields(spec.request)}.`;
    return wrap(
      `- \`${spec.method} ${path}\`${also} · ${spec.access} · ${spec.router}: ${spec.summary}.${body}`,
    );
  });
  // prettier would re-wrap the items; their breaks are chosen here.
  return ['<!-- prettier-ignore -->', ...items].join('\n');
}

/** src/client/api-routes.ts: method, path and answer key of each call the storefront makes. */
export function clientRoutes(): string {
  const rows = ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].router !== 'desk').map((name) => {
    const { method, paths, answer } = ENDPOINTS[name];
    return `  ${name}: ['${method}', '${paths[0]}', '${answer}'],`;
  });
  return [
    '// Written by `npm run api-table` from the endpoint table (src/lib/contract/endpoints.ts), and',
    "// held to it by tsc (`satisfies ClientRoutes`): the storefront's calls without the table's",
    "// other fields and the desk's calls, which no storefront page needs to ship.",
    "import type { ClientRoutes } from '../lib/contract/endpoints.ts';",
    '',
    "/** Method, the spec's path and the answer schema's key of each call the storefront makes. */",
    'export const API_ROUTES = {',
    ...rows,
    '} as const satisfies ClientRoutes;',
    '',
  ].join('\n');
}

/** src/client/desk-routes.ts: method, path and answer key of each call the desk makes. */
export function deskRoutes(): string {
  const rows = ENDPOINT_NAMES.filter((name) => ENDPOINTS[name].router === 'desk').map((name) => {
    const { method, paths, answer } = ENDPOINTS[name];
    return `  ${name}: ['${method}', '${paths[0]}', '${answer}'],`;
  });
  return [
    '// Written by `npm run api-table` from the endpoint table (src/lib/contract/endpoints.ts), and',
    "// held to it by tsc (`satisfies DeskClientRoutes`): the desk's calls, apart from the",
    "// storefront's so that no storefront page ships them.",
    "import type { DeskClientRoutes } from '../lib/contract/endpoints.ts';",
    '',
    "/** Method, path and the answer schema's key of each call the desk makes. */",
    'export const DESK_ROUTES = {',
    ...rows,
    '} as const satisfies DeskClientRoutes;',
    '',
  ].join('\n');
}

/** The API reference (docs/api.md) with its list of calls replaced by `table`. */
export function withTable(doc: string, table: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/api.md has no ${START} … ${END} markers`);
  return `${doc.slice(0, start + START.length)}\n\n${table}\n\n${doc.slice(end)}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(API_DOC, withTable(readFileSync(API_DOC, 'utf8'), apiTable()));
  writeFileSync(CLIENT_ROUTES, clientRoutes());
  writeFileSync(DESK_CLIENT_ROUTES, deskRoutes());
  console.log(
    `docs/api.md: API table written (${ENDPOINT_NAMES.length} calls); src/client/api-routes.ts and desk-routes.ts written.`,
  );
}
