import { afterEach, describe, expect, it, vi } from 'vitest';
import { productColourPath } from '../../src/lib/routes.ts';
import { colourFromAddress } from '../../src/stores/product.ts';

describe('productColourPath', () => {
  it('opens a product in a colour through the colour parameter', () => {
    expect(productColourPath('margalla-commuter-laptop-bagpack', 'Navy')).toBe(
      '/product/margalla-commuter-laptop-bagpack?colour=Navy',
    );
  });
  it('encodes a colour name with spaces or signs', () => {
    expect(productColourPath('a', 'Rose & Gold')).toBe('/product/a?colour=Rose%20%26%20Gold');
  });
  it('is the plain product path without a colour', () => {
    expect(productColourPath('a')).toBe('/product/a');
  });
});

describe('colourFromAddress', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('reads the colour a product page was opened in', () => {
    vi.stubGlobal('location', new URL('https://bastaa.pk/product/a?colour=Rose%20%26%20Gold'));
    expect(colourFromAddress()).toBe('Rose & Gold');
  });
  it('is empty without a colour parameter, or outside a browser', () => {
    vi.stubGlobal('location', new URL('https://bastaa.pk/product/a?utm=x'));
    expect(colourFromAddress()).toBe('');
    vi.unstubAllGlobals();
    expect(colourFromAddress()).toBe('');
  });
});
