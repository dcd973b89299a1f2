// A cart's limits alone, with no imports, so the request schemas can name them without the cart rules.

/** The smallest quantity a cart line may hold (docs/product.md §5). */
export const MIN_QUANTITY = 1;

/** The largest quantity a cart line may hold (docs/product.md §5). */
export const MAX_QUANTITY = 100;

/** The most lines (product, colour, picture) a cart or an order may hold; add, merge and order share it. */
export const MAX_CART_LINES = 50;
