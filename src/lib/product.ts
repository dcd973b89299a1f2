// zod/mini: the browser parses the product list with these schemas (src/lib/contract/responses.ts).
// Every limit comes from the fields' declaration (src/lib/product-fields.ts).
import * as z from 'zod/mini';
import {
  CATEGORIES,
  COLOUR_FIELDS,
  COLOURS_FIELD,
  PRODUCT_FIELDS,
  SITE_PATH,
  SPEC_DECLARATIONS,
  SPEC_FIELDS,
  type SpecField,
} from './product-fields.ts';
import { PRODUCT_ID, PRODUCT_ID_RULE } from './stock.ts';

export { CATEGORIES, SITE_PATH, SPEC_FIELDS };
export type { Category } from './product-fields.ts';

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** Text a product may leave empty (a maker or a description not given): '' when not given. */
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max));
/** A specification: absent when not given, never an empty string (shoppers are shown none). */
const spec = (max: number) => z.optional(text(max));

const specFields = Object.fromEntries(
  SPEC_FIELDS.map((f) => [f, spec(SPEC_DECLARATIONS[f].max)]),
) as Record<SpecField, ReturnType<typeof spec>>;

/**
 * Product specifications shown in the Description accordion (docs/product.md §3). Each is
 * optional: a product added in a minute has none, and the shop shows only those given.
 */
export const specsSchema = z.strictObject(specFields);

const colourFields = {
  color: text(COLOUR_FIELDS.color.max),
  images: z
    .array(
      z
        .string()
        .check(z.regex(SITE_PATH, 'must be a site-relative path (one leading /, no .. segments)')),
    )
    .check(z.minLength(1), z.maxLength(COLOUR_FIELDS.images.max)),
  // A colour outside the swatch table carries its own paint (a colour
  // without one must be in the table: src/lib/catalogue-sheet.ts colourProblems).
  swatch: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/, 'must be a colour code #rrggbb'))),
};

/** One colour variant's images, in gallery order. */
export const colorImagesSchema = z.strictObject(colourFields);

/** A product's fields, with its specifications and colours read by the schemas given. */
function productFields<S extends z.ZodMiniType, C extends z.ZodMiniType>(specs: S, colour: C) {
  return {
    _id: z.string().check(z.regex(PRODUCT_ID, `must be ${PRODUCT_ID_RULE}`)),
    productName: text(PRODUCT_FIELDS.productName.max),
    maker: optionalText(PRODUCT_FIELDS.maker.max),
    category: z.enum(CATEGORIES),
    colors: z
      .array(text(COLOUR_FIELDS.color.max))
      .check(z.minLength(1), z.maxLength(COLOURS_FIELD.max)),
    colorImages: z.array(colour).check(z.minLength(1), z.maxLength(COLOURS_FIELD.max)),
    price: z.int().check(z.positive(), z.lte(PRODUCT_FIELDS.price.max)),
    discountPercent: z.number().check(z.gte(0), z.lte(PRODUCT_FIELDS.discountPercent.max)),
    wholesalePrice: z.nullable(z.int().check(z.positive())),
    stock: z.boolean(),
    bestSeller: z.boolean(),
    para: optionalText(PRODUCT_FIELDS.para.max),
    specs,
  };
}

/** A catalogue product's fields exactly as docs/product.md §3 names them; prices are integer PKR. */
export const productShape = z.strictObject(productFields(specsSchema, colorImagesSchema));

/**
 * A product as the browser reads it from an answer: the same fields, and any field it does not
 * know dropped, so a field added to the shop later never breaks a tab opened before.
 */
export const productAnswerShape = z.object(
  productFields(z.object(specFields), z.object(colourFields)),
);

/** A catalogue product: its fields, and the rules between them (colours match, wholesale below price). */
export const productSchema = productShape.check(
  z.superRefine((p, ctx) => {
    const imageColours = p.colorImages.map((c) => c.color);
    if (imageColours.join('\u0000') !== p.colors.join('\u0000')) {
      ctx.addIssue({
        code: 'custom',
        path: ['colorImages'],
        message: 'must list one entry per colour, in the same order as colors',
      });
    }
    if (new Set(p.colors).size !== p.colors.length) {
      ctx.addIssue({ code: 'custom', path: ['colors'], message: 'must not repeat a colour' });
    }
    if (p.wholesalePrice !== null && p.wholesalePrice >= p.price) {
      ctx.addIssue({
        code: 'custom',
        path: ['wholesalePrice'],
        message: 'must be lower than price',
      });
    }
  }),
);

export type Product = z.infer<typeof productSchema>;
export type Specs = z.infer<typeof specsSchema>;

/** A whole catalogue file: a list of products with unique ids. */
export const catalogueSchema = z.array(productSchema).check(
  z.superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((p, i) => {
      if (seen.has(p._id))
        ctx.addIssue({ code: 'custom', path: [i, '_id'], message: `duplicate id ${p._id}` });
      seen.add(p._id);
    });
  }),
);
