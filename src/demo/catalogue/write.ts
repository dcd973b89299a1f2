// Writes the demo catalogue (products.ts) and renders every photo it names: each view of each
// product in each colour is a photograph of a bag of its kind (../photos/render.ts), named by the
// SHA-256 of its JPEG bytes like any imported photo, and optimised by the build's photo pipeline.
// The photos are not committed: the demo photo store renders any one that is missing on first
// read, so this only needs to run when the catalogue or the renderer changes. Deterministic:
// running it twice gives identical bytes.
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { catalogueSchema, type Product } from '../../lib/product.ts';
import { progressReporter } from '../../lib/progress.ts';
import { renderDemoPhoto, type DemoShot } from '../photos/render.ts';
import { sha256 } from '../photos/store.ts';
import { demoCatalogue } from './products.ts';

/** Where the demo catalogue goes: the catalogue file and the folder of its rendered photos. */
export type DemoCatalogueFiles = { catalogueFile: string; photoDir: string };

/** Every shot of a catalogue, in order, with the image list its photo's path goes into. */
function shotsOf(catalogue: Product[]): { shot: DemoShot; images: string[] }[] {
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
  return jobs;
}

/**
 * Renders the demo catalogue's photos into `photoDir` (emptied first: a photo no longer named
 * would otherwise linger) and writes the catalogue naming them; logs what it does, with progress
 * lines while it renders. Returns the exit code: 1, with one line per problem, for an invalid
 * catalogue (nothing is written then).
 */
export async function writeDemoCatalogue(
  { catalogueFile, photoDir }: DemoCatalogueFiles,
  log: (line: string) => void = console.log,
  error: (line: string) => void = console.error,
): Promise<number> {
  const catalogue = demoCatalogue();
  const checked = catalogueSchema.safeParse(catalogue);
  if (!checked.success) {
    for (const issue of checked.error.issues)
      error(`catalogue ${issue.path.join('.')}: ${issue.message}`);
    return 1;
  }
  const started = Date.now();
  await rm(photoDir, { recursive: true, force: true });
  await mkdir(photoDir, { recursive: true });
  const jobs = shotsOf(catalogue);
  log(`Demo photos: rendering ${jobs.length} into ${photoDir}`);
  const progress = progressReporter('Demo photos', jobs.length, log);
  let bytes = 0;
  const queue = jobs.values();
  const worker = async () => {
    for (const { shot, images } of queue) {
      const jpeg = await renderDemoPhoto(shot);
      const name = `${sha256(jpeg)}.jpg`;
      await writeFile(path.join(photoDir, name), jpeg);
      images[shot.view] = `/photos/${name}`;
      bytes += jpeg.length;
      progress.advance();
    }
  };
  await Promise.all(Array.from({ length: os.availableParallelism() }, worker));
  progress.finish();
  await writeFile(catalogueFile, JSON.stringify(catalogue, null, 2) + '\n');
  const distinct = (await readdir(photoDir)).length;
  log(
    `Wrote ${catalogueFile} (${catalogue.length} products) and rendered ${jobs.length} demo photos (${(bytes / 1e6).toFixed(1)} MB, ${distinct} distinct) into ${photoDir} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
  return 0;
}
