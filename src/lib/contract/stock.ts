// The answer of GET /api/stock, named by the endpoint table through
// STOREFRONT_ANSWERS. The desk's product calls have theirs in ./desk-stock.ts, kept apart so that no
// storefront page ships them. The product page reads this answer with src/client/stock.ts, which
// checks the few fields it uses by hand, without zod.
import * as z from 'zod/mini';

/** One colour's stock in an answer. */
export const colourStockSchema = z.object({ color: z.string(), inStock: z.boolean() });

/** The stock call's answer: each asked product on sale, colour by colour (archived and unknown ids left out). */
export const stockAnswerSchema = z.object({
  success: z.literal(true),
  products: z.array(z.object({ _id: z.string(), colours: z.array(colourStockSchema) })),
});
