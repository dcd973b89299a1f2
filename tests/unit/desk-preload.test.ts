// The desk page's first screen as modulepreload links (scripts/desk-preload.ts): which built files
// the desk runs before its first drawing of the order list, and how they are written into the page.
import { describe, expect, it } from 'vitest';
import {
  DESK_BOOT,
  DESK_FIRST_SCREEN,
  DESK_PAGES,
  assertDeskChunkAlone,
  deskFiles,
  deskFirstFiles,
  withModulePreloads,
  type BuiltChunk,
  type GraphModule,
  type LinkedChunk,
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
  it("lists the page script first, then its imports and the first screen's chunks with theirs, each once", () => {
    expect(deskFirstFiles(build)).toEqual({
      boot: '_astro/page.1.js',
      preload: [
        '_astro/page.1.js',
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

/** A module graph from `{ id: [static imports, dynamic imports, entry?] }`. */
const graphOf = (modules: Record<string, [string[], string[], boolean?]>) => ({
  ids: Object.keys(modules),
  info: (id: string): GraphModule | null => {
    const m = modules[id];
    return m ? { importedIds: m[0], dynamicallyImportedIds: m[1], isEntry: m[2] ?? false } : null;
  },
});

describe("the desk's files", () => {
  const deskPage = `${DESK_PAGES}index.astro?astro&type=script&index=0&lang.ts`;
  const invitePage = `${DESK_PAGES}invite.astro?astro&type=script&index=0&lang.ts`;
  const graph = graphOf({
    [deskPage]: [[DESK_BOOT], [], true],
    [DESK_BOOT]: [
      ['/src/start.ts', '/src/prices.ts', '\0runtime'],
      [answers, draw],
    ],
    '/src/start.ts': [['/src/calls.ts'], []],
    '/src/calls.ts': [[], []],
    [answers]: [['/src/zod.ts'], []],
    '/src/zod.ts': [[], []],
    [draw]: [
      ['/src/field.tsx', '/src/preact.ts'],
      [orders, '/src/other-screen.tsx'],
    ],
    [orders]: [['/src/field.tsx', '/src/card-rules.ts'], []],
    '/src/field.tsx': [['/src/preact.ts'], []],
    '/src/preact.ts': [[], []],
    '/src/card-rules.ts': [[], []],
    '/src/prices.ts': [[], []],
    '\0runtime': [[], []],
    // Another screen of the desk: loaded when opened, not part of the first screen.
    '/src/other-screen.tsx': [['/src/photos.ts'], []],
    '/src/photos.ts': [[], []],
    // The invitation page: the field and Preact at once, the calls after its form is sent.
    [invitePage]: [['/src/invite.tsx'], [], true],
    '/src/invite.tsx': [['/src/field.tsx'], ['/src/calls.ts']],
    // A storefront island: it shows prices and loads the schemas when its form opens.
    '/src/islands/Checkout.tsx': [['/src/prices.ts'], ['/src/zod.ts'], true],
  });

  it("puts the first screen's modules only the desk runs into its script's file or its drawing's, and those the invitation also runs into the files the two pages share", () => {
    expect(Object.fromEntries(deskFiles(graph))).toEqual({
      [deskPage]: 'desk',
      [DESK_BOOT]: 'desk',
      '/src/start.ts': 'desk',
      [answers]: 'desk-drawing',
      [draw]: 'desk-drawing',
      [orders]: 'desk-drawing',
      '/src/card-rules.ts': 'desk-drawing',
      '/src/field.tsx': 'desk-shared',
      '/src/preact.ts': 'desk-shared',
      '/src/calls.ts': 'desk-shared-later',
    });
  });

  it('leaves to the bundler what a storefront page loads, the other screens and its own helpers', () => {
    const files = deskFiles(graph);
    for (const id of [
      '/src/prices.ts',
      '/src/zod.ts',
      '/src/islands/Checkout.tsx',
      '/src/other-screen.tsx',
      '/src/photos.ts',
      '\0runtime',
    ])
      expect(files.has(id)).toBe(false);
  });

  it('is empty for a build without the desk', () => {
    expect(
      deskFiles(graphOf({ '/src/islands/Checkout.tsx': [['/src/prices.ts'], [], true] })).size,
    ).toBe(0);
  });
});

describe("the desk's script file", () => {
  const linked = (
    fileName: string,
    imports: string[],
    dynamicImports: string[],
    isEntry: boolean,
    moduleIds: string[] = [],
  ): LinkedChunk => ({ fileName, imports, dynamicImports, isEntry, moduleIds });
  const desk = [
    linked('_astro/desk.1.js', ['_astro/shared.1.js'], ['_astro/screen.1.js'], true, [DESK_BOOT]),
    linked('_astro/shared.1.js', [], [], false),
    // The desk's other screens import what they share from the desk's file.
    linked('_astro/screen.1.js', ['_astro/desk.1.js', '_astro/shared.1.js'], [], false),
  ];

  it("is loaded by the desk's own screens without complaint", () => {
    expect(() =>
      assertDeskChunkAlone([...desk, linked('_astro/Cart.1.js', ['_astro/shared.1.js'], [], true)]),
    ).not.toThrow();
  });

  it('stops the build when another page would load it, even through a shared file', () => {
    expect(() =>
      assertDeskChunkAlone([
        ...desk,
        linked('_astro/Cart.1.js', [], ['_astro/helper.1.js'], true),
        linked('_astro/helper.1.js', ['_astro/desk.1.js'], [], false),
      ]),
    ).toThrow("desk preload: _astro/Cart.1.js, not the desk's, loads the desk's script");
  });
});
