import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lineCapNotice,
  cappedAddition,
  cartLineCount,
  isCartFull,
  addToCart,
  cartCount,
  cartEntries,
  cartLineKey,
  cartLines,
  checkCartLine,
  cartSubtotal,
  clampQuantity,
  imageKey,
  mergeCarts,
  mergeFavourites,
  productQuantityInCart,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
  type CartMap,
} from '../../src/lib/cart.ts';
import { makeProduct } from '../fixtures/products.ts';
import { WHOLESALE_MIN_QUANTITY } from '../../src/lib/pricing.ts';

const key = { itemId: 'bag-1', selectedColor: 'Black', imageIndex: 0 };

describe('imageKey', () => {
  it('turns an index into the text key', () => {
    expect(imageKey(2)).toBe('2');
    expect(imageKey('02')).toBe('2');
    expect(imageKey('x')).toBe('x');
  });
});

describe('clampQuantity', () => {
  it('clamps into 1..100 and truncates fractions', () => {
    expect(clampQuantity(0)).toBe(1);
    expect(clampQuantity(101)).toBe(100);
    expect(clampQuantity(2.7)).toBe(2);
    expect(clampQuantity(Number.NaN)).toBe(1);
  });
});

describe('addToCart', () => {
  it('creates the nested entry with the image index as text', () => {
    expect(addToCart({}, { ...key, quantity: 2 })).toEqual({ 'bag-1': { Black: { '0': 2 } } });
  });

  it('adds to an existing line', () => {
    const once = addToCart({}, { ...key, quantity: 2 });
    expect(addToCart(once, { ...key, imageIndex: '0', quantity: 3 })).toEqual({
      'bag-1': { Black: { '0': 5 } },
    });
  });

  it('keeps other colours and images apart', () => {
    let map = addToCart({}, { ...key, quantity: 1 });
    map = addToCart(map, { ...key, imageIndex: 1, quantity: 1 });
    map = addToCart(map, { ...key, selectedColor: 'Navy', quantity: 1 });
    expect(map).toEqual({ 'bag-1': { Black: { '0': 1, '1': 1 }, Navy: { '0': 1 } } });
  });

  it('caps the line at 100', () => {
    const map = addToCart({}, { ...key, quantity: 99 });
    expect(addToCart(map, { ...key, quantity: 2 })['bag-1']?.Black?.['0']).toBe(100);
    expect(addToCart({}, { ...key, quantity: 101 })['bag-1']?.Black?.['0']).toBe(100);
  });

  it('ignores a quantity below 1', () => {
    expect(addToCart({}, { ...key, quantity: 0 })).toEqual({});
    expect(addToCart({}, { ...key, quantity: Number.NaN })).toEqual({});
  });

  it('never mutates the given map', () => {
    const map: CartMap = { 'bag-1': { Black: { '0': 1 } } };
    const next = addToCart(map, { ...key, quantity: 1 });
    expect(map).toEqual({ 'bag-1': { Black: { '0': 1 } } });
    expect(next).not.toBe(map);
  });

  it('refuses a __proto__ key', () => {
    const next = addToCart({}, { ...key, itemId: '__proto__', quantity: 1 });
    expect(Object.keys(next)).toEqual([]);
    expect(({} as Record<string, unknown>).Black).toBeUndefined();
  });
});

describe('setCartQuantity', () => {
  const map: CartMap = { 'bag-1': { Black: { '0': 5 } } };

  it('sets the quantity', () => {
    expect(setCartQuantity(map, { ...key, quantity: 49 })['bag-1']?.Black?.['0']).toBe(49);
  });

  it('keeps 50 and 100', () => {
    expect(setCartQuantity(map, { ...key, quantity: 50 })['bag-1']?.Black?.['0']).toBe(50);
    expect(setCartQuantity(map, { ...key, quantity: 100 })['bag-1']?.Black?.['0']).toBe(100);
  });

  it('clamps 101 to 100', () => {
    expect(setCartQuantity(map, { ...key, quantity: 101 })['bag-1']?.Black?.['0']).toBe(100);
  });

  it('cannot go below 1', () => {
    expect(setCartQuantity(map, { ...key, quantity: 0 })['bag-1']?.Black?.['0']).toBe(1);
  });

  it('does not mutate the given map', () => {
    setCartQuantity(map, { ...key, quantity: 7 });
    expect(map['bag-1']?.Black?.['0']).toBe(5);
  });
});

