// The demo catalogue's photographs (src/demo/photos): rendered from a product, a colour and
// a view, the same bytes every time (the build caches photos by the hash of their bytes), a
// different photo for every product and colour, and served by a read-only store that renders a
// photo the first time it is read.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Product } from '../../src/lib/product.ts';
import {
  DEMO_PHOTO_SIDE,
  materialOf,
  renderDemoPhoto,
  type DemoShot,
} from '../../src/demo/photos/render.ts';
import { demoPhotoStore, demoShots, sha256 } from '../../src/demo/photos/store.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const catalogue = JSON.parse(
  readFileSync(path.join(ROOT, 'data/catalogue.json'), 'utf8'),
) as Product[];
const shots = demoShots(catalogue);
const byId = (id: string) => catalogue.find((p) => p._id === id)!;
/** The name the demo catalogue gives the photo of a product's colour and view. */
const named = (id: string, colour: string, view: number) =>
  byId(id)
    .colorImages.find((c) => c.color === colour)!
    .images[view]!.slice('/photos/'.length);
const shotOf = (id: string, colour: string, view: number): DemoShot =>
  shots.get(named(id, colour, view))!;

describe('renderDemoPhoto', () => {
  it('gives the same bytes for the same shot, the very bytes the demo catalogue names (one per category)', async () => {
    for (const [id, colour] of [
      ['karakoram-trail-bagpack', 'Olive'],
      ['badshahi-top-handle-bag', 'Brown'],
      ['saddar-leather-laptop-sleeve', 'Brown'],
    ] as const) {
      const shot = shotOf(id, colour, 0);
      const [first, second] = [await renderDemoPhoto(shot), await renderDemoPhoto(shot)];
      expect(first.equals(second), id).toBe(true);
      expect(`${sha256(first)}.jpg`, id).toBe(named(id, colour, 0));
    }
  }, 60_000);

  it('photographs two colours of a product, and two products in one colour, differently', async () => {
    const olive = await renderDemoPhoto(shotOf('karakoram-trail-bagpack', 'Olive', 0));
    const rust = await renderDemoPhoto(shotOf('karakoram-trail-bagpack', 'Rust', 0));
    const side = await renderDemoPhoto(shotOf('karakoram-trail-bagpack', 'Olive', 1));
    const black = [
      await renderDemoPhoto(shotOf('karakoram-trail-bagpack', 'Black', 0)),
      await renderDemoPhoto(shotOf('margalla-commuter-laptop-bagpack', 'Black', 0)),
    ];
    expect(new Set([olive, rust, side, ...black].map(sha256)).size).toBe(5);
  }, 60_000);

  it('is a 1080 px JPEG: a light studio backdrop at the corners, the bag in its colour in the middle, textured', async () => {
    const shot = shotOf('margalla-commuter-laptop-bagpack', 'Navy', 0);
    const jpeg = await renderDemoPhoto(shot);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([
      'jpeg',
      DEMO_PHOTO_SIDE,
      DEMO_PHOTO_SIDE,
    ]);
    const patch = async (left: number, top: number) =>
      sharp(
        await sharp(jpeg).extract({ left, top, width: 60, height: 60 }).png().toBuffer(),
      ).stats();
    const corner = await patch(10, 10);
    const [r, g, b] = corner.channels.map((c) => c.mean);
    expect(Math.min(r!, g!, b!)).toBeGreaterThan(200);
    expect(Math.max(r!, g!, b!) - Math.min(r!, g!, b!)).toBeLessThan(12);
    // Navy: blue above red, and far darker than the backdrop.
    const middle = await patch(510, 560);
    const [mr, , mb] = middle.channels.map((c) => c.mean);
    expect(mb!).toBeGreaterThan(mr! + 15);
    expect(mb!).toBeLessThan(160);
    // Material, light and shade: the flat drawing's patch would be one colour (stdev 0).
    expect(middle.channels[2]!.stdev).toBeGreaterThan(8);
  }, 60_000);
});

