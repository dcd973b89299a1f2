// The schemas of the desk's product editor calls (read one product for editing,
// save one, and the photo upload's answer), spread into DESK_REQUESTS and DESK_ANSWER_SCHEMAS. The
// form's fields are strings as typed: their rules are the import's (src/lib/product-form.ts), and
// this schema only bounds their shape and size.
import * as z from 'zod/mini';
import { productAnswerShape } from '../product.ts';
import {
  COLOUR_FIELDS,
  COLOURS_FIELD,
  PRODUCT_FIELDS,
  SPEC_DECLARATIONS,
  SPEC_FIELDS,
  type SpecField,
} from '../product-fields.ts';
import { itemIdSchema } from './fields.ts';

export { SPEC_FIELDS, type SpecField };

/** The most colours a product may have (the catalogue schema's limit). */
export const MAX_COLOURS = COLOURS_FIELD.max;

// The sizes below bound what a form may carry at all, well above each field's own limit, so that
// the field's limit is told by the reader's message ("is 130 characters long; at most 120 fit").

const success = z.literal(true);
const typed = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .check(z.maxLength(max, `${field} must be at most ${max} characters`));

/** The version of a product the editor read: a SHA-256 in hex. */
export const versionSchema = z
  .string({ error: 'version must be text' })
  .check(z.regex(/^[0-9a-f]{64}$/, 'version must be the version the product was read with'));

const colourLabel = (field: keyof typeof COLOUR_FIELDS) => `Colour ${COLOUR_FIELDS[field].label}`;

const colourFormSchema = z.strictObject({
  color: typed(colourLabel('color'), 200),
  swatch: typed(colourLabel('swatch'), 40),
  images: z
    .array(typed('Photo', 200), { error: `${colourLabel('images')} must be a list` })
    .check(z.maxLength(20, 'A colour has at most 20 photos')),
});

/** A field the form may leave out: read as empty. */
const optional = (field: string, max: number) => z._default(typed(field, max), '');

/**
 * The product form as the editor sends it (see ProductForm). Only the name, category, price and
 * colours must be sent; the rest (maker, description, discount, wholesale, the specifications)
 * may be left out and are then empty.
 */
export const productFormSchema = z.strictObject({
  productName: typed(PRODUCT_FIELDS.productName.label, 1000),
  maker: optional(PRODUCT_FIELDS.maker.label, 1000),
  category: typed(PRODUCT_FIELDS.category.label, 100),
  price: typed(PRODUCT_FIELDS.price.label, 100),
  discountPercent: optional(PRODUCT_FIELDS.discountPercent.label, 100),
  wholesalePrice: optional(PRODUCT_FIELDS.wholesalePrice.label, 100),
  bestSeller: z._default(
    z.boolean({ error: `${PRODUCT_FIELDS.bestSeller.label} must be true or false` }),
    false,
  ),
  para: optional(PRODUCT_FIELDS.para.label, 8000),
  specs: z._default(
    z.strictObject(
      Object.fromEntries(
        SPEC_FIELDS.map((f) => [f, optional(SPEC_DECLARATIONS[f].label, 1000)]),
      ) as Record<SpecField, ReturnType<typeof optional>>,
    ),
    () => Object.fromEntries(SPEC_FIELDS.map((f) => [f, ''])) as Record<SpecField, string>,
  ),
  colours: z
    .array(colourFormSchema, { error: `${COLOURS_FIELD.label} must be a list` })
    .check(
      z.maxLength(
        MAX_COLOURS * 2,
        `A product has at most ${MAX_COLOURS} ${COLOURS_FIELD.label.toLowerCase()}`,
      ),
    ),
});

/** The product form: each field as typed (prices and the discount as text, as a sheet cell). */
export type ProductForm = z.infer<typeof productFormSchema>;
/** One colour as the form holds it: its name and swatch as typed, its photos' site paths in order. */
export type ColourForm = ProductForm['colours'][number];

/** Bodies of the editor's calls. */
export const EDITOR_REQUESTS = {
  deskProductEdit: z.strictObject({ productId: itemIdSchema }),
  /** A new product without productId (its id comes from its name); an edit with the version read. */
  deskProductSave: z.strictObject({
    productId: z.optional(itemIdSchema),
    version: z.optional(versionSchema),
    product: productFormSchema,
  }),
} as const;

/** One product as the editor reads it, with the version to send back when saving. */
const editedSchema = z.object({
  success,
  product: productAnswerShape,
  version: z.string(),
  archived: z.boolean(),
});

/** Answers of the editor's calls. */
export const EDITOR_ANSWER_SCHEMAS = {
  deskProductEdited: editedSchema,
  deskProductSaved: z.object({
    success,
    message: z.string(),
    product: productAnswerShape,
    version: z.string(),
    archived: z.boolean(),
    created: z.boolean(),
  }),
  deskPhoto: z.object({
    success,
    message: z.string(),
    /** The photo's site path, `/photos/<sha256>.<ext>`, to put in a colour's images. */
    path: z.string(),
    width: z.number(),
    height: z.number(),
  }),
} as const;

export type DeskProductSaveBody = z.infer<(typeof EDITOR_REQUESTS)['deskProductSave']>;
export type DeskProductEdited = z.infer<typeof editedSchema>;
export type DeskPhoto = z.infer<(typeof EDITOR_ANSWER_SCHEMAS)['deskPhoto']>;