describe('removeFromCart', () => {
  it('removes one line and keeps the others', () => {
    const map: CartMap = { 'bag-1': { Black: { '0': 1, '1': 2 } } };
    expect(removeFromCart(map, key)).toEqual({ 'bag-1': { Black: { '1': 2 } } });
  });

  it('deletes an emptied colour', () => {
    const map: CartMap = { 'bag-1': { Black: { '0': 1 }, Navy: { '0': 2 } } };
    expect(removeFromCart(map, key)).toEqual({ 'bag-1': { Navy: { '0': 2 } } });
  });

  it('deletes the product when its last line is removed', () => {
    const map: CartMap = { 'bag-1': { Black: { '0': 1 } }, 'bag-2': { Red: { '3': 1 } } };
    expect(removeFromCart(map, key)).toEqual({ 'bag-2': { Red: { '3': 1 } } });
  });

  it('leaves an empty cart after removing the last line', () => {
    expect(removeFromCart({ 'bag-1': { Black: { '0': 1 } } }, key)).toEqual({});
  });

  it('leaves the cart as it was for a missing line', () => {
    const map: CartMap = { 'bag-1': { Black: { '1': 1 } } };
    expect(removeFromCart(map, { ...key, itemId: 'nope' })).toEqual(map);
    expect(removeFromCart(map, { ...key, selectedColor: 'Pink' })).toEqual(map);
    expect(removeFromCart(map, key)).toEqual(map);
  });

  it('does not mutate the given map', () => {
    const map: CartMap = { 'bag-1': { Black: { '0': 1 } } };
    removeFromCart(map, key);
    expect(map).toEqual({ 'bag-1': { Black: { '0': 1 } } });
  });
});

describe('cartCount', () => {
  it('is 0 for an empty cart', () => {
    expect(cartCount({})).toBe(0);
  });

  it('sums every quantity', () => {
    expect(cartCount({ a: { Black: { '0': 2, '1': 3 } }, b: { Red: { '0': 50 } } })).toBe(55);
  });
});

describe('cartEntries', () => {
  it('flattens the map into lines', () => {
    expect(cartEntries({ a: { Black: { '1': 2 } } })).toEqual([
      { itemId: 'a', selectedColor: 'Black', imageIndex: '1', quantity: 2 },
    ]);
  });

  it('gives [] for an empty cart', () => {
    expect(cartEntries({})).toEqual([]);
  });
});

describe('checkCartLine', () => {
  const bag = makeProduct({ _id: 'bag-1' });

  it("accepts a colour in any case and answers the catalogue's spelling and picture", () => {
    expect(checkCartLine(bag, { itemId: 'bag-1', selectedColor: 'NAVY', imageIndex: '0' })).toEqual(
      {
        ok: true,
        line: {
          product: bag,
          selectedColor: 'Navy',
          imageIndex: 0,
          image: '/images/products/bag-1-navy-1.svg',
        },
      },
    );
  });

  it('names the problem of a missing product, colour or picture', () => {
    expect(checkCartLine(undefined, { itemId: 'x', selectedColor: 'Navy', imageIndex: 0 })).toEqual(
      { ok: false, problem: 'unknownProduct' },
    );
    expect(checkCartLine(bag, { itemId: 'bag-1', selectedColor: 'Pink', imageIndex: 0 })).toEqual({
      ok: false,
      problem: 'unknownColour',
    });
    expect(checkCartLine(bag, { itemId: 'bag-1', selectedColor: 'Navy', imageIndex: 7 })).toEqual({
      ok: false,
      problem: 'unknownImage',
    });
    expect(
      checkCartLine(bag, { itemId: 'bag-1', selectedColor: 'Navy', imageIndex: '1e0' }),
    ).toEqual({ ok: false, problem: 'unknownImage' });
  });
});

