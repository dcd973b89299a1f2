// The desk's first screen arrives in few files, all named by its page.
//
// The build puts the modules of the desk's first screen that only the desk runs into two files of
// its own (the page's script and the drawing), and those the invitation page also runs into files
// the desk's pages share. Modules a storefront page also loads (the schemas, the calls, the prices)
// stay in the shop's shared files. The first screen is the page's script and its imports, and the
// three it loads beside its first calls: the drawing (./draw.tsx), the order list, and the first
// answers' schemas. Then it writes a `<link rel="modulepreload">` into the desk's page for every
// file the desk runs before it first draws the order list (the screen staff open most).
//
// Why the links: without them, Vite's loader appended them to the head from the page's script as it
// ran (23 of them). With the two calls it starts, that one task held the main thread for 80–130 ms
// of the desk's first load in Lighthouse's trace, and a CPU-sampled trace put 49–66 ms of it in
// `appendChild`. Each level of imports was also found only once its parent had arrived. Links the
// page already holds are not added again (Vite's loader looks for them first).
//
// Why so few files: the bundler split the desk's own modules by which screens share them, into 12
// files (one of 119 bytes). A phone opening the desk with nothing cached asked for 24 scripts: over
// HTTP/1.1 (`npm start`) that is four rounds on a browser's six connections to one host, and each
// answer carries the shop's 1.6 KB of headers. Now it asks for 15. Lighthouse mobile with the cache
// cleared went from 97 to 99 (median of seven; FCP 1.94 s to 1.56 s, LCP 2.17 s to 1.78 s), and the
// invitation page loads 6 files instead of 12 (27.2 KB gzip instead of 28.1).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import type { Plugin } from 'vite';
import { htmlFiles } from './csp.ts';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** The desk page's script: the chunk holding it is the one its page loads. */
export const DESK_BOOT = path.join(SRC, 'islands/desk/boot.ts');

/** What the desk loads beside its first calls to draw the order list, in the order they are needed. */
export const DESK_FIRST_SCREEN: readonly string[] = [
  path.join(SRC, 'client/desk-start-answers.ts'),
  path.join(SRC, 'islands/desk/draw.tsx'),
  path.join(SRC, 'islands/desk/OrdersScreen.tsx'),
];

/**
 * Everything reachable from `roots` by `next` (modules by their imports, chunks by theirs), each
 * once, in the order a depth-first walk meets them.
 */
function reachable(roots: Iterable<string>, next: (node: string) => Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const visit = (node: string): void => {
    if (seen.has(node)) return;
    seen.add(node);
    for (const to of next(node)) visit(to);
  };
  for (const root of roots) visit(root);
  return seen;
}

/** What this reads of a module in the build's graph (Rolldown's `ModuleInfo` has it). */
export interface GraphModule {
  isEntry: boolean;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}

/** The build's module graph: every module id, and what each imports. */
export interface ModuleGraph {
  ids: readonly string[];
  info(id: string): GraphModule | null;
}

/** Where the desk's pages (the desk and the invitation) have their scripts. */
export const DESK_PAGES = path.join(SRC, 'pages/desk/');

/**
 * The file a module of the desk's first screen goes into: its page's script ('desk') or its
 * drawing's file ('desk-drawing') when only the desk runs it; when the invitation page runs it too,
 * a file the two pages share, for what the invitation runs at once ('desk-shared') or later
 * ('desk-shared-later').
 */
export type DeskFile = 'desk' | 'desk-drawing' | 'desk-shared' | 'desk-shared-later';

/**
 * Which modules of the desk's first screen share a file. The first screen is what the desk page's
 * script (the entry that imports `boot`) imports statically, its script, and what `first` imports
 * statically, its drawing. The drawing stays apart from the script: the script starts the first
 * calls without waiting for it, and says the desk could not load when it does not arrive.
 * A module the invitation page (another entry under `pages`) also reaches goes into a file the
 * desk's pages share, one for what it imports statically and one for what it loads later. A module
 * any other entry of the build reaches (a storefront island) is not in the map: it stays where the
 * bundler puts it, so no storefront page loads a desk file. Empty when no entry runs `boot`. The
 * build's own helpers (ids starting with a NUL) are left to the bundler.
 */
export function deskFiles(
  graph: ModuleGraph,
  boot: string = DESK_BOOT,
  first: readonly string[] = DESK_FIRST_SCREEN,
  pages: string = DESK_PAGES,
): Map<string, DeskFile> {
  const reach = (roots: readonly string[], dynamic: boolean) =>
    reachable(roots, (id) => {
      const info = graph.info(id);
      if (!info) return [];
      return dynamic ? [...info.importedIds, ...info.dynamicallyImportedIds] : info.importedIds;
    });
  const entries = graph.ids.filter((id) => graph.info(id)?.isEntry);
  const desk = entries.filter((id) => reach([id], false).has(boot));
  const files = new Map<string, DeskFile>();
  if (desk.length === 0) return files;
  const others = entries.filter((id) => !desk.includes(id));
  const deskPages = others.filter((id) => id.startsWith(pages));
  const shared = reach(deskPages, false);
  const sharedLater = reach(deskPages, true);
  const elsewhere = reach(
    others.filter((id) => !id.startsWith(pages)),
    true,
  );
  const script = reach(desk, false);
  for (const id of new Set([...script, ...reach(first, false)])) {
    if (id.startsWith('\0') || elsewhere.has(id)) continue;
    if (shared.has(id)) files.set(id, 'desk-shared');
    else if (sharedLater.has(id)) files.set(id, 'desk-shared-later');
    else files.set(id, script.has(id) ? 'desk' : 'desk-drawing');
  }
  return files;
}

