// The import graph of src/ and its cycles: `npm run gates` fails on any. Type-only imports count
// too, since a cycle of types is still two modules that cannot be read one without the other.
// TypeScript's own pre-processor finds every import form (static, `export … from`, `import()`), so
// no parser of ours is involved; resolving is by path, as every import of ours names its file.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Each source file under `root` with the files of ours it imports (paths relative to `root`). */
export function importGraph(root: string): Map<string, string[]> {
  const files = sourceFiles(root);
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName.split('?')[0]!)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => path.resolve(path.dirname(file), spec))
      .filter((target) => known.has(target));
    graph.set(
      path.relative(root, file),
      [...new Set(targets)].map((t) => path.relative(root, t)),
    );
  }
  return graph;
}

/**
 * The graph's cycles, by their first file: its strongly connected components of two or more files,
 * or one importing itself (Tarjan's algorithm).
 */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

if (import.meta.main) {
  const root = path.resolve(process.argv[2] ?? 'src');
  const cycles = findCycles(importGraph(root));
  for (const cycle of cycles) console.error(`Import cycle in ${root}: ${cycle.join(' → ')}`);
  if (cycles.length > 0) process.exit(1);
  console.log(`No import cycle in ${path.relative(process.cwd(), root) || root}.`);
}