describe('cartLineKey', () => {
  it('gives one key for the same line whether its picture index is a number or text', () => {
    expect(cartLineKey({ itemId: 'a', selectedColor: 'Tan', imageIndex: 2 })).toBe(
      cartLineKey({ itemId: 'a', selectedColor: 'Tan', imageIndex: '02' }),
    );
  });

  it('tells apart lines whose parts would join to the same text', () => {
    expect(cartLineKey({ itemId: 'a|b', selectedColor: 'c', imageIndex: 0 })).not.toBe(
      cartLineKey({ itemId: 'a', selectedColor: 'b|c', imageIndex: 0 }),
    );
  });
});

describe('cartLines', () => {
  const bag = makeProduct({ _id: 'bag-1', price: 4500, discountPercent: 10, wholesalePrice: 3800 });
  const sleeve = makeProduct({
    _id: 'sleeve-1',
    category: 'sleeves',
    price: 1000,
    discountPercent: 0,
    wholesalePrice: null,
    colors: ['Grey'],
  });

  it('joins lines with products and prices them', () => {
    const lines = cartLines({ 'bag-1': { Black: { '1': 2 } } }, [bag, sleeve]);
    expect(lines).toEqual([
      {
        itemId: 'bag-1',
        product: bag,
        selectedColor: 'Black',
        imageIndex: 1,
        image: '/images/products/bag-1-black-2.svg',
        quantity: 2,
        unitPrice: 4050,
        lineTotal: 8100,
      },
    ]);
  });

  it('accepts a Map of products', () => {
    const lines = cartLines({ 'sleeve-1': { Grey: { '0': 1 } } }, new Map([[sleeve._id, sleeve]]));
    expect(lines[0]?.lineTotal).toBe(1000);
  });

  it('prices 49 units at the discounted price and 50 at wholesale', () => {
    expect(cartLines({ 'bag-1': { Black: { '0': 49 } } }, [bag])[0]?.lineTotal).toBe(49 * 4050);
    expect(cartLines({ 'bag-1': { Black: { '0': 50 } } }, [bag])[0]?.lineTotal).toBe(50 * 3800);
  });

  it('gives 30 Black and 30 Navy of one bag the wholesale price, as 60 of the product', () => {
    const lines = cartLines({ 'bag-1': { Black: { '0': 30 }, Navy: { '0': 30 } } }, [bag]);
    expect(lines.map((l) => [l.selectedColor, l.unitPrice, l.lineTotal])).toEqual([
      ['Black', 3800, 30 * 3800],
      ['Navy', 3800, 30 * 3800],
    ]);
  });

  it('keeps 25 Black and 24 Navy of one bag at the discounted price, as 49 of the product', () => {
    const lines = cartLines({ 'bag-1': { Black: { '0': 25 }, Navy: { '0': 24 } } }, [bag]);
    expect(lines.map((l) => l.unitPrice)).toEqual([4050, 4050]);
  });

  it('counts two pictures of one colour together, and never another product', () => {
    const lines = cartLines(
      { 'bag-1': { Black: { '0': 30, '1': 20 } }, 'sleeve-1': { Grey: { '0': 40 } } },
      [bag, sleeve],
    );
    expect(lines.map((l) => l.unitPrice)).toEqual([3800, 3800, 1000]);
  });

  it('does not count a line it skips (an unknown colour) towards the product', () => {
    const lines = cartLines({ 'bag-1': { Black: { '0': 30 }, Pink: { '0': 30 } } }, [bag]);
    expect(lines.map((l) => l.unitPrice)).toEqual([4050]);
  });

  it('gives every line of a product one unit price, the wholesale one exactly when its lines hold 50 or more', () => {
    const line = fc.tuple(
      fc.constantFrom('Black', 'Navy'),
      fc.constantFrom('0', '1'),
      fc.integer({ min: 1, max: 100 }),
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 4 }), (entries) => {
        const cart: CartMap = {};
        for (const [colour, picture, quantity] of entries)
          ((cart['bag-1'] ??= {})[colour] ??= {})[picture] = quantity;
        const lines = cartLines(cart, [bag]);
        const held = lines.reduce((sum, l) => sum + l.quantity, 0);
        const unit = held >= WHOLESALE_MIN_QUANTITY ? 3800 : 4050;
        for (const l of lines) {
          expect(l.unitPrice).toBe(unit);
          expect(l.lineTotal).toBe(unit * l.quantity);
        }
        expect(productQuantityInCart(cart, 'bag-1')).toBe(held);
      }),
      { numRuns: 300 },
    );
  });

  it('skips a line whose picture the colour does not have, as the cart and the order refuse it', () => {
    expect(cartLines({ 'bag-1': { Navy: { '7': 1 } } }, [bag])).toEqual([]);
  });

  it("matches a colour ignoring case and shows the catalogue's spelling", () => {
    const [line] = cartLines({ 'bag-1': { navy: { '0': 2 } } }, [bag]);
    expect(line?.selectedColor).toBe('Navy');
    expect(line?.image).toBe('/images/products/bag-1-navy-1.svg');
  });

  it('skips unknown products and colours', () => {
    expect(
      cartLines({ nope: { Black: { '0': 1 } }, 'bag-1': { Pink: { '0': 1 } } }, [bag]),
    ).toEqual([]);
  });

  it('gives [] for an empty cart', () => {
    expect(cartLines({}, [bag])).toEqual([]);
  });
});

