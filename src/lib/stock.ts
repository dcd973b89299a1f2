// Live stock: each colour of a product is in or out of stock on its own, and a product
// may be archived (hidden from the shop, kept for old orders and the desk). The docs/product.md §3 `stock`
// boolean stays on every product and is derived: true while any colour is in stock.
// Pure rules only: the store keeps the state (src/server/store), the shop reads it through
// GET /api/stock. This module stays small and schema-free: the product page's bundle imports it.

/** The most product ids one stock call may ask about (a cart holds at most 50 lines). */
export const MAX_STOCK_IDS = 50;

/** The length of a product id: the catalogue's `_id` field's limits (src/lib/product-fields.ts). */
export const PRODUCT_ID_LENGTH = { min: 3, max: 64 } as const;

/** A product id as the catalogue writes them (src/lib/product.ts `_id`). */
export const PRODUCT_ID = new RegExp(
  `^[a-z0-9-]{${PRODUCT_ID_LENGTH.min},${PRODUCT_ID_LENGTH.max}}$`,
);

/** What a product id is, in words. */
export const PRODUCT_ID_RULE = `${PRODUCT_ID_LENGTH.min}-${PRODUCT_ID_LENGTH.max} lowercase letters, digits or hyphens`;

/** One colour's live stock. */
export interface ColourStock {
  color: string;
  inStock: boolean;
}

/** One product's live stock, colour by colour, in catalogue order. */
export interface ProductStock {
  _id: string;
  colours: ColourStock[];
}

/** Whether a product with these colours, `soldOut` of them marked sold out, is in stock (docs/product.md §3 `stock`). */
export function anyColourInStock(colors: readonly string[], soldOut: readonly string[]): boolean {
  return colors.some((c) => !soldOut.includes(c));
}

/** Each colour's stock, given the colours marked sold out. */
export function colourStock(colors: readonly string[], soldOut: readonly string[]): ColourStock[] {
  return colors.map((color) => ({ color, inStock: !soldOut.includes(color) }));
}

/**
 * The colours marked sold out after an import writes a product with `stock` and `colors`: `stock:
 * false` marks every colour sold out; `stock: true` keeps the marks of colours still listed (the
 * desk's live state survives a spreadsheet round trip, whose `stock` column says true while any
 * colour is in), unless they would cover every colour: then the sheet's "in stock" wins and all
 * colours are in.
 */
export function soldOutAfterImport(
  product: { stock: boolean; colors: readonly string[] },
  previousSoldOut: readonly string[],
): string[] {
  if (!product.stock) return [...product.colors];
  const kept = product.colors.filter((c) => previousSoldOut.includes(c));
  return kept.length === product.colors.length ? [] : kept;
}

/**
 * Whether a colour is in stock as last read (per product id: its colours, or 'gone' when archived
 * or deleted): true/false, or null when not known yet. Colours match ignoring case.
 */
export function colourInStock(
  stock: Readonly<Record<string, readonly ColourStock[] | 'gone'>>,
  productId: string,
  color: string,
): boolean | null {
  const colours = stock[productId];
  if (colours === undefined) return null;
  if (colours === 'gone') return false;
  return colours.some((c) => c.color.toLowerCase() === color.toLowerCase() && c.inStock);
}

/**
 * The ids of a stock call's `ids` query (comma separated), or why they are refused: at least one,
 * at most MAX_STOCK_IDS, each a catalogue id. Repeats are dropped.
 */
export function parseStockIds(query: string | null): { ids: string[] } | { error: string } {
  const ids = [
    ...new Set(
      (query ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) return { error: 'Ask for at least one product: ?ids=<id>,<id>' };
  if (ids.length > MAX_STOCK_IDS)
    return { error: `Ask for at most ${MAX_STOCK_IDS} products at a time` };
  const bad = ids.find((id) => !PRODUCT_ID.test(id));
  if (bad !== undefined)
    return {
      error: `${JSON.stringify(bad.slice(0, 70))} is not a product id (${PRODUCT_ID_RULE})`,
    };
  return { ids };
}
