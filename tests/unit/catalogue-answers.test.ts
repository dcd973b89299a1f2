// The product list's zod-free parser (src/client/catalogue-answers.ts) against the contract's
// productListAnswerSchema: on the catalogue and on each way an answer can break, both accept the
// same answers and read them the same.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productListAnswer } from '../../src/client/catalogue-answers.ts';
import { productListAnswerSchema } from '../../src/lib/contract/responses.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGUE = JSON.parse(readFileSync(path.join(ROOT, 'data/catalogue.json'), 'utf8')) as {
  productName: string;
}[];
const listed = (p: { productName: string }) => ({ ...p, name: p.productName });

/** Both parsers' reading of `answer`: the success flag and, when accepted, the data. */
function bothRead(answer: unknown) {
  const light = productListAnswer.safeParse(answer);
  const zod = productListAnswerSchema.safeParse(answer);
  return {
    light: light.success ? { success: true, data: light.data } : { success: false },
    zod: zod.success ? { success: true, data: zod.data } : { success: false },
  };
}

const FIRST = listed(CATALOGUE[0]!) as Record<string, unknown>;
const COLOUR = (FIRST.colorImages as Record<string, unknown>[])[0]!;
const withProduct = (changes: Record<string, unknown>) => ({
  success: true,
  products: [{ ...FIRST, ...changes }],
});
const withColour = (changes: Record<string, unknown>) =>
  withProduct({
    colorImages: [{ ...COLOUR, ...changes }, ...(FIRST.colorImages as unknown[]).slice(1)],
  });

describe('the product list parser without zod', () => {
  it('reads the whole catalogue as the contract does', () => {
    const answer = { success: true, products: CATALOGUE.map(listed) };
    const { light, zod } = bothRead(answer);
    expect(zod.success).toBe(true);
    expect(light).toEqual(zod);
  });

  it('trims text, drops unknown fields and keeps a swatch, a wholesale price and specs as the contract does', () => {
    const answer = withProduct({
      productName: '  Margalla  ',
      maker: ' ',
      para: ' A bag. ',
      addedLater: 'kept out',
      wholesalePrice: 1000,
      specs: { material: ' Canvas ', unknownSpec: 'x' },
      colorImages: [{ ...COLOUR, swatch: '#1a2b3c', extra: 1 }],
      colors: [COLOUR.color],
    });
    const { light, zod } = bothRead(answer);
    expect(zod.success).toBe(true);
    expect(light).toEqual(zod);
  });

  const broken: [string, unknown][] = [
    ['not an object', 'products'],
    ['null', null],
    ['success false', { success: false, products: [] }],
    ['products missing', { success: true }],
    ['products not a list', { success: true, products: {} }],
    ['a product not an object', { success: true, products: [null] }],
    ['an id out of pattern', withProduct({ _id: 'Has Spaces' })],
    ['an id too short', withProduct({ _id: 'ab' })],
    ['an unknown category', withProduct({ category: 'shoes' })],
    ['a blank name', withProduct({ productName: '   ' })],
    ['a name too long', withProduct({ productName: 'x'.repeat(121) })],
    ['a maker too long', withProduct({ maker: 'x'.repeat(61) })],
    ['a description too long', withProduct({ para: 'x'.repeat(4001) })],
    ['no colours', withProduct({ colors: [] })],
    ['nine colours', withProduct({ colors: Array.from({ length: 9 }, (_, i) => `C${i}`) })],
    ['a colour not text', withProduct({ colors: [5] })],
    ['no colour images', withProduct({ colorImages: [] })],
    ['a colour with no photos', withColour({ images: [] })],
    ['a photo on another site', withColour({ images: ['//evil.example/x.jpg'] })],
    ['a photo path with ..', withColour({ images: ['/photos/../x.jpg'] })],
    ['a swatch not a colour code', withColour({ swatch: 'red' })],
    ['a blank colour name', withColour({ color: ' ' })],
    ['a price of 0', withProduct({ price: 0 })],
    ['a price with a fraction', withProduct({ price: 10.5 })],
    ['a price past the limit', withProduct({ price: 10_000_001 })],
    ['a price as text', withProduct({ price: '4500' })],
    ['a discount past 90', withProduct({ discountPercent: 91 })],
    ['a negative discount', withProduct({ discountPercent: -1 })],
    ['a discount as text', withProduct({ discountPercent: '10' })],
    ['a wholesale price of 0', withProduct({ wholesalePrice: 0 })],
    ['a wholesale price missing', withProduct({ wholesalePrice: undefined })],
    ['stock as text', withProduct({ stock: 'true' })],
    ['best seller missing', withProduct({ bestSeller: undefined })],
    ['specs missing', withProduct({ specs: undefined })],
    ['a blank spec', withProduct({ specs: { material: '  ' } })],
    ['a spec too long', withProduct({ specs: { length: 'x'.repeat(41) } })],
    ['name missing', withProduct({ name: undefined })],
  ];
  for (const [what, answer] of broken)
    it(`refuses an answer with ${what}, as the contract does`, () => {
      expect(bothRead(answer)).toEqual({ light: { success: false }, zod: { success: false } });
    });

  it('reads own properties only: an inherited field counts as missing', () => {
    const inherited = Object.assign(Object.create({ success: true }) as object, { products: [] });
    expect(productListAnswer.safeParse(inherited)).toEqual({ success: false });
  });
});
