// The demo catalogue's photos as a read-only photo store. They are not committed: the demo
// catalogue (data/catalogue.json) names each photo by the SHA-256 of its bytes, and each one is
// rendered from its product, colour and view (render.ts) the first time it is read, then kept in
// a folder (data/photos/) so it is rendered once per machine. A build whose optimised photos are
// already cached never reads an original, so it renders nothing.
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import type { Product } from '../../lib/product.ts';
import { PHOTO_PATH } from '../../lib/photos.ts';
import { folderPhotoStore } from '../../server/catalogue/index.ts';
import { assertPhotoName, type PhotoStore } from '../../server/catalogue/index.ts';
import { renderDemoPhoto, type DemoShot } from './render.ts';

/** Every photo a catalogue names, by its stored name, with the shot that renders it. */
export function demoShots(catalogue: readonly Product[]): Map<string, DemoShot> {
  const shots = new Map<string, DemoShot>();
  const seen = new Map<string, number>();
  for (const product of catalogue) {
    const ordinal = seen.get(product.category) ?? 0;
    seen.set(product.category, ordinal + 1);
    for (const { color, images } of product.colorImages)
      images.forEach((site, view) => {
        const match = PHOTO_PATH.exec(site);
        if (match && !shots.has(`${match[1]}.${match[2]}`))
          shots.set(`${match[1]}.${match[2]}`, { product, ordinal, colour: color, view });
      });
  }
  return shots;
}

/** The hex SHA-256 of some bytes. */
export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * The demo photos `catalogueFile` names, rendered on first read into `dir` (which also keeps any
 * photo already there). Writing to it is refused: new photos go to the shop's own store.
 * When this machine renders a photo to other bytes than its name says (another build of libvips),
 * the bytes are served for that name but not kept, with one warning to regenerate the demo.
 */
export function demoPhotoStore(
  dir: string,
  catalogueFile: string,
  warn: (line: string) => void = console.warn,
): PhotoStore {
  const folder = folderPhotoStore(dir);
  let shots: Promise<Map<string, DemoShot>> | null = null;
  const known = () =>
    (shots ??= readFile(catalogueFile, 'utf8').then(
      (text) => demoShots(JSON.parse(text) as Product[]),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return new Map<string, DemoShot>();
        throw error;
      },
    ));
  let warned = false;
  return {
    where: folder.where,
    async put() {
      throw new Error(
        'The demo photos are rendered from the demo catalogue; they cannot be written.',
      );
    },
    async get(name) {
      const kept = await folder.get(name);
      if (kept) return kept;
      const shot = (await known()).get(name);
      if (!shot) return null;
      const bytes = await renderDemoPhoto(shot);
      if (name.startsWith(`${sha256(bytes)}.`)) await folder.put(name, bytes);
      else if (!warned) {
        warned = true;
        warn(
          `Demo photo ${name} renders to other bytes on this machine; run npm run catalogue:demo to name the demo photos after this machine's renders.`,
        );
      }
      return bytes;
    },
    async has(name) {
      assertPhotoName(name);
      return (await known()).has(name) || folder.has(name);
    },
    async list() {
      const [named, kept] = await Promise.all([known(), folder.list()]);
      return [...new Set([...named.keys(), ...kept])].sort();
    },
  };
}
