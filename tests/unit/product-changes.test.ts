import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedProducts } from '../../src/lib/catalogue-version.ts';
import { fieldChangeLine, fieldChanges, productChanges } from '../../src/lib/product-changes.ts';
import { productSchema, type Product } from '../../src/lib/product.ts';
import { makeProduct } from '../fixtures/products.ts';

const lines = (was: Product, now: Product) => fieldChanges(was, now).map(fieldChangeLine);

describe('fieldChanges', () => {
  it('says a price typed ten times too small in rupees: "Price: ₨1,300 → ₨130"', () => {
    const bag = makeProduct({ price: 1300, wholesalePrice: null });
    expect(lines(bag, { ...bag, price: 130 })).toEqual(['Price: ₨1,300 → ₨130']);
  });

  it('puts the prices first, then the rest in the order the fields are declared', () => {
    const bag = makeProduct();
    const edited: Product = {
      ...bag,
      productName: 'Renamed Backpack',
      bestSeller: true,
      specs: { ...bag.specs, material: 'Canvas' },
      wholesalePrice: 3500,
      discountPercent: 0,
      price: 4200,
    };
    expect(lines(bag, edited)).toEqual([
      'Price: ₨4,500 → ₨4,200',
      'Discount: 10% → none',
      'Wholesale price: ₨3,800 → ₨3,500',
      'Name: Test Commuter Backpack → Renamed Backpack',
      'Best seller: no → yes',
      'Material: Polyester → Canvas',
    ]);
  });

  it('says a wholesale price and a discount that were none, and a blanked specification', () => {
    const bag = makeProduct({ wholesalePrice: null, discountPercent: 0 });
    const { closure: _closure, ...specs } = bag.specs;
    expect(lines(bag, { ...bag, wholesalePrice: 2000, discountPercent: 15, specs })).toEqual([
      'Discount: none → 15%',
      'Wholesale price: none → ₨2,000',
      'Closure: Zip → (blank)',
    ]);
  });

  it('says colours by name, and a colour whose photos changed by how many it has', () => {
    const bag = makeProduct({ colors: ['Black', 'Navy'] });
    const [black, navy] = bag.colorImages;
    const edited: Product = {
      ...bag,
      colors: ['Black', 'Navy', 'Tan'],
      colorImages: [
        { ...black!, images: [...black!.images, '/photos/a.jpg'], swatch: '#111111' },
        { ...navy!, images: [...navy!.images].reverse() },
        { color: 'Tan', images: ['/photos/tan.jpg'] },
      ],
    };
    expect(lines(bag, edited)).toEqual([
      'Colours: Black, Navy → Black, Navy, Tan',
      'Black photos: 2 photos → 3 photos',
      'Black swatch: none → #111111',
      'Navy photos: 2 photos → 2 photos, new or reordered',
    ]);
  });

  it('shows a long description around where it changed, so the two pieces differ', () => {
    const long = 'word '.repeat(200);
    const bag = makeProduct({ para: long });
    const [change] = fieldChanges(bag, {
      ...bag,
      para: `${long.slice(0, 500)}WORD${long.slice(504)}`,
    });
    expect(change!.label).toBe('Description');
    expect(change!.before).not.toBe(change!.after);
    expect(change!.after).toContain('WORD');
    expect(change!.after.length).toBeLessThanOrEqual(62);
    expect(change!.after.startsWith('…')).toBe(true);
  });

  it('says nothing for a product whose only change is its stock (stock is live, not published)', () => {
    const bag = makeProduct();
    expect(fieldChanges(bag, { ...bag, stock: false })).toEqual([]);
  });
});

