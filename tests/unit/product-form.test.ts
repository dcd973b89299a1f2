// The desk's product form: ids made as the catalogue's are, a stored product read back
// unchanged through the form, and the import's cell rules applied to each field by name.
import { describe, expect, it } from 'vitest';
import { readPrice } from '../../src/lib/catalogue-sheet.ts';
import {
  emptyForm,
  nthProductId,
  productIdFor,
  productToForm,
  readProductForm,
} from '../../src/lib/product-form.ts';
import { productSchema } from '../../src/lib/product.ts';
import { makeProduct } from '../fixtures/products.ts';

describe('productIdFor', () => {
  it('makes the catalogue’s kind of id from a name', () => {
    expect(productIdFor('Margalla Commuter Laptop Bagpack')).toBe(
      'margalla-commuter-laptop-bagpack',
    );
  });

  it('drops accents and joins words across punctuation with one hyphen', () => {
    expect(productIdFor('  Café  Tote — 15.6" (Large)! ')).toBe('cafe-tote-15-6-large');
  });

  it('keeps at most 60 characters, never ending on a hyphen', () => {
    const id = productIdFor(`${'a'.repeat(59)} bag`);
    expect(id).toBe('a'.repeat(59));
    expect(productIdFor(`${'b'.repeat(58)} c d`)).toBe(`${'b'.repeat(58)}-c`);
  });

  it('gives a too-short or letterless name, and the name New, an id that is still valid', () => {
    expect(productIdFor('X')).toBe('product-x');
    expect(productIdFor('۱۲')).toBe('product-new');
    expect(productIdFor('New')).toBe('product-new');
    for (const name of ['X', '۱۲', 'New', 'z'.repeat(200)])
      expect(productIdFor(name)).toMatch(/^[a-z0-9-]{3,64}$/);
  });

  it('counts on from -2 for the next ids to try', () => {
    expect([1, 2, 3].map((n) => nthProductId('Ravi Tote', n))).toEqual([
      'ravi-tote',
      'ravi-tote-2',
      'ravi-tote-3',
    ]);
  });
});

describe('readProductForm', () => {
  it('reads a stored product’s form back to the same product', () => {
    const product = makeProduct({
      _id: 'round-trip',
      discountPercent: 0,
      wholesalePrice: null,
      colorImages: [
        { color: 'Black', images: ['/images/a.svg', '/images/b.svg'] },
        { color: 'Navy', images: ['/images/c.svg'] },
      ],
    });
    expect(readProductForm(productToForm(product), 'round-trip')).toEqual({ ok: true, product });
  });

  it('makes a product the catalogue schema accepts, with stock derived by the store', () => {
    const read = readProductForm(productToForm(makeProduct()), 'test-bag');
    expect(read.ok && productSchema.safeParse(read.product).success).toBe(true);
  });

  it('names each problem by its field with the sheet rule’s message', () => {
    const form = { ...emptyForm(), price: '4,50' };
    const read = readProductForm(form, 'x-bag');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.problems.price).toBe(
      (readPrice('4,50') as { problem: string }).problem,
    );
    expect(!read.ok && read.problems.productName).toBe('is empty; every product needs one');
    // The specifications are optional: an empty one is no problem.
    expect(!read.ok && read.problems['specs.zips']).toBeUndefined();
  });

  it('reads a known colour in any case as the catalogue spells it', () => {
    const form = productToForm(makeProduct());
    form.colours = [{ color: '  sky   BLUE ', swatch: '', images: ['/images/a.svg'] }];
    const read = readProductForm(form, 'test-bag');
    expect(read.ok && read.product.colors).toEqual(['Sky Blue']);
  });
});
