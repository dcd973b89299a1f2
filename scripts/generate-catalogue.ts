// Writes data/catalogue.json and renders the demo photos it names into data/photos/: every view of
// every product in every colour is a photograph of a bag of its kind (src/demo/photos/),
// named by the SHA-256 of its JPEG bytes like any imported photo, and optimised by the build's
// photo pipeline. The photos are not committed: the photo store renders any one that is missing
// on first read, so this script only needs to run when the catalogue or the renderer changes.
// Run: node scripts/generate-catalogue.ts   (deterministic: running twice gives identical bytes)
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueSchema } from '../src/lib/product.ts';
import { demoCatalogue } from '../data/generate.ts';
import { renderDemoPhoto, type DemoShot } from '../src/demo/photos/render.ts';
import { sha256 } from '../src/demo/photos/store.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CATALOGUE_FILE = path.join(ROOT, 'data', 'catalogue.json');
const PHOTO_DIR = path.join(ROOT, 'data', 'photos');

async function main(): Promise<number> {
  const catalogue = demoCatalogue();
  const checked = catalogueSchema.safeParse(catalogue);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      console.error(`catalogue ${issue.path.join('.')}: ${issue.message}`);
    }
    return 1;
  }
  const started = Date.now();
  // The previous renders go: a photo no longer named would otherwise linger.
  rmSync(PHOTO_DIR, { recursive: true, force: true });
  mkdirSync(PHOTO_DIR, { recursive: true });
  const jobs: { shot: DemoShot; images: string[] }[] = [];
  const seen = new Map<string, number>();
  for (const product of catalogue) {
    const ordinal = seen.get(product.category) ?? 0;
    seen.set(product.category, ordinal + 1);
    for (const { color, images } of product.colorImages)
      images.forEach((_, view) =>
        jobs.push({ shot: { product, ordinal, colour: color, view }, images }),
      );
  }
  let bytes = 0;
  const queue = jobs.entries();
  const worker = async () => {
    for (const [, { shot, images }] of queue) {
      const jpeg = await renderDemoPhoto(shot);
      const name = `${sha256(jpeg)}.jpg`;
      writeFileSync(path.join(PHOTO_DIR, name), jpeg);
      images[shot.view] = `/photos/${name}`;
      bytes += jpeg.length;
    }
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  writeFileSync(CATALOGUE_FILE, JSON.stringify(catalogue, null, 2) + '\n');
  console.log(
    `Wrote ${path.relative(ROOT, CATALOGUE_FILE)} (${catalogue.length} products) and rendered ${jobs.length} demo photos (${(bytes / 1e6).toFixed(1)} MB, ${readdirSync(PHOTO_DIR).length} distinct) into ${path.relative(ROOT, PHOTO_DIR)} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}

process.exitCode = await main();