describe('productChanges', () => {
  it('lists added, changed and removed products, with the changed fields of each', () => {
    const kept = makeProduct({ _id: 'kept-bag' });
    const priced = makeProduct({
      _id: 'priced-bag',
      productName: 'Priced Bag',
      price: 1300,
      wholesalePrice: null,
    });
    const gone = makeProduct({ _id: 'gone-bag', productName: 'Gone Bag' });
    const fresh = makeProduct({ _id: 'fresh-bag', productName: 'Fresh Bag' });
    expect(productChanges([kept, priced, gone], [kept, { ...priced, price: 130 }, fresh])).toEqual([
      {
        id: 'priced-bag',
        name: 'Priced Bag',
        kind: 'changed',
        fields: [{ label: 'Price', before: '₨1,300', after: '₨130' }],
      },
      { id: 'fresh-bag', name: 'Fresh Bag', kind: 'added', fields: [] },
      { id: 'gone-bag', name: 'Gone Bag', kind: 'removed', fields: [] },
    ]);
  });

  it('counts every product as added against no catalogue at all', () => {
    const bags = [makeProduct({ _id: 'bag-one' }), makeProduct({ _id: 'bag-two' })];
    expect(productChanges(null, bags).map((c) => c.kind)).toEqual(['added', 'added']);
  });
});

/** Valid products of a small catalogue, each a few edits away from the base ones. */
const ids = ['bag-a', 'bag-b', 'bag-c', 'bag-d'];
const edits = fc.record(
  {
    price: fc.integer({ min: 1000, max: 9_000_000 }),
    discountPercent: fc.constantFrom(0, 5, 10, 90),
    wholesalePrice: fc.constantFrom(null, 500, 900),
    productName: fc.constantFrom('Bag', 'Other Bag', 'x'.repeat(120)),
    maker: fc.constantFrom('', 'Maker', 'Other Maker'),
    category: fc.constantFrom('handbags', 'bagpacks', 'sleeves' as const),
    bestSeller: fc.boolean(),
    stock: fc.boolean(),
    para: fc.constantFrom('', 'Short.', 'a'.repeat(300), `${'a'.repeat(299)}b`),
    colors: fc.constantFrom(['Black'], ['Black', 'Navy'], ['Navy', 'Black'], ['Tan']),
    material: fc.constantFrom(undefined, 'Canvas', 'Leather'),
  },
  // The wholesale price is always drawn: the base one (₨3,800) is above some drawn prices.
  { requiredKeys: ['wholesalePrice'] },
);
const catalogue = fc
  .array(fc.tuple(fc.constantFrom(...ids), edits), { maxLength: 4 })
  .map((list) => {
    const byId = new Map(list.map(([id, edit]) => [id, edit]));
    return [...byId].map(([id, edit]) => {
      const base = makeProduct({ _id: id });
      const { material, colors, ...fields } = edit;
      const product = makeProduct({
        _id: id,
        ...fields,
        ...(colors ? { colors: [...colors] } : {}),
        specs: material === undefined ? base.specs : { ...base.specs, material },
      });
      return productSchema.parse(product);
    });
  });

describe('productChanges over random catalogues', () => {
  it('has one entry for each product changedProducts counts', () => {
    fc.assert(
      fc.property(catalogue, catalogue, (before, after) => {
        expect(productChanges(before, after)).toHaveLength(changedProducts(before, after));
      }),
    );
  });

  it('gives every changed product at least one field, each with a different before and after, prices first', () => {
    fc.assert(
      fc.property(catalogue, catalogue, (before, after) => {
        for (const change of productChanges(before, after)) {
          if (change.kind !== 'changed') {
            expect(change.fields).toEqual([]);
            continue;
          }
          expect(change.fields.length).toBeGreaterThan(0);
          for (const field of change.fields) expect(field.before).not.toBe(field.after);
          const labels = change.fields.map((f) => f.label);
          const prices = labels.filter((l) => ['Price', 'Discount', 'Wholesale price'].includes(l));
          expect(labels.slice(0, prices.length)).toEqual(prices);
        }
      }),
    );
  });

  it('changes nothing from a catalogue to itself', () => {
    fc.assert(
      fc.property(catalogue, (products) => {
        expect(productChanges(products, products)).toEqual([]);
      }),
    );
  });
});
