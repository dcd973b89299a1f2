// Production-parity tier: the demo layer (src/demo: the photo renderer, the demo catalogue) is for
// the demo path only (`npm start`, the build's config, the CLI, scripts). The shop/layers rule
// keeps the server from importing it; this checks what a deploy actually ships: no bundled
// function carries a file of it, or its code inlined by the bundler.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundleFunctions, type BundleSet } from '../../scripts/bundle-functions.ts';

/** Names only the demo layer defines: its renderer, its drawings, its store and its catalogue. */
const DEMO_MARKERS = [
  'renderDemoPhoto',
  'bagSvg',
  'illustrationSvg',
  'demoPhotoStore',
  'openDemoPhotoStore',
  'demoCatalogue',
  'writeDemoCatalogue',
  'src/demo/',
];

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** The demo markers a text holds. */
const markersIn = (text: string) => DEMO_MARKERS.filter((marker) => text.includes(marker));

let set: BundleSet;
beforeAll(async () => {
  set = await bundleFunctions();
}, 300_000);

describe('the bundled functions', () => {
  it('are checked for names the demo layer really defines', () => {
    const demo = filesUnder('src/demo').map((file) =>
      readFileSync(path.join('src/demo', file), 'utf8'),
    );
    const found = new Set(demo.flatMap(markersIn));
    expect(DEMO_MARKERS.filter((marker) => marker !== 'src/demo/' && !found.has(marker))).toEqual(
      [],
    );
  });

  it('carry no file of the demo layer and none of its code', () => {
    expect(set.functions.map((fn) => fn.name).sort()).toEqual([
      'account',
      'desk',
      'page-case',
      'scheduled',
      'shop',
    ]);
    const carried = set.functions.flatMap((fn) =>
      filesUnder(fn.dir).flatMap((file) => {
        if (file.split(path.sep).join('/').includes('src/demo/')) return [`${fn.name}: ${file}`];
        if (!/\.(m?js|cjs|ts|mts)$/.test(file)) return [];
        return markersIn(readFileSync(path.join(fn.dir, file), 'utf8')).map(
          (marker) => `${fn.name}: ${file} has ${marker}`,
        );
      }),
    );
    expect(carried).toEqual([]);
  });
});
