// zod/mini: the browser parses the product list with these schemas (src/lib/contract/responses.ts).
import * as z from 'zod/mini';

/** The three categories the shop sells, as stored on each product. */
export const CATEGORIES = ['handbags', 'bagpacks', 'sleeves'] as const;
export type Category = (typeof CATEGORIES)[number];

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));
/** Text a product may leave empty (a maker or a description not given): '' when not given. */
const optionalText = (max: number) => z.string().check(z.trim(), z.maxLength(max));
/** A specification: absent when not given, never an empty string (shoppers are shown none). */
const spec = (max: number) => z.optional(text(max));

/**
 * Product specifications shown in the Description accordion (docs/product.md §3). Each is
 * optional: a product added in a minute has none, and the shop shows only those given.
 */
export const specsSchema = z.strictObject({
  material: spec(120),
  compatibility: spec(120),
  texture: spec(120),
  closure: spec(120),
  compartment: spec(120),
  zips: spec(120),
  strap: spec(120),
  length: spec(40),
  width: spec(40),
  height: spec(40),
  weight: spec(40),
});

/**
 * A path on this site: one leading `/` (`//host/x.png` is another site to a browser, and the build
 * writes image paths into og:image and JSON-LD), word characters, hyphens, dots and slashes, and
 * no `..` segment.
 */
export const SITE_PATH = /^\/(?!\/)(?!(?:.*\/)?\.\.(?:\/|$))[\w\-./]+$/;

/** One colour variant's images, in gallery order. */
export const colorImagesSchema = z.strictObject({
  color: text(40),
  images: z
    .array(
      z
        .string()
        .check(z.regex(SITE_PATH, 'must be a site-relative path (one leading /, no .. segments)')),
    )
    .check(z.minLength(1), z.maxLength(8)),
  // A colour outside the swatch table carries its own paint (a colour
  // without one must be in the table: src/lib/catalogue-sheet.ts colourProblems).
  swatch: z.optional(z.string().check(z.regex(/^#[0-9a-f]{6}$/, 'must be a colour code #rrggbb'))),
});

/** A catalogue product's fields exactly as docs/product.md §3 names them; prices are integer PKR. */
export const productShape = z.strictObject({
  _id: z
    .string()
    .check(z.regex(/^[a-z0-9-]{3,64}$/, 'must be 3-64 lowercase letters, digits or hyphens')),
  productName: text(120),
  maker: optionalText(60),
  category: z.enum(CATEGORIES),
  colors: z.array(text(40)).check(z.minLength(1), z.maxLength(8)),
  colorImages: z.array(colorImagesSchema).check(z.minLength(1), z.maxLength(8)),
  price: z.int().check(z.positive(), z.lte(10_000_000)),
  discountPercent: z.number().check(z.gte(0), z.lte(90)),
  wholesalePrice: z.nullable(z.int().check(z.positive())),
  stock: z.boolean(),
  bestSeller: z.boolean(),
  para: optionalText(4000),
  specs: specsSchema,
});

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

/** The eleven specifications in docs/product.md §3 order: the CSV's columns and the desk editor's fields. */
export const SPEC_FIELDS = [
  'material',
  'compatibility',
  'texture',
  'closure',
  'compartment',
  'zips',
  'strap',
  'length',
  'width',
  'height',
  'weight',
] as const satisfies readonly (keyof Specs)[];

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
