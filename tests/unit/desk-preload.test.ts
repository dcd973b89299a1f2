// The desk page's first screen as modulepreload links (scripts/desk-preload.ts): which built files
// the desk runs before its first drawing of the order list, and how they are written into the page.
import { describe, expect, it } from 'vitest';
import {
  DESK_BOOT,
  DESK_FIRST_SCREEN,
  deskFirstFiles,
  withModulePreloads,
  type BuiltChunk,
} from '../../scripts/desk-preload.ts';

const [answers, draw, orders] = DESK_FIRST_SCREEN as [string, string, string];
const chunk = (fileName: string, imports: string[], moduleIds: string[] = []): BuiltChunk => ({
  fileName,
  imports,
  moduleIds,
});

/** A client build shaped like the desk's: the page script, its imports, and dynamic chunks. */
const build: BuiltChunk[] = [
  chunk('_astro/page.1.js', ['_astro/calls.1.js', '_astro/shared.1.js'], [DESK_BOOT]),
  chunk('_astro/calls.1.js', ['_astro/shared.1.js']),
  chunk('_astro/shared.1.js', []),
  chunk('_astro/answers.1.js', ['_astro/zod.1.js'], [answers]),
  chunk('_astro/zod.1.js', []),
  chunk('_astro/draw.1.js', ['_astro/preact.1.js', '_astro/shared.1.js'], [draw]),
  chunk('_astro/preact.1.js', []),
  chunk('_astro/orders.1.js', ['_astro/preact.1.js', '_astro/fields.1.js'], [orders]),
  chunk('_astro/fields.1.js', []),
  // Another screen, loaded only when opened: not preloaded.
  chunk('_astro/order.1.js', ['_astro/preact.1.js', '_astro/photos.1.js'], ['/src/other.tsx']),
  chunk('_astro/photos.1.js', []),
];

describe("the desk page's first screen", () => {
  it("lists the page script's imports and the first screen's chunks with theirs, each once, without the page script", () => {
    expect(deskFirstFiles(build)).toEqual({
      boot: '_astro/page.1.js',
      preload: [
        '_astro/calls.1.js',
        '_astro/shared.1.js',
        '_astro/answers.1.js',
        '_astro/zod.1.js',
        '_astro/draw.1.js',
        '_astro/preact.1.js',
        '_astro/orders.1.js',
        '_astro/fields.1.js',
      ],
    });
  });

  it('is none for a build without the desk (the client build of another page)', () => {
    expect(deskFirstFiles(build.filter((c) => !c.moduleIds.includes(DESK_BOOT)))).toBeNull();
  });

  it('stops the build when a module of the first screen is in no chunk (renamed or moved)', () => {
    expect(() => deskFirstFiles(build.filter((c) => !c.moduleIds.includes(draw)))).toThrow(
      'desk preload: no built chunk holds islands/desk/draw.tsx',
    );
  });

  it('is written at the end of the head, one link per file, in order', () => {
    const page =
      '<html><head><title>Desk</title></head><body><script type="module" src="/_astro/page.1.js"></script></body></html>';
    expect(withModulePreloads(page, ['/_astro/a.js', '/_astro/b.js'])).toBe(
      '<html><head><title>Desk</title><link rel="modulepreload" href="/_astro/a.js"><link rel="modulepreload" href="/_astro/b.js"></head><body><script type="module" src="/_astro/page.1.js"></script></body></html>',
    );
  });

  it('refuses a page without a head', () => {
    expect(() => withModulePreloads('<p>no head</p>', ['/_astro/a.js'])).toThrow(
      'desk preload: the page has no </head>',
    );
  });
});
