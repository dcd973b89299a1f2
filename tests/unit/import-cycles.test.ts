// The import-cycle gate (scripts/import-cycles.ts): it finds a cycle wherever one is, and src/ has
// none.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findCycles, importGraph } from '../../scripts/import-cycles.ts';
import { scratchDir } from '../fixtures/scratch.ts';

/** A throwaway source tree of `files` (path → text). */
function tree(files: Record<string, string>): string {
  const root = scratchDir('cycles-');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('findCycles', () => {
  it('finds a cycle of three files through static, re-export and type-only imports', () => {
    const root = tree({
      'a.ts': "import { b } from './b.ts';\nexport const a = b;",
      'b.ts': "export { c as b } from './dir/c.ts';",
      'dir/c.ts': "import type { A } from '../a.ts';\nexport const c = 1;",
      'd.ts': "import { a } from './a.ts';",
    });
    expect(findCycles(importGraph(root))).toEqual([['a.ts', 'b.ts', 'dir/c.ts']]);
  });

  it('finds a cycle through a dynamic import and a file that imports itself', () => {
    const root = tree({
      'x.tsx': "export const load = () => import('./y.ts');",
      'y.ts': "import { load } from './x.tsx';",
      'self.ts': "import './self.ts';",
    });
    expect(findCycles(importGraph(root))).toEqual([['self.ts'], ['x.tsx', 'y.ts']]);
  });

  it('finds none in a tree whose imports only go one way', () => {
    const root = tree({
      'a.ts': "import { b } from './b.ts';",
      'b.ts': "import { c } from './c.ts'; import x from 'zod';",
      'c.ts': 'export const c = 1;',
    });
    expect(findCycles(importGraph(root))).toEqual([]);
  });

  it('finds no import cycle in src', () => {
    expect(findCycles(importGraph(path.resolve(import.meta.dirname, '../../src')))).toEqual([]);
  });
});
