// Which file a demo product's image is served as: a photographed view (data/catalogue.json names
// it /photos/<sha256>.jpg) comes as one of the build's sizes of that photo, an illustration as its
// own SVG. Journeys match the image they expect without knowing how the demo was made.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PHOTO_PATH } from '../../../src/lib/photos.ts';
import type { Product } from '../../../src/lib/product.ts';

const catalogue = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../data/catalogue.json'), 'utf8'),
) as Product[];

/** A pattern for the URL of view `n` (1-based) of a demo product's colour, as an <img> shows it. */
export function demoImage(productId: string, colour: string, n: number): RegExp {
  const site = catalogue
    .find((p) => p._id === productId)
    ?.colorImages.find((c) => c.color === colour)?.images[n - 1];
  if (!site) throw new Error(`The demo catalogue has no image ${n} of ${productId} in ${colour}`);
  const photo = PHOTO_PATH.exec(site);
  return photo
    ? new RegExp(`/photos/${photo[1]}(-\\d+\\.(avif|webp|jpg)|\\.${photo[2]})$`)
    : new RegExp(`${site.replace(/\./g, '\\.')}$`);
}