describe('cartSubtotal', () => {
  it('sums line totals', () => {
    expect(cartSubtotal([{ lineTotal: 8100 }, { lineTotal: 1000 }])).toBe(9100);
  });

  it('is 0 for an empty cart', () => {
    expect(cartSubtotal([])).toBe(0);
  });
});

describe('mergeCarts', () => {
  it("lets the guest's line win for the same product, colour and picture, and keeps every other line", () => {
    const user: CartMap = {
      a: { Black: { '0': 5, '2': 4 }, Navy: { '1': 1 } },
      b: { Red: { '0': 2 } },
    };
    const guest: CartMap = { a: { Black: { '2': 1 } }, c: { Tan: { '0': 3 } } };
    expect(mergeCarts(user, guest)).toEqual({
      a: { Black: { '0': 5, '2': 1 }, Navy: { '1': 1 } },
      b: { Red: { '0': 2 } },
      c: { Tan: { '0': 3 } },
    });
  });

  it('keeps the saved Margalla Black ×2 when the guest adds Margalla Grey ×5', () => {
    const user: CartMap = { margalla: { Black: { '0': 2 } } };
    const guest: CartMap = { margalla: { Grey: { '0': 5 } } };
    expect(mergeCarts(user, guest)).toEqual({ margalla: { Black: { '0': 2 }, Grey: { '0': 5 } } });
  });

  it('keeps the user cart when the guest cart is empty', () => {
    expect(mergeCarts({ a: { Black: { '0': 1 } } }, {})).toEqual({ a: { Black: { '0': 1 } } });
  });

  it('shares no objects with its inputs', () => {
    const guest: CartMap = { a: { Black: { '0': 1 } } };
    const merged = mergeCarts({}, guest);
    merged.a!.Black!['0'] = 9;
    expect(guest.a?.Black?.['0']).toBe(1);
  });
});

/** A cart of `n` one-item lines, each its own product. */
const linesCart = (n: number, prefix = 'p'): CartMap =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, { Black: { '0': 1 } }]));

describe('the line cap', () => {
  it('counts lines, not items', () => {
    expect(
      cartLineCount({
        a: { Black: { '0': 5, '1': 2 }, Navy: { '0': 1 } },
        b: { Red: { '0': 100 } },
      }),
    ).toBe(4);
  });

  it('lets a full cart raise a line it holds but not take a new one', () => {
    const full = linesCart(50);
    expect(isCartFull(full, { itemId: 'p0', selectedColor: 'Black', imageIndex: 0 })).toBe(false);
    expect(isCartFull(full, { itemId: 'new', selectedColor: 'Black', imageIndex: 0 })).toBe(true);
    expect(
      addToCart(full, { itemId: 'p0', selectedColor: 'Black', imageIndex: 0, quantity: 2 }).p0
        ?.Black?.['0'],
    ).toBe(3);
    expect(
      cartLineCount(
        addToCart(full, { itemId: 'new', selectedColor: 'Black', imageIndex: 0, quantity: 1 }),
      ),
    ).toBe(50);
  });

  it('keeps a merge of two big carts at 50 lines, the guest’s first, so the login merge is never refused', () => {
    const merged = mergeCarts(linesCart(40, 'user'), linesCart(40, 'guest'));
    expect(cartLineCount(merged)).toBe(50);
    expect(Object.keys(merged).filter((id) => id.startsWith('guest'))).toHaveLength(40);
    expect(Object.keys(merged).filter((id) => id.startsWith('user'))).toEqual(
      Array.from({ length: 10 }, (_, i) => `user${i}`),
    );
  });
});