/**
 * Checks that no other page loads the desk's script: no entry chunk but the desk's reaches the chunk
 * holding `boot` by any import. One that did would run the desk's script on its page (and load the
 * desk's first screen there): the build stops instead.
 */
export function assertDeskChunkAlone(
  chunks: readonly LinkedChunk[],
  boot: string = DESK_BOOT,
): void {
  const start = chunks.find((c) => c.moduleIds.includes(boot));
  if (!start) return;
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const next = (file: string) => {
    const chunk = byFile.get(file);
    return chunk ? [...chunk.imports, ...chunk.dynamicImports] : [];
  };
  for (const entry of chunks)
    if (entry.isEntry && entry !== start && reachable([entry.fileName], next).has(start.fileName))
      throw new Error(`desk preload: ${entry.fileName}, not the desk's, loads the desk's script`);
}

/** The parts of a built chunk this reads (Rollup's and Rolldown's output chunks have them). */
export interface BuiltChunk {
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** A built chunk with its dynamic imports, and whether a page loads it as its script. */
export interface LinkedChunk extends BuiltChunk {
  dynamicImports: readonly string[];
  isEntry: boolean;
}

/** The desk's script (its file in the build) and the files to preload beside it, or null. */
export interface DeskFirstFiles {
  boot: string;
  preload: string[];
}

/**
 * The built files the desk runs before its first drawing of the order list: the chunk holding
 * `boot` (first) and the chunks holding each of `first`, each with every chunk it imports statically.
 * Null when no chunk holds `boot`; an error when one of `first` is in no chunk (renamed or moved:
 * the preload would silently miss it).
 */
export function deskFirstFiles(
  chunks: readonly BuiltChunk[],
  boot: string = DESK_BOOT,
  first: readonly string[] = DESK_FIRST_SCREEN,
): DeskFirstFiles | null {
  const holding = (id: string) => chunks.find((c) => c.moduleIds.includes(id));
  const start = holding(boot);
  if (!start) return null;
  const firstChunks = first.map((id) => {
    const chunk = holding(id);
    if (!chunk) throw new Error(`desk preload: no built chunk holds ${path.relative(SRC, id)}`);
    return chunk.fileName;
  });
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = reachable(
    [start.fileName, ...firstChunks],
    (file) => byFile.get(file)?.imports ?? [],
  );
  // The page script leads the list (it is the first of `files`): a module script at the end of the
  // body is found only after every link in the head has taken the browser's six connections, and the
  // desk's first calls wait for it. Measured in Lighthouse's trace with the cache cleared: the
  // calls left at 433 ms, and at 272 ms with the script first.
  return { boot: start.fileName, preload: [...files] };
}

/** `html` with a modulepreload link for each of `hrefs` at the end of its head. */
export function withModulePreloads(html: string, hrefs: readonly string[]): string {
  const end = html.indexOf('</head>');
  if (end < 0) throw new Error('desk preload: the page has no </head>');
  const links = hrefs.map((href) => `<link rel="modulepreload" href="${href}">`).join('');
  return `${html.slice(0, end)}${links}${html.slice(end)}`;
}

/** The Astro integration: finds the files in the client build, writes the links into the page. */
export function deskPreload(): AstroIntegration {
  let found: DeskFirstFiles | null = null;
  let base = '/';
  // Filled at the end of the client build's module graph, read when Rolldown makes its chunks.
  let grouped = new Map<string, DeskFile>();
  const plugin: Plugin = {
    name: 'desk-preload',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return;
      return {
        build: {
          rolldownOptions: {
            // The desk's file holds modules besides its page script's own: its signature may grow
            // (Astro's 'exports-only' refuses a group that does not pull in its imports). This is
            // the whole client build's setting: the bundler may also fold a module two islands
            // share into one island's file (the listing and checkout pages load one file fewer).
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: (id: string) => grouped.get(id) ?? null,
                    test: (id: string) => grouped.has(id),
                    // Its imports that the shop's other pages share stay in their shared files.
                    includeDependenciesRecursively: false,
                  },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      grouped = deskFiles({ ids, info: (id) => this.getModuleInfo(id) });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
      assertDeskChunkAlone(chunks);
      found = deskFirstFiles(chunks) ?? found;
    },
  };
  return {
    name: 'desk-preload',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [plugin] } });
      },
      'astro:config:done': ({ config }) => {
        base = config.base.endsWith('/') ? config.base : `${config.base}/`;
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!found) throw new Error('desk preload: the client build has no chunk for the desk');
        const { boot, preload } = found;
        const out = fileURLToPath(dir);
        let written = 0;
        for (const file of await htmlFiles(out)) {
          const html = await readFile(file, 'utf8');
          if (!html.includes(`src="${base}${boot}"`)) continue;
          await writeFile(
            file,
            withModulePreloads(
              html,
              preload.map((f) => `${base}${f}`),
            ),
          );
          written++;
        }
        if (written === 0) throw new Error(`desk preload: no page loads ${boot}`);
        logger.info(`desk page: ${preload.length} files preloaded for its first screen`);
      },
    },
  };
}
