import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogueSchema, CATEGORIES, type Product } from '../../src/lib/product.ts';
import { demoCatalogue, generateCatalogue } from '../../src/demo/catalogue/products.ts';
import { bagSvg } from '../../src/demo/photos/drawing.ts';
import { PHOTO_PATH } from '../../src/lib/photos.ts';
import { discountedPrice } from '../../src/lib/pricing.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const demo = demoCatalogue();
const paid = (p: Product) => discountedPrice(p);

describe('demoCatalogue', () => {
  it('passes the catalogue schema', () => {
    const result = catalogueSchema.safeParse(demo);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it('has at least 48 products spread over all three categories', () => {
    expect(demo.length).toBeGreaterThanOrEqual(48);
    for (const category of CATEGORIES) {
      expect(demo.filter((p) => p.category === category).length).toBeGreaterThanOrEqual(12);
    }
  });

  it('gives every product 2 to 4 colours and 2 to 4 images per colour', () => {
    for (const p of demo) {
      expect(p.colors.length, p._id).toBeGreaterThanOrEqual(2);
      expect(p.colors.length, p._id).toBeLessThanOrEqual(4);
      for (const { images } of p.colorImages) {
        expect(images.length, p._id).toBeGreaterThanOrEqual(2);
        expect(images.length, p._id).toBeLessThanOrEqual(4);
      }
    }
  });

  it('names each view, before its photo is rendered, after the product, colour and view number', () => {
    for (const p of demo) {
      for (const { color, images } of p.colorImages) {
        const slug = color.toLowerCase().replace(/ /g, '-');
        images.forEach((src, i) =>
          expect(src).toBe(`/images/products/${p._id}-${slug}-${i + 1}.svg`),
        );
      }
    }
  });

  it('prices every product as an integer between 900 and 15,000 PKR', () => {
    for (const p of demo) {
      expect(Number.isInteger(p.price), p._id).toBe(true);
      expect(p.price, p._id).toBeGreaterThanOrEqual(900);
      expect(p.price, p._id).toBeLessThanOrEqual(15000);
    }
  });

  it('includes discounted, wholesale, best-selling and out-of-stock products', () => {
    expect(demo.filter((p) => p.discountPercent > 0).length).toBeGreaterThanOrEqual(12);
    expect(demo.filter((p) => p.wholesalePrice !== null).length).toBeGreaterThanOrEqual(12);
    expect(demo.filter((p) => p.bestSeller).length).toBeGreaterThanOrEqual(8);
    expect(demo.filter((p) => !p.stock).length).toBeGreaterThanOrEqual(4);
  });

  it('keeps every wholesale price below the discounted price', () => {
    const wholesale = demo.filter((p) => p.wholesalePrice !== null);
    expect(wholesale.length).toBeGreaterThan(0);
    for (const p of wholesale) expect(p.wholesalePrice, p._id).toBeLessThan(paid(p));
  });

  it('has at least five products whose rounded discounted price is 999 or less', () => {
    expect(demo.filter((p) => paid(p) <= 999).length).toBeGreaterThanOrEqual(5);
  });

  it('includes a product whose discounted price is exactly 999', () => {
    expect(
      demo.some(
        (p) => p.discountPercent > 0 && p.price - (p.price * p.discountPercent) / 100 === 999,
      ),
    ).toBe(true);
  });

  it('includes a discounted product just above 999 that rounds up to 1000', () => {
    const edge = demo.filter((p) => {
      const exact = p.price - (p.price * p.discountPercent) / 100;
      return exact > 999.4 && exact < 1000 && paid(p) === 1000;
    });
    expect(edge.length).toBeGreaterThanOrEqual(1);
  });

  it('is what data/catalogue.json holds on disk, byte for byte, every view a photo path', () => {
    const text = readFileSync(path.join(ROOT, 'data/catalogue.json'), 'utf8');
    const disk = JSON.parse(text) as Product[];
    // A view's path is the content hash of its render; everything else must match.
    const placeholders = disk.map((p, i) => ({
      ...p,
      colorImages: p.colorImages.map((c, j) => ({
        ...c,
        images: demo[i]!.colorImages[j]!.images,
      })),
    }));
    expect(placeholders).toEqual(demo);
    expect(text).toBe(JSON.stringify(disk, null, 2) + '\n');
    const photos = disk.flatMap((p) => p.colorImages.flatMap((c) => c.images));
    // Every view (front, side, back, open or close-up) of every product in every colour.
    expect(photos.length).toBe(438);
    expect(photos.filter((src) => !PHOTO_PATH.test(src))).toEqual([]);
    expect(new Set(photos).size).toBe(photos.length);
  });
});

describe('the demo bags look like a range', () => {
  const ordinal = (p: Product) => demo.filter((o) => o.category === p.category).indexOf(p);

  it('gives two products of a category in the same colour different front views', () => {
    const fronts = new Map<string, string>();
    const clashes: string[] = [];
    for (const p of demo)
      for (const { color } of p.colorImages) {
        const key = `${p.category}|${color}|${bagSvg(p, color, 0, ordinal(p))}`;
        const other = fronts.get(key);
        if (other) clashes.push(`${p._id} and ${other} in ${color}`);
        fronts.set(key, p._id);
      }
    expect(clashes).toEqual([]);
  });

  it('draws each view of a product differently', () => {
    const problems: string[] = [];
    for (const p of demo)
      for (const { color, images } of p.colorImages) {
        const views = images.map((_, view) => bagSvg(p, color, view, ordinal(p)));
        if (new Set(views).size !== images.length)
          problems.push(`${p._id} ${color}: repeated view`);
      }
    expect(problems).toEqual([]);
  });
});

describe('generateCatalogue', () => {
  it('returns the same products for the same seed and different ones for another seed', () => {
    expect(generateCatalogue(200, 7)).toEqual(generateCatalogue(200, 7));
    expect(generateCatalogue(200, 8)).not.toEqual(generateCatalogue(200, 7));
  });

  it('yields n valid products with unique ids across all three categories', () => {
    const list = generateCatalogue(600, 3);
    expect(list).toHaveLength(600);
    const result = catalogueSchema.safeParse(list);
    expect(result.success ? [] : result.error.issues.slice(0, 5)).toEqual([]);
    expect(new Set(list.map((p) => p._id)).size).toBe(600);
    expect(new Set(list.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(list[0]?._id).toBe('gen-00001');
  });

  it('mixes discounts, wholesale prices, best sellers and out-of-stock items like the demo', () => {
    const list = generateCatalogue(600);
    expect(list.some((p) => p.discountPercent > 0)).toBe(true);
    expect(list.some((p) => p.wholesalePrice !== null)).toBe(true);
    expect(list.some((p) => p.bestSeller)).toBe(true);
    expect(list.some((p) => !p.stock)).toBe(true);
    for (const p of list) {
      if (p.wholesalePrice !== null) expect(p.wholesalePrice).toBeLessThan(paid(p));
    }
  });

  it('reuses only image paths that the demo catalogue already has', () => {
    const known = new Set(demo.flatMap((p) => p.colorImages.flatMap((c) => c.images)));
    for (const p of generateCatalogue(300)) {
      for (const src of p.colorImages.flatMap((c) => c.images)) expect(known.has(src)).toBe(true);
    }
  });

  it('builds 10,000 products in under a second', () => {
    const start = performance.now();
    const list = generateCatalogue(10_000);
    const elapsed = performance.now() - start;
    expect(list).toHaveLength(10_000);
    expect(new Set(list.map((p) => p._id)).size).toBe(10_000);
    expect(elapsed).toBeLessThan(1000);
  });
});
