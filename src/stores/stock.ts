// The shop's current stock, colour by colour, as GET /api/stock answered
// it. The product page's buy box and the cart read it; the static page's "In Stock" was true at
// build time, and this answer wins once it comes. The call itself is in ./load-stock.ts, so the
// cart panel of every page can read this store without shipping the call.
import { map } from 'nanostores';
import type { ColourStock } from '../lib/stock.ts';

export { colourInStock } from '../lib/stock.ts';

/** Per product id: its colours' stock, or 'gone' (archived or deleted). Absent: not asked yet. */
export const $stock = map<Record<string, ColourStock[] | 'gone'>>({});
