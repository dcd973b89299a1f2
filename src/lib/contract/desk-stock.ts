// The schemas of the desk's product stock, archive, restore and delete
// calls, spread into DESK_REQUESTS and DESK_ANSWER_SCHEMAS. Only ./desk.ts imports this module.
import * as z from 'zod/mini';
import { colorSchema, itemIdSchema } from './fields.ts';
import { colourStockSchema } from './stock.ts';

const success = z.literal(true);

/** One product's live state as the desk shows it. */
export const deskProductStateSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  /** docs/product.md §3's flag: true while any colour is in stock. */
  stock: z.boolean(),
  colours: z.array(colourStockSchema),
  archived: z.boolean(),
  archivedAt: z.nullable(z.string()),
});

/** Bodies of the desk's product calls. */
export const STOCK_REQUESTS = {
  deskProductStock: z.object({
    productId: itemIdSchema,
    color: colorSchema,
    inStock: z.boolean({ error: 'inStock must be true or false' }),
  }),
  deskProduct: z.object({ productId: itemIdSchema }),
  // The list, searched and filtered.
  deskProducts: z.object({
    q: z.optional(z.string().check(z.maxLength(100, 'Search must be at most 100 characters'))),
    show: z.optional(z.enum(['live', 'archived', 'all'], { error: 'Show live, archived or all' })),
  }),
} as const;

/** Answers of the desk's product calls. */
export const STOCK_ANSWER_SCHEMAS = {
  deskProductState: z.object({ success, message: z.string(), product: deskProductStateSchema }),
  deskProductDeleted: z.object({ success, message: z.string(), productId: z.string() }),
  deskProductList: z.object({
    success,
    products: z.array(deskProductStateSchema),
    /** Products live and archived in the whole catalogue, whatever the search. */
    counts: z.object({ live: z.number(), archived: z.number() }),
  }),
} as const;

export type DeskProductState = z.infer<typeof deskProductStateSchema>;
export type DeskProductStockBody = z.infer<(typeof STOCK_REQUESTS)['deskProductStock']>;
export type DeskProductBody = z.infer<(typeof STOCK_REQUESTS)['deskProduct']>;
export type DeskProductsBody = z.infer<(typeof STOCK_REQUESTS)['deskProducts']>;
