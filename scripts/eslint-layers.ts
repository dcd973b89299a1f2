// docs/design.md's "Layers and what may import what", as an ESLint rule (`shop/layers`, on by
// eslint.config.js): a file in one of the folders below may import its own folder and the folders
// listed for it, and nothing else of ours. Packages are not ours and stay free. ESLint does not
// parse .astro files here, so tests/unit/layers.test.ts checks their imports with the same table.
import path from 'node:path';
import type { Rule } from 'eslint';

/** Each layer (a folder) and the other layers it may import; every layer may import itself. */
export const LAYERS: Readonly<Record<string, readonly string[]>> = {
  // Pure rules: nothing of ours but src/lib.
  'src/lib': [],
  'src/server': ['src/lib'],
  'netlify/functions': ['src/server', 'src/lib'],
  'src/client': ['src/lib'],
  'src/stores': ['src/lib', 'src/client'],
  // Feature islands also import each other's and the shared islands' parts.
  'src/islands': ['src/stores', 'src/client', 'src/lib'],
  // Client directives drive an island before it hydrates (the slideshow's own state); the islands'
  // renderer (preact-client.ts, preact-server.ts) hydrates it.
  'src/directives': ['src/islands', 'src/client', 'src/lib'],
  // Static components: the islands they place (client directives), the layout shell they wrap,
  // and src/client for the few bytes of <script> a component runs (the newsletter form).
  'src/components': ['src/lib', 'src/islands', 'src/layouts', 'src/client'],
  'src/layouts': ['src/components', 'src/islands', 'src/lib', 'src/client', 'src/styles'],
  // src/server at build time only: pages are rendered by the build, never in the browser.
  'src/pages': [
    'src/components',
    'src/layouts',
    'src/islands',
    'src/directives',
    'src/lib',
    'src/server',
  ],
  'src/styles': [],
  // Demo content: the demo catalogue's photo renderer. Only the demo path and scripts import it.
  'src/demo': ['src/lib', 'src/server'],
};

/**
 * What an island may import of src/client besides types: the helpers that run before hydration
 * (the first paint, the tap shells, waking an island). An island's data comes through a store's
 * actions, and only stores call the API client.
 */
export const ISLAND_CLIENT_MODULES: readonly string[] = [
  'src/client/first-paint.ts',
  'src/client/shells.ts',
  'src/client/wake.ts',
  'src/client/brand-font.ts',
  'src/client/cart-skeleton.ts',
  'src/client/country-strip.ts',
  'src/client/paint-currency.ts',
  'src/client/delivery-paint.ts',
  'src/client/fx-hide.ts',
];

/** Modules of src/stores that only stores use (an island may import their types). */
export const STORE_ONLY_MODULES: readonly string[] = [
  'src/stores/desk-call.ts',
  'src/stores/desk-resource.ts',
];

/** Why an island's (non-type) import of `target` is refused, or null when it is not. */
function islandProblem(target: string): string | null {
  if (target.startsWith('src/client/') && !ISLAND_CLIENT_MODULES.includes(target))
    return `src/islands may import of src/client only types and the first-paint helpers, not ${target}: an island calls a store's actions (docs/design.md, "Layers and what may import what").`;
  if (STORE_ONLY_MODULES.includes(target))
    return `${target} is for the stores: an island calls a store's actions instead (docs/design.md, "Layers and what may import what").`;
  return null;
}

/**
 * The server's contexts. Each has an entry module (`index.ts`), the only file of it that code
 * outside the context imports (tests excepted: they may look inside).
 */
export const CONTEXTS = [
  'messaging',
  'couriers',
  'operations',
  'accounts',
  'catalogue',
  'orders',
  'returns',
  'payments',
];

/** Why an import from `from` reaches into another context's insides, or null when it does not. */
function contextProblem(from: string, target: string): string | null {
  const match = /^src\/server\/([a-z-]+)\//.exec(target);
  const context = match?.[1];
  if (!context || !CONTEXTS.includes(context)) return null;
  const home = `src/server/${context}/`;
  if (from.startsWith(home) || target === `${home}index.ts`) return null;
  return `${target} is inside the ${context} context: import ${home}index.ts, its entry, instead.`;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** The layer a repository path (relative, with '/') belongs to, or null. */
function layerOf(file: string): string | null {
  return (
    Object.keys(LAYERS).find((layer) => file === layer || file.startsWith(`${layer}/`)) ?? null
  );
}

const toRepoPath = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

/**
 * Why `file` (absolute) may not import `specifier`, or null when it may: packages always may, and a
 * file outside every layer (tests, scripts, configuration) may import anything. `typeOnly` marks an
 * import of types alone, which an island may make of any module it may use.
 */
export function importProblem(file: string, specifier: string, typeOnly = false): string | null {
  if (!specifier.startsWith('.')) return null;
  const repoPath = toRepoPath(file);
  const from = layerOf(repoPath);
  const target = toRepoPath(path.resolve(path.dirname(file), specifier.split('?')[0]!));
  if (!from) return repoPath.startsWith('scripts/') ? contextProblem(repoPath, target) : null;
  const to = layerOf(target);
  if (to === from || (to && LAYERS[from]!.includes(to))) {
    if (from === 'src/islands' && !typeOnly) return islandProblem(target);
    return contextProblem(repoPath, target);
  }
  const allowed = [from, ...LAYERS[from]!].join(', ');
  return `${from} may import ${allowed} only, not ${to ?? target} (docs/design.md, "Layers and what may import what").`;
}

/** `shop/layers`: every import form is checked (import, export … from, import(), typeof import()). */
const layersRule: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps imports to docs/design.md’s table of layers' },
    schema: [],
  },
  create(context) {
    const check = (node: Rule.Node, source: unknown, typeOnly = false) => {
      if (typeof source !== 'string') return;
      const problem = importProblem(context.filename, source, typeOnly);
      if (problem) context.report({ node, message: problem });
    };
    const literal = (node: unknown) =>
      node && typeof node === 'object' && 'value' in node ? node.value : undefined;
    // typescript-eslint marks `import type` / `export type` (and each `type` specifier) with a kind.
    type Kinded = { importKind?: string; exportKind?: string };
    const typeOnly = (node: Kinded & { specifiers?: Kinded[] }) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (!!node.specifiers?.length &&
        node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));
    return {
      ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node as Kinded)),
      ExportNamedDeclaration: (node) =>
        check(node, literal(node.source), typeOnly(node as Kinded & { specifiers?: Kinded[] })),
      ExportAllDeclaration: (node) => check(node, node.source.value, typeOnly(node as Kinded)),
      ImportExpression: (node) => check(node, literal(node.source)),
      // `typeof import('./answers.ts')`: typescript-eslint's node, not in ESLint's own types.
      ...({
        TSImportType: (node: Rule.Node & { source?: unknown }) =>
          check(node, literal(node.source), true),
      } as Rule.RuleListener),
    };
  },
};

/** The shop's own ESLint rules. */
export const shopPlugin = { rules: { layers: layersRule } };
