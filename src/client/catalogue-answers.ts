// The browser's parser for GET /api/product/list, the one answer /Cart, /Checkout and /favourites
// need before the shopper's first tap (their lines' names, photos and prices). With zod it pulled
// zod's core and every shop answer's schema (about 12 KB gzipped) into the JavaScript those pages
// run before interaction (the page-weight budgets in tests/e2e/page-weight.spec.ts); these checks
// do the same job by hand in well under 1 KB, zod's `safeParse` shape kept so src/client/api.ts
// reads it like any other. It accepts and answers exactly what the contract's
// productListAnswerSchema does (src/lib/contract/responses.ts): tests/unit/catalogue-answers.test.ts
// holds the two together on the catalogue and on broken answers.
import {
  CATEGORIES,
  COLOUR_FIELDS,
  COLOURS_FIELD,
  PRODUCT_FIELDS,
  SITE_PATH,
  SPEC_DECLARATIONS,
  SPEC_FIELDS,
} from '../lib/product-fields.ts';
import { PRODUCT_ID } from '../lib/stock.ts';

/** Thrown inside a parse when a value breaks the contract; safeParse answers a failure. */
const BROKEN = Symbol('broken');
const fail = (): never => {
  throw BROKEN;
};
const need = (ok: boolean) => ok || fail();

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** An own property (zod reads plain properties; none from the prototype). */
const own = (o: Record<string, unknown>, k: string): unknown =>
  Object.hasOwn(o, k) ? o[k] : undefined;

const object = (v: unknown) => (isObject(v) ? v : fail());
const string = (v: unknown) => (typeof v === 'string' ? v : fail());
const boolean = (v: unknown) => (typeof v === 'boolean' ? v : fail());
/** A safe integer above 0 (zod's `z.int().check(z.positive())`). */
const positiveInt = (v: unknown) => (Number.isSafeInteger(v) && (v as number) > 0 ? v : fail());
/** A string trimmed, then of `min` to `max` characters (zod's `z.trim()` then the lengths). */
const trimmed = (v: unknown, max: number, min = 0) => {
  const s = string(v).trim();
  need(s.length >= min && s.length <= max);
  return s;
};
const list = <T>(v: unknown, min: number, max: number, item: (entry: unknown) => T): T[] => {
  need(Array.isArray(v) && v.length >= min && v.length <= max);
  return (v as unknown[]).map(item);
};

function specs(v: unknown) {
  const input = object(v);
  const out: Record<string, string> = {};
  for (const f of SPEC_FIELDS) {
    const value = own(input, f);
    if (value !== undefined) out[f] = trimmed(value, SPEC_DECLARATIONS[f].max, 1);
  }
  return out;
}

function colour(v: unknown) {
  const input = object(v);
  const swatch = own(input, 'swatch');
  return {
    color: trimmed(own(input, 'color'), COLOUR_FIELDS.color.max, 1),
    images: list(own(input, 'images'), 1, COLOUR_FIELDS.images.max, (p) =>
      SITE_PATH.test(string(p)) ? (p as string) : fail(),
    ),
    ...(swatch === undefined
      ? {}
      : { swatch: /^#[0-9a-f]{6}$/.test(string(swatch)) ? (swatch as string) : fail() }),
  };
}

function product(v: unknown) {
  const p = object(v);
  const id = string(own(p, '_id'));
  const category = own(p, 'category');
  const discount = own(p, 'discountPercent');
  const wholesale = own(p, 'wholesalePrice');
  need(PRODUCT_ID.test(id));
  need((CATEGORIES as readonly unknown[]).includes(category));
  need(
    typeof discount === 'number' &&
      Number.isFinite(discount) &&
      discount >= 0 &&
      discount <= PRODUCT_FIELDS.discountPercent.max,
  );
  const price = positiveInt(own(p, 'price')) as number;
  need(price <= PRODUCT_FIELDS.price.max);
  return {
    _id: id,
    productName: trimmed(own(p, 'productName'), PRODUCT_FIELDS.productName.max, 1),
    maker: trimmed(own(p, 'maker'), PRODUCT_FIELDS.maker.max),
    category,
    colors: list(own(p, 'colors'), 1, COLOURS_FIELD.max, (c) =>
      trimmed(c, COLOUR_FIELDS.color.max, 1),
    ),
    colorImages: list(own(p, 'colorImages'), 1, COLOURS_FIELD.max, colour),
    price,
    discountPercent: discount,
    wholesalePrice: wholesale === null ? null : positiveInt(wholesale),
    stock: boolean(own(p, 'stock')),
    bestSeller: boolean(own(p, 'bestSeller')),
    para: trimmed(own(p, 'para'), PRODUCT_FIELDS.para.max),
    specs: specs(own(p, 'specs')),
    name: string(own(p, 'name')),
  };
}

/** GET /api/product/list's answer: `{ success: true, products }`, unknown fields dropped. */
export const productListAnswer = {
  safeParse(value: unknown): { success: true; data: unknown } | { success: false } {
    try {
      const answer = object(value);
      need(own(answer, 'success') === true);
      const products = own(answer, 'products');
      need(Array.isArray(products));
      return { success: true, data: { success: true, products: (products as []).map(product) } };
    } catch (error) {
      if (error === BROKEN) return { success: false };
      throw error;
    }
  },
};

/** The answers parsed here, by the key the endpoint table names. */
export const CATALOGUE_ANSWERS = { productList: productListAnswer } as const;
