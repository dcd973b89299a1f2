// The desk's product form. Every field is read as typed, by the very rules and
// messages of the CSV import (src/lib/catalogue-sheet.ts), so "4,500", "Rs 4,500" and "10%" mean
// what they mean in a sheet and a problem reads the same in both. The browser shows each problem
// beside its field; the server reads the same form again, then applies the catalogue's schema.
import {
  MAX_IMAGES,
  quoted,
  readCategory,
  readColour,
  readDiscount,
  readImages,
  readOptionalText,
  readPrice,
  readSwatch,
  readText,
  readWholesale,
  wholesaleProblem,
} from './catalogue-sheet.ts';
import { PRODUCT_FIELDS, SPEC_DECLARATIONS } from './product-fields.ts';
import type { Category, Product, Specs } from './product.ts';
import { productPath } from './routes.ts';
import {
  MAX_COLOURS,
  SPEC_FIELDS,
  type ColourForm,
  type ProductForm,
  type SpecField,
} from './contract/desk-editor.ts';

export { MAX_COLOURS, SPEC_FIELDS, type ColourForm, type ProductForm, type SpecField };

/**
 * Where a problem belongs: a field's name (`price`, `specs.material`), a colour's part
 * (`colours.0.color`, `colours.0.swatch`, `colours.0.images`) or the colour list (`colours`).
 */
export type FormProblems = Record<string, string>;

/** An empty form for a new product. */
export function emptyForm(): ProductForm {
  return {
    productName: '',
    maker: '',
    category: '',
    price: '',
    discountPercent: '',
    wholesalePrice: '',
    bestSeller: false,
    para: '',
    specs: Object.fromEntries(SPEC_FIELDS.map((f) => [f, ''])) as Record<SpecField, string>,
    colours: [{ color: '', swatch: '', images: [] }],
  };
}

/** A stored product as the form shows it. */
export function productToForm(p: Product): ProductForm {
  return {
    productName: p.productName,
    maker: p.maker,
    category: p.category,
    price: String(p.price),
    discountPercent: p.discountPercent === 0 ? '' : String(p.discountPercent),
    wholesalePrice: p.wholesalePrice === null ? '' : String(p.wholesalePrice),
    bestSeller: p.bestSeller,
    para: p.para,
    specs: Object.fromEntries(SPEC_FIELDS.map((f) => [f, p.specs[f] ?? ''])) as Record<
      SpecField,
      string
    >,
    colours: p.colorImages.map((c) => ({
      color: c.color,
      swatch: c.swatch ?? '',
      images: [...c.images],
    })),
  };
}

const colourKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * Reads a form into a product with id `id`, by the import's cell rules; every problem is named by
 * its field. `stock` is true: the store derives it from the colours marked sold out.
 */
export function readProductForm(
  form: ProductForm,
  id: string,
): { ok: true; product: Product } | { ok: false; problems: FormProblems } {
  const problems: FormProblems = {};
  const take = <T>(
    field: string,
    cell: { ok: true; value: T } | { ok: false; problem: string },
  ) => {
    if (cell.ok) return cell.value;
    problems[field] = cell.problem;
    return undefined;
  };
  const productName = take(
    'productName',
    readText(form.productName, PRODUCT_FIELDS.productName.max),
  );
  const maker = take('maker', readOptionalText(form.maker, PRODUCT_FIELDS.maker.max));
  const category = take('category', readCategory(form.category));
  const price = take('price', readPrice(form.price));
  const discountPercent = take('discountPercent', readDiscount(form.discountPercent));
  const wholesalePrice = take('wholesalePrice', readWholesale(form.wholesalePrice));
  if (price !== undefined && wholesalePrice !== undefined) {
    const problem = wholesaleProblem(wholesalePrice, price);
    if (problem) problems.wholesalePrice = problem;
  }
  const para = take('para', readOptionalText(form.para, PRODUCT_FIELDS.para.max));
  // Only the name, category, price and a colour with a photo are required: a specification left
  // empty is not stored, and the shop shows none for it.
  const specs: Partial<Specs> = {};
  for (const f of SPEC_FIELDS) {
    const value = take(`specs.${f}`, readOptionalText(form.specs[f], SPEC_DECLARATIONS[f].max));
    if (value) specs[f] = value;
  }
  const colorImages = readColours(form.colours, problems);
  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return {
    ok: true,
    product: {
      _id: id,
      productName: productName as string,
      maker: maker as string,
      category: category as Category,
      colors: colorImages.map((c) => c.color),
      colorImages,
      price: price as number,
      discountPercent: discountPercent as number,
      wholesalePrice: wholesalePrice as number | null,
      stock: true,
      bestSeller: form.bestSeller,
      para: para as string,
      specs,
    },
  };
}