describe('mergeFavourites', () => {
  it('unites the lists in order without duplicates', () => {
    expect(mergeFavourites(['a', 'b'], ['b', 'c', 'a', 'd'])).toEqual(['a', 'b', 'c', 'd']);
  });

  it('handles empty lists', () => {
    expect(mergeFavourites([], [])).toEqual([]);
    expect(mergeFavourites([], ['x'])).toEqual(['x']);
  });
});

describe('sanitizeCart', () => {
  it('keeps a valid map', () => {
    const map = { a: { Black: { '0': 1, '1': 100 } } };
    expect(sanitizeCart(map)).toEqual(map);
  });

  it('drops quantities that are not integers from 1 to 100', () => {
    expect(
      sanitizeCart({ a: { Black: { '0': 0, '1': 101, '2': 1.5, '3': '2', '4': null, '5': 7 } } }),
    ).toEqual({ a: { Black: { '5': 7 } } });
  });

  it('drops non-object levels, non-digit image keys and empty parents', () => {
    expect(
      sanitizeCart({ a: 'x', b: { Red: [1] }, c: { Tan: { x: 1 } }, d: { Blue: { '01': 2 } } }),
    ).toEqual({
      d: { Blue: { '1': 2 } },
    });
  });

  it('gives an empty cart for anything that is not an object', () => {
    expect(sanitizeCart(null)).toEqual({});
    expect(sanitizeCart('cart')).toEqual({});
    expect(sanitizeCart([1, 2])).toEqual({});
  });

  it('ignores __proto__ keys from parsed JSON', () => {
    const parsed: unknown = JSON.parse('{"__proto__":{"Black":{"0":1}},"a":{"__proto__":{"0":1}}}');
    const cart = sanitizeCart(parsed);
    expect(cart).toEqual({});
    expect(Object.getPrototypeOf(cart)).toBe(Object.prototype);
  });
});

describe('productQuantityInCart', () => {
  it('adds the product’s lines across colours and pictures, and is 0 for a product not in the cart', () => {
    const cart: CartMap = {
      tote: { Black: { '0': 30, '2': 5 }, Navy: { '0': 30 } },
      bag: { Red: { '0': 9 } },
    };
    expect(productQuantityInCart(cart, 'tote')).toBe(65);
    expect(productQuantityInCart(cart, 'sleeve')).toBe(0);
  });
});

describe('cappedAddition', () => {
  const line = { itemId: 'tote', selectedColor: 'Black', imageIndex: 0 };
  it('is null when all of the quantity fits, else how many the cap of 100 lets in', () => {
    expect(cappedAddition({ tote: { Black: { '0': 40 } } }, { ...line, quantity: 60 })).toBeNull();
    expect(cappedAddition({ tote: { Black: { '0': 60 } } }, { ...line, quantity: 60 })).toBe(40);
    expect(cappedAddition({ tote: { Black: { '0': 100 } } }, { ...line, quantity: 1 })).toBe(0);
    expect(cappedAddition({}, { ...line, quantity: 120 })).toBe(100);
  });
});

describe('lineCapNotice', () => {
  const line = { itemId: 'tote', selectedColor: 'Black', imageIndex: 0 };
  it('says nothing when all of the quantity fits under 100', () => {
    expect(lineCapNotice({ tote: { Black: { '0': 40 } } }, { ...line, quantity: 60 })).toBeNull();
  });

  it('says how many were added when 60 more meet 60 already in the cart', () => {
    expect(lineCapNotice({ tote: { Black: { '0': 60 } } }, { ...line, quantity: 60 })).toBe(
      'Only 40 added: 100 is the most per line, and your cart now holds 100.',
    );
  });

  it('says the line is full when it already holds 100', () => {
    expect(lineCapNotice({ tote: { Black: { '0': 100 } } }, { ...line, quantity: 1 })).toBe(
      'You already have 100 of this item in your cart, the most per line.',
    );
  });
});
