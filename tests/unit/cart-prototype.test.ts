import { afterEach, describe, expect, it } from 'vitest';
import {
  addToCart,
  cartLines,
  mergeCarts,
  removeFromCart,
  sanitizeCart,
  setCartQuantity,
} from '../../src/lib/cart.ts';

// The attack of issue 17: a stored cart whose keys name Object.prototype's own members.
const HOSTILE = '{"constructor":{"prototype":{"0":5}},"toString":{"valueOf":{"1":2}}}';
const polluted = () =>
  (({}) as Record<string, unknown>)[0] !== undefined || ([] as unknown[])[0] !== undefined;

afterEach(() => {
  // If a test did pollute, clean up so the others still say something.
  delete (Object.prototype as Record<string, unknown>)[0];
  delete (Object.prototype as Record<string, unknown>)[1];
});

describe('a stored cart naming constructor and prototype', () => {
  it('sanitizeCart keeps them as own keys and never writes to Object.prototype', () => {
    const cart = sanitizeCart(JSON.parse(HOSTILE));
    expect(polluted()).toBe(false);
    expect(Object.keys(cart)).toEqual(['constructor', 'toString']);
    expect(Object.getPrototypeOf(cart)).toBe(Object.prototype);
  });

  it('addToCart and setCartQuantity on an empty cart write to the cart, not to the prototype', () => {
    const added = addToCart(
      {},
      { itemId: 'constructor', selectedColor: 'prototype', imageIndex: 0, quantity: 5 },
    );
    const set = setCartQuantity(
      {},
      { itemId: 'toString', selectedColor: 'valueOf', imageIndex: 1, quantity: 2 },
    );
    expect(polluted()).toBe(false);
    expect(added).toEqual({ constructor: { prototype: { '0': 5 } } });
    expect(set).toEqual({ toString: { valueOf: { '1': 2 } } });
  });

  it('addToCart counts from the line of its own, not from an inherited value', () => {
    const added = addToCart(
      {},
      { itemId: 'hasOwnProperty', selectedColor: 'length', imageIndex: 0, quantity: 1 },
    );
    expect(added).toEqual({ hasOwnProperty: { length: { '0': 1 } } });
  });

  it('removeFromCart of a line the cart does not hold deletes nothing anywhere', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).length;
    const next = removeFromCart(
      { bag: { Tan: { '0': 1 } } },
      { itemId: 'constructor', selectedColor: 'prototype', imageIndex: 'toString' },
    );
    expect(next).toEqual({ bag: { Tan: { '0': 1 } } });
    expect(Object.getOwnPropertyNames(Object.prototype)).toHaveLength(before);
    expect(typeof Object.prototype.toString).toBe('function');
  });

  it('mergeCarts drops an own __proto__ entry of parsed JSON instead of replacing the prototype', () => {
    const guest = JSON.parse('{"__proto__":{"Tan":{"0":1}},"bag":{"Tan":{"0":2}}}') as Parameters<
      typeof mergeCarts
    >[1];
    const merged = mergeCarts({}, guest);
    expect(merged).toEqual({ bag: { Tan: { '0': 2 } } });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
  });

  it('cartLines of a hostile cart is empty (no such products) and leaves {}[0] undefined', () => {
    expect(cartLines(sanitizeCart(JSON.parse(HOSTILE)), [])).toEqual([]);
    expect(polluted()).toBe(false);
  });
});
