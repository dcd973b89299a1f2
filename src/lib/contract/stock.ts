// live-stock (issue 23): the schemas of GET /api/stock and of the desk's product stock, archive,
// restore and delete calls, spread into REQUESTS and ANSWERS so the endpoint table can name them.
// This module imports only leaf modules. The product page never imports it: it reads the stock
// answer with src/client/stock.ts, which checks the few fields it uses by hand.
import * as z from 'zod/mini';
import { colorSchema, requiredText } from './fields.ts';

const success = z.literal(true);
const productIdSchema = requiredText('Product id is required', 64);
const colourStockSchema = z.object({ color: z.string(), inStock: z.boolean() });

/** One product's live state as the desk shows it. */
export const deskProductStateSchema = z.object({
  _id: z.string(),
  productName: z.string(),
  /** SPEC §3's flag: true while any colour is in stock. */
  stock: z.boolean(),
  colours: z.array(colourStockSchema),
  archived: z.boolean(),
  archivedAt: z.nullable(z.string()),
});

/** Bodies of the desk's product calls. */
export const STOCK_REQUESTS = {
  deskProductStock: z.object({
    productId: productIdSchema,
    color: colorSchema,
    inStock: z.boolean({ error: 'inStock must be true or false' }),
  }),
  deskProduct: z.object({ productId: productIdSchema }),
} as const;

/** Answers of the stock call (storefront) and the desk's product calls. */
export const STOCK_ANSWER_SCHEMAS = {
  stock: z.object({
    success,
    /** Each asked product that is on sale, colour by colour; archived and unknown ids are left out. */
    products: z.array(z.object({ _id: z.string(), colours: z.array(colourStockSchema) })),
  }),
  deskProductState: z.object({ success, message: z.string(), product: deskProductStateSchema }),
  deskProductDeleted: z.object({ success, message: z.string(), productId: z.string() }),
} as const;

export type DeskProductState = z.infer<typeof deskProductStateSchema>;
export type DeskProductStockBody = z.infer<(typeof STOCK_REQUESTS)['deskProductStock']>;
export type DeskProductBody = z.infer<(typeof STOCK_REQUESTS)['deskProduct']>;
