// Each product field said once: the label staff and shoppers read (the desk's editor, the product
// page), its limit (the catalogue schema, the sheet's and the form's readers) and its sheet column
// (the field's own name, in the order given here). The readers' messages, the editor's hints and
// the schema take their figures from here. docs/design.md, "Adding a product field", lists what
// else a new field touches.
import { WHOLESALE_MIN_QUANTITY } from './pricing.ts';
import { PRODUCT_ID_LENGTH } from './stock.ts';

/** The three categories the shop sells, as stored on each product. */
export const CATEGORIES = ['handbags', 'bagpacks', 'sleeves'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * A path on this site: one leading `/` (`//host/x.png` is another site to a browser, and the build
 * writes image paths into og:image and JSON-LD), word characters, hyphens, dots and slashes, and
 * no `..` segment.
 */
export const SITE_PATH = /^\/(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))[\w\-./]+$/;

/** A field as declared: its label and, where it has one, its limit and the hint shown under it. */
type Field = {
  readonly label: string;
  readonly min?: number;
  readonly max?: number;
  readonly hint?: string;
};

/** The most a product's discount may be, in percent. */
const MAX_DISCOUNT = 90;

/** The product's own fields, in the sheet's column order; `max` of a text is its characters. */
export const PRODUCT_FIELDS = {
  // Its pattern lives with live stock, whose small module the product page loads.
  _id: { label: 'Id', ...PRODUCT_ID_LENGTH },
  productName: { label: 'Name', max: 120 },
  maker: { label: 'Maker', max: 60 },
  category: { label: 'Category' },
  price: {
    label: 'Price (PKR)',
    max: 10_000_000,
    hint: 'Whole rupees, such as 4500, 4,500 or Rs 4,500.',
  },
  discountPercent: {
    label: 'Discount (%)',
    max: MAX_DISCOUNT,
    hint: `0 to ${MAX_DISCOUNT}, such as 10 or 10%; blank for none.`,
  },
  wholesalePrice: {
    label: `Wholesale price (PKR, ${WHOLESALE_MIN_QUANTITY} or more)`,
    hint: 'Below the price; blank for none.',
  },
  stock: { label: 'Stock' },
  bestSeller: { label: 'Best seller' },
  para: { label: 'Description', max: 4000 },
} as const satisfies Record<string, Field>;

/**
 * The specifications (docs/product.md §3), in the order the sheet, the editor and the product page
 * give them. Each is optional: the shop shows only those given.
 */
export const SPEC_DECLARATIONS = {
  material: { label: 'Material', max: 120 },
  compatibility: { label: 'Compatibility', max: 120 },
  texture: { label: 'Texture', max: 120 },
  closure: { label: 'Closure', max: 120 },
  compartment: { label: 'Compartments', max: 120 },
  zips: { label: 'Zips', max: 120 },
  strap: { label: 'Strap', max: 120 },
  length: { label: 'Length', max: 40 },
  width: { label: 'Width', max: 40 },
  height: { label: 'Height', max: 40 },
  weight: { label: 'Weight', max: 40 },
} as const satisfies Record<string, Field>;

/** The product's colours as a list: `max` is how many a product may have. */
export const COLOURS_FIELD = { label: 'Colours', max: 8 } as const satisfies Field;

/**
 * One colour's fields, in the sheet's column order after the specifications; the editor labels
 * them per colour ("Colour 2 name"). `max` of `images` is how many photos a colour may have.
 */
export const COLOUR_FIELDS = {
  color: { label: 'name', max: 40 },
  images: { label: 'photos', max: 8 },
  swatch: {
    label: 'swatch',
    hint: 'Only for a colour not in the list: its paint as #rrggbb, such as #5b6b2f.',
  },
} as const satisfies Record<string, Field>;

const keysOf = <T extends object>(o: T) => Object.keys(o) as (keyof T & string)[];

/** A specification's field name. */
export type SpecField = keyof typeof SPEC_DECLARATIONS;

/** The specifications in their order: the sheet's columns and the editor's fields. */
export const SPEC_FIELDS: readonly SpecField[] = keysOf(SPEC_DECLARATIONS);

/** A sheet column: a product field, a specification or a colour's field. */
export type Column = keyof typeof PRODUCT_FIELDS | SpecField | keyof typeof COLOUR_FIELDS;

/**
 * The sheet's columns, in order: one row per product and colour. `images` holds the colour's
 * photos separated by `|`; `swatch` the paint (#rrggbb) of a colour outside the swatch table.
 */
export const CSV_COLUMNS: readonly Column[] = [
  ...keysOf(PRODUCT_FIELDS),
  ...SPEC_FIELDS,
  ...keysOf(COLOUR_FIELDS),
];
