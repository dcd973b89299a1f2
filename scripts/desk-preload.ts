// The desk's first screen is fetched while its page is read: the build writes a
// `<link rel="modulepreload">` into the desk's page for every module the desk runs before it first
// draws the order list (the screen staff open most). Those are the page's script and its imports,
// and the three it loads beside its first calls: the drawing (./draw.tsx), the order list, and the
// first answers' schemas.
//
// Why: without them, Vite's loader appended those links to the head from the page's script as it
// ran (23 of them). With the two calls it starts, that one task held the main thread for 80–130 ms
// of the desk's first load in Lighthouse's trace, and a CPU-sampled trace put 49–66 ms of it in
// `appendChild`. Each level of imports was also found only once its parent had arrived. Links the
// page already holds are not added again (Vite's loader looks for them first).
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

/** The parts of a built chunk this reads (Rollup's and Rolldown's output chunks have them). */
export interface BuiltChunk {
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** The desk's script (its file in the build) and the files to preload beside it, or null. */
export interface DeskFirstFiles {
  boot: string;
  preload: string[];
}

/**
 * The built files the desk runs before its first drawing of the order list: the chunk holding
 * `boot` and the chunks holding each of `first`, each with every chunk it imports statically.
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
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const add = (file: string): void => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) add(imported);
  };
  add(start.fileName);
  for (const id of first) {
    const chunk = holding(id);
    if (!chunk) throw new Error(`desk preload: no built chunk holds ${path.relative(SRC, id)}`);
    add(chunk.fileName);
  }
  files.delete(start.fileName);
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
  const plugin: Plugin = {
    name: 'desk-preload',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [c] : []));
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
        logger.info(`desk page: ${preload.length} modules preloaded for its first screen`);
      },
    },
  };
}
