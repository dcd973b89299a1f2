// Adding a product in under a minute: only the name, category, price and a colour with a photo are
// required; specifications left empty are neither stored nor shown; "Copy from a similar product"
// fills only what the new form leaves empty, never the name, the colours or their photos.
import { describe, expect, it } from 'vitest';
import { emptyForm, readProductForm } from '../../src/lib/product-form.ts';
import { copyFromSimilar, shownSpecs } from '../../src/lib/product-specs.ts';
import { bagSize } from '../../src/lib/bag-size.ts';
import { productSchema } from '../../src/lib/product.ts';
import { makeProduct } from '../fixtures/products.ts';

/** A new product's form with the five fields filled. */
function fiveFields() {
  const form = emptyForm();
  return {
    ...form,
    productName: 'Quick Sleeve',
    category: 'sleeves',
    price: '2950',
    colours: [{ color: 'Black', swatch: '', images: ['/images/products/quick.jpg'] }],
  };
}

describe('readProductForm with optional specifications', () => {
  it('reads a form with only the name, category, price and a colour with a photo into a valid product with no specifications', () => {
    const read = readProductForm(fiveFields(), 'quick-sleeve');
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.product).toMatchObject({ maker: '', para: '', specs: {}, price: 2950 });
    expect(productSchema.safeParse(read.product).success).toBe(true);
  });

  it('keeps the specifications given and leaves out the blank ones', () => {
    const form = fiveFields();
    const read = readProductForm(
      { ...form, specs: { ...form.specs, material: ' Neoprene ', width: '   ' } },
      'quick-sleeve',
    );
    expect(read.ok && read.product.specs).toEqual({ material: 'Neoprene' });
  });

  it('still names each missing required field: name, category, price and the colour\u2019s photos', () => {
    const read = readProductForm(
      { ...emptyForm(), colours: [{ color: 'Black', swatch: '', images: [] }] },
      'x-y-z',
    );
    expect(read.ok ? [] : Object.keys(read.problems).sort()).toEqual([
      'category',
      'colours.0.images',
      'price',
      'productName',
    ]);
  });

  it('refuses a specification longer than its column, beside it', () => {
    const form = fiveFields();
    const read = readProductForm(
      { ...form, specs: { ...form.specs, length: '1'.repeat(41) } },
      'quick-sleeve',
    );
    expect(read.ok ? [] : Object.keys(read.problems)).toEqual(['specs.length']);
  });
});

describe('shownSpecs', () => {
  it('shows nothing for a product without specifications', () => {
    expect(shownSpecs({})).toEqual([]);
  });

  it('shows only the specifications given, labelled, in the catalogue order', () => {
    expect(shownSpecs({ weight: '0.4 kg', material: 'Neoprene', strap: ' ' })).toEqual([
      ['Material', 'Neoprene'],
      ['Weight', '0.4 kg'],
    ]);
  });
});

describe('bagSize without measurements', () => {
  it('gives no size line when a measurement is missing', () => {
    expect(bagSize({ length: '30 cm', width: '4 cm' })).toBeNull();
    expect(bagSize({})).toBeNull();
  });

  it('still reads a size without a compatibility line', () => {
    expect(bagSize({ length: '40 cm', width: '10 cm', height: '30 cm' })).toBe(
      '40 × 10 × 30 cm, fits a 16″ laptop',
    );
  });
});

describe('copyFromSimilar', () => {
  const similar = makeProduct({
    _id: 'margalla-sleeve',
    productName: 'Margalla Sleeve',
    maker: 'Margalla Works',
    category: 'sleeves',
    price: 3400,
    discountPercent: 10,
    para: 'A padded sleeve.',
    specs: { material: 'Neoprene', length: '36 cm' },
    colors: ['Navy'],
    colorImages: [{ color: 'Navy', images: ['/images/products/margalla-navy.jpg'] }],
  });

  it('fills the empty fields from the similar product: category, maker, prices, description, specifications', () => {
    const copied = copyFromSimilar({ ...emptyForm(), productName: 'New Sleeve' }, similar);
    expect(copied).toMatchObject({
      maker: 'Margalla Works',
      category: 'sleeves',
      price: '3400',
      discountPercent: '10',
      para: 'A padded sleeve.',
    });
    expect(copied.specs.material).toBe('Neoprene');
    expect(copied.specs.length).toBe('36 cm');
    expect(copied.specs.weight).toBe('');
  });

  it('never copies the name, the colours or their photos, and keeps what was typed', () => {
    const form = { ...fiveFields(), price: '2950', maker: 'Own Works' };
    const copied = copyFromSimilar(form, similar);
    expect(copied.productName).toBe('Quick Sleeve');
    expect(copied.colours).toEqual(form.colours);
    expect(copied.price).toBe('2950');
    expect(copied.maker).toBe('Own Works');
    expect(JSON.stringify(copied)).not.toContain('margalla-navy');
    expect(JSON.stringify(copied)).not.toContain('margalla-sleeve');
  });
});
