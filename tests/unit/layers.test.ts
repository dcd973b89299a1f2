// docs/design.md's table of layers: the ESLint rule on fixture modules, and the .astro files (which
// ESLint does not parse here) through the same table.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importProblem, shopPlugin } from '../../scripts/eslint-layers.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The `shop/layers` messages for `code` as if it were the repository file `file`. */
function lint(file: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: ROOT });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { shop: shopPlugin },
          rules: { 'shop/layers': 'error' },
        },
      ],
      { filename: path.join(ROOT, file) },
    )
    .map((m) => m.message);
}

describe('shop/layers', () => {
  it('refuses a store that imports an island', () => {
    expect(
      lint('src/stores/x.ts', "import { a } from '../islands/account/orders-view.ts';"),
    ).toEqual([
      'src/stores may import src/stores, src/lib, src/client only, not src/islands (docs/design.md, "Layers and what may import what").',
    ]);
  });

  it('refuses src/lib anything of ours outside it, in every form of import', () => {
    const code = [
      "import type { Session } from '../stores/session.ts';",
      "export * from '../client/wake.ts';",
      "export const load = () => import('../server/config.ts');",
      "export type Answers = typeof import('../../scripts/csp.ts');",
    ].join('\n');
    expect(lint('src/lib/x.ts', code)).toEqual([
      'src/lib may import src/lib only, not src/stores (docs/design.md, "Layers and what may import what").',
      'src/lib may import src/lib only, not src/client (docs/design.md, "Layers and what may import what").',
      'src/lib may import src/lib only, not src/server (docs/design.md, "Layers and what may import what").',
      'src/lib may import src/lib only, not scripts/csp.ts (docs/design.md, "Layers and what may import what").',
    ]);
  });

  it("lets an island import stores, the client's types and first-paint helpers, src/lib, other islands and packages", () => {
    const code = [
      "import { $cart } from '../../stores/cart.ts';",
      "import type { Order } from '../../client/api.ts';",
      "import { type DeskFile } from '../../client/desk-calls.ts';",
      "export type { Order as O } from '../../client/api.ts';",
      "type Answers = typeof import('../../client/answers.ts');",
      "import { wakeIslands } from '../../client/wake.ts';",
      "import { removeShell } from '../../client/shells.ts';",
      "import type { Resource } from '../../stores/desk-resource.ts';",
      "import { cartLineKey } from '../../lib/cart.ts';",
      "import { Dialog } from '../header/Dialog.tsx';",
      "import { useState } from 'react';",
    ].join('\n');
    expect(lint('src/islands/checkout/x.ts', code)).toEqual([]);
  });

  it('refuses an island the API client, in every form of import but types', () => {
    const code = [
      "import { ApiError, call } from '../../client/api.ts';",
      "import { call as c, type Order } from '../../client/api.ts';",
      "export { deskCall } from '../../client/api.ts';",
      "const load = () => import('../../client/api.ts');",
    ].join('\n');
    const message =
      'src/islands may import of src/client only types and the first-paint helpers, not src/client/api.ts: an island calls a store\'s actions (docs/design.md, "Layers and what may import what").';
    expect(lint('src/islands/account/x.ts', code)).toEqual([message, message, message, message]);
    expect(
      lint('src/islands/desk/x.ts', "import { deskCall } from '../../client/desk-calls.ts';"),
    ).toEqual([message.replace('src/client/api.ts', 'src/client/desk-calls.ts')]);
  });

  it("refuses an island the desk stores' own call and resource helpers", () => {
    const code = [
      "import { callDesk } from '../../stores/desk-call.ts';",
      "import { load } from '../../stores/desk-resource.ts';",
    ].join('\n');
    expect(lint('src/islands/desk/x.ts', code)).toEqual([
      'src/stores/desk-call.ts is for the stores: an island calls a store\'s actions instead (docs/design.md, "Layers and what may import what").',
      'src/stores/desk-resource.ts is for the stores: an island calls a store\'s actions instead (docs/design.md, "Layers and what may import what").',
    ]);
  });

  it('leaves the stores free to call the client', () => {
    expect(lint('src/stores/x.ts', "import { call } from '../client/api.ts';")).toEqual([]);
  });

  it('refuses an island the server, and lets a page have it at build time', () => {
    const code = "import { getCatalogue } from '../server/build-catalogue.ts';";
    expect(lint('src/islands/x.ts', code)).toEqual([
      'src/islands may import src/islands, src/stores, src/client, src/lib only, not src/server (docs/design.md, "Layers and what may import what").',
    ]);
    expect(lint('src/pages/x.ts', code)).toEqual([]);
  });

  it('leaves tests free to import anything, the insides of a context too', () => {
    expect(lint('tests/unit/x.ts', "import { $cart } from '../../src/stores/cart.ts';")).toEqual(
      [],
    );
    expect(
      lint('tests/api/x.ts', "import { toOrder } from '../../src/server/orders/orders.ts';"),
    ).toEqual([]);
  });

  it('refuses a reach into another context from a context, the server, a page and the CLI', () => {
    const message =
      'src/server/orders/orders.ts is inside the orders context: import src/server/orders/index.ts, its entry, instead.';
    expect(
      lint('src/server/returns/x.ts', "import { toOrder } from '../orders/orders.ts';"),
    ).toEqual([message]);
    expect(lint('src/server/x.ts', "import type { Order } from './orders/orders.ts';")).toEqual([
      message,
    ]);
    expect(lint('src/pages/x.ts', "export { toOrder } from '../server/orders/orders.ts';")).toEqual(
      [message],
    );
    expect(
      lint('scripts/x.ts', "const o = () => import('../src/server/orders/orders.ts');"),
    ).toEqual([message]);
  });

  it('lets a context use its own files and another context through its entry', () => {
    const code = [
      "import { placeOrder } from './orders.ts';",
      "import { audit } from '../operations/index.ts';",
    ].join('\n');
    expect(lint('src/server/orders/x.ts', code)).toEqual([]);
  });

  it('refuses the server the demo layer, and lets the demo layer use the server', () => {
    expect(
      lint(
        'src/server/catalogue/x.ts',
        "import { demoPhotoStore } from '../../demo/photos/store.ts';",
      ),
    ).toEqual([
      'src/server may import src/server, src/lib only, not src/demo (docs/design.md, "Layers and what may import what").',
    ]);
    expect(
      lint('src/demo/x.ts', "import { openPhotoStore } from '../server/catalogue/index.ts';"),
    ).toEqual([]);
  });
});

/** The repository's .astro files. */
function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(full);
    return entry.name.endsWith('.astro') ? [full] : [];
  });
}

describe('the .astro files', () => {
  it('import only what their layer may, frontmatter and scripts alike', () => {
    const problems = astroFiles(path.join(ROOT, 'src')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\bimport\s[^'"]*?['"]([^'"]+)['"]/g)]
        .map((m) => importProblem(file, m[1]!))
        .filter((problem) => problem !== null)
        .map((problem) => `${path.relative(ROOT, file)}: ${problem}`),
    );
    expect(problems).toEqual([]);
  });

  it('would be refused importing the server from a component', () => {
    expect(
      importProblem(path.join(ROOT, 'src/components/X.astro'), '../server/build-catalogue.ts'),
    ).toBe(
      'src/components may import src/components, src/lib, src/islands, src/layouts, src/client only, not src/server (docs/design.md, "Layers and what may import what").',
    );
  });
});