/** The colours of a form, each read as a sheet's colour, swatch and images cells are. */
function readColours(
  colours: readonly ColourForm[],
  problems: FormProblems,
): Product['colorImages'] {
  if (colours.length === 0)
    problems.colours = `has no colour; a product has 1 to ${MAX_COLOURS} colours`;
  if (colours.length > MAX_COLOURS)
    problems.colours = `has ${colours.length} colours; at most ${MAX_COLOURS}`;
  const read: Product['colorImages'] = [];
  const seen = new Map<string, number>();
  colours.forEach((c, i) => {
    const at = `colours.${i}`;
    const swatch = readSwatch(c.swatch);
    if (!swatch.ok) problems[`${at}.swatch`] = swatch.problem;
    const colour = readColour(c.color, swatch.ok ? swatch.value : null);
    if (!colour.ok) problems[`${at}.color`] = colour.problem;
    const images = readImages(c.images.join('|'));
    if (!images.ok) problems[`${at}.images`] = images.problem;
    if (!colour.ok || !images.ok || !swatch.ok) return;
    const before = seen.get(colourKey(colour.value));
    if (before !== undefined) {
      problems[`${at}.color`] = `${quoted(colour.value)} is already colour ${before + 1}`;
      return;
    }
    seen.set(colourKey(colour.value), i);
    read.push({
      color: colour.value,
      images: images.value,
      ...(swatch.value ? { swatch: swatch.value } : {}),
    });
  });
  return read;
}

/**
 * The id a new product gets from its name, as the catalogue's ids are made ("Margalla Commuter
 * Laptop Bagpack" is margalla-commuter-laptop-bagpack): lowercase letters and digits joined by
 * hyphens, accents dropped, at most 60 characters (room for a `-2` when it is taken), at least 3.
 */
export function productIdFor(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  // 'new' would be the address of the Add product screen (#/products/new).
  return slug.length >= 3 && slug !== 'new' ? slug : `product-${slug || 'new'}`;
}

/** The `n`th id to try for a name: the slug, then slug-2, slug-3… */
export function nthProductId(name: string, n: number): string {
  const base = productIdFor(name);
  return n <= 1 ? base : `${base}-${n}`;
}

/** The most photos a colour may hold, as the import allows. */
export { MAX_IMAGES };

/** What the desk's editor calls answer and the editor says. */
export const EDITOR_ANSWERS = {
  saved: (name: string) => `${name} saved. Not live until the owner publishes.`,
  created: (name: string, id: string) =>
    `${name} added. Not live until the owner publishes; its page will then be ${productPath(id)}.`,
  unchanged: (name: string) => `${name} had no changes to save.`,
  copied: (name: string) =>
    `Copied from ${name}: category, maker, prices, description and specifications, where empty. Name, colours and photos are this product's own.`,
  problems: (n: number) =>
    n === 1
      ? 'One field needs attention; nothing was saved.'
      : `${n} fields need attention; nothing was saved.`,
  changedSince:
    'Someone else saved this product after you opened it, so yours was not saved. Reload it to see their changes, then make yours again.',
  versionNeeded: 'Send the version of the product you opened (reload it and try again).',
  notStored: (path: string) => `photo ${path} is not in the photo store; upload it again`,
  notPhotoPath: (path: string) =>
    `${quoted(path)} is not a photo of this shop; upload the photo instead`,
  uploaded: (name: string) => (name ? `Photo ${name} uploaded.` : 'Photo uploaded.'),
  /** The desk's own words once the photo is on its colour: its place and the colour's name. */
  photoAdded: (position: number, colour: string, colourNumber: number) =>
    `Photo ${position} of ${colour.trim() || `colour ${colourNumber}`} uploaded.`,
  notImage: 'Send the photo itself as image/jpeg, image/png or image/webp.',
  uploadTooLarge: (max: number) =>
    `The photo is larger than ${max / (1024 * 1024)} MB. Take it at a lower resolution or pick a smaller one.`,
  uploadEmpty: 'The photo is empty.',
} as const;

/** The largest photo the desk accepts in one upload (Netlify Functions take at most 6 MB a request). */
export const MAX_UPLOAD_BYTES = 4 * 1024 * 1024;

/** The header the desk sends a photo's file name in, so a refusal names the file as the import does. */
export const PHOTO_NAME_HEADER = 'x-photo-name';
