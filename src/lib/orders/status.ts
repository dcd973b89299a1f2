// The order statuses alone, with no imports, so the answer schemas can name them without
// bringing in the rest of the order rules (src/lib/orders/moves.ts re-exports them).

/** An order's statuses in the order they happen, then Cancelled (docs/product.md §4). */
export const ORDER_STATUSES = [
  'Order Placed',
  'Packing',
  'Out for Delivery',
  'Delivered',
  'Cancelled',
] as const;

/** One of an order's statuses. */
export type OrderStatus = (typeof ORDER_STATUSES)[number];