describe('materialOf', () => {
  it('reads the material from the specs words', () => {
    const of = (material: string, texture: string) => materialOf({ material, texture });
    expect(of('Pebbled cowhide leather', 'Pebbled leather')).toBe('pebbled');
    expect(of('Full-grain calf leather', 'Smooth polished leather')).toBe('gloss');
    expect(of('Vegetable-tanned buffalo leather', 'Crazy-horse leather')).toBe('leather');
    expect(of('Saffiano faux leather', 'Cross-hatch saffiano')).toBe('saffiano');
    expect(of('Suede-finished cowhide leather', 'Brushed suede')).toBe('suede');
    expect(of('16 oz cotton canvas', 'Washed canvas')).toBe('canvas');
    expect(of('Waxed cotton canvas', 'Waxed canvas')).toBe('waxed');
    expect(of('70D ripstop nylon', 'Ripstop grid')).toBe('ripstop');
    expect(of('Water-resistant 1000D Cordura nylon', 'Coarse ballistic weave')).toBe('ballistic');
    expect(of('Waterproof PVC tarpaulin', 'Smooth glossy finish')).toBe('rubber');
    expect(of('Cotton corduroy with foam core', 'Wide-wale corduroy')).toBe('corduroy');
    expect(of('100% wool felt with leather trim', 'Dense wool felt')).toBe('felt');
    expect(of('Hand-woven palm leaf with cotton lining', 'Open basket weave')).toBe('basket');
    expect(of('Velvet with tilla embroidery', 'Plush velvet')).toBe('velvet');
    expect(of('600D polyester', 'Smooth matte weave')).toBe('twill');
  });
});

describe('demoPhotoStore', () => {
  let dir: string;
  let warnings: string[];
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'shop-demo-photos-'));
    warnings = [];
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const open = (file = path.join(ROOT, 'data/catalogue.json')) =>
    demoPhotoStore(path.join(dir, 'photos'), file, (line) => warnings.push(line));

  it('names every photo of the demo catalogue before any is rendered', async () => {
    const store = open();
    const names = [...shots.keys()].sort();
    expect(names).toHaveLength(438);
    expect(await store.list()).toEqual(names);
    expect(await store.has(names[0]!)).toBe(true);
    expect(await store.has(`${'0'.repeat(64)}.jpg`)).toBe(false);
    expect(await store.get(`${'0'.repeat(64)}.jpg`)).toBeNull();
  });

  it('renders a photo on its first read and keeps it, so the second read renders nothing', async () => {
    const store = open();
    const name = named('badshahi-top-handle-bag', 'Black', 1);
    const bytes = await store.get(name);
    expect(`${sha256(bytes!)}.jpg`).toBe(name);
    expect(readdirSync(path.join(dir, 'photos'))).toEqual([name]);
    expect((await store.get(name))!.equals(bytes!)).toBe(true);
    expect(warnings).toEqual([]);
  }, 30_000);

  it('refuses writes: new photos go to the shop’s own store', async () => {
    const store = open();
    const name = named('badshahi-top-handle-bag', 'Black', 0);
    await expect(store.put(name, Buffer.from('x'))).rejects.toThrow(
      'The demo photos are rendered from the demo catalogue; they cannot be written.',
    );
  });

  it('serves a photo this machine renders to other bytes than its name, keeps nothing and warns once', async () => {
    const bag = structuredClone(byId('badshahi-top-handle-bag'));
    const wrong = `${'a'.repeat(64)}.jpg`;
    bag.colorImages[0]!.images[0] = `/photos/${wrong}`;
    const file = path.join(dir, 'catalogue.json');
    writeFileSync(file, JSON.stringify([bag]));
    const store = open(file);
    const bytes = await store.get(wrong);
    expect(bytes!.subarray(0, 2).toString('hex')).toBe('ffd8');
    await store.get(wrong);
    expect(readdirSync(dir)).toEqual(['catalogue.json']);
    expect(warnings).toEqual([
      `Demo photo ${wrong} renders to other bytes on this machine; run npm run catalogue:demo to name the demo photos after this machine's renders.`,
    ]);
  }, 30_000);
});
