/** The product fields that decide a price; all amounts are integer PKR. */
export type PriceFields = {
  price: number;
  discountPercent?: unknown;
  wholesalePrice?: number | null;
};

/**
 * Quantity of one product in a cart or an order, across all its colour lines, from which the
 * wholesale unit price applies to every one of those lines (docs/product.md §9).
 */
export const WHOLESALE_MIN_QUANTITY = 50;

/** The under-999 page lists products whose rounded discounted price is at most this (docs/product.md §9). */
export const UNDER_999_LIMIT = 999;

/** Whether a discount applies: discountPercent is a finite number and not zero (docs/product.md §5). */
export function hasDiscount(p: PriceFields): boolean {
  const d = p.discountPercent;
  return typeof d === 'number' && Number.isFinite(d) && d !== 0;
}

/** The price after discount: round(price − price × discountPercent / 100), or the price itself. */
export function discountedPrice(p: PriceFields): number {
  if (!hasDiscount(p)) return p.price;
  const d = p.discountPercent as number;
  return Math.round(p.price - (p.price * d) / 100);
}

/** Whether the product has a usable wholesale price (a positive finite number). */
export function hasWholesalePrice(p: PriceFields): boolean {
  const w = p.wholesalePrice;
  return typeof w === 'number' && Number.isFinite(w) && w > 0;
}

/**
 * The unit price of a product when the cart or order holds `productQuantity` of it across all its
 * colour lines: the wholesale price at 50 or more when one exists, else the discounted price.
 * A reseller's 30 Black and 30 Navy of one bag are 60 of it, so both lines get the wholesale price.
 */
export function unitPrice(p: PriceFields, productQuantity: number): number {
  if (productQuantity >= WHOLESALE_MIN_QUANTITY && hasWholesalePrice(p))
    return p.wholesalePrice as number;
  return discountedPrice(p);
}

/** A line's total: the unit price at the product's quantity across its lines × the line's quantity. */
export function lineTotal(p: PriceFields, quantity: number, productQuantity: number): number {
  return unitPrice(p, productQuantity) * quantity;
}

/**
 * How many of each product a cart or an order holds, summed over its colour and picture lines: the
 * quantity the wholesale rule counts (`unitPrice`). Quantities that are not positive integers count 0.
 */
export function productQuantities(
  lines: Iterable<{ readonly productId: string; readonly quantity: number }>,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const { productId, quantity } of lines) {
    const counted = Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0;
    totals.set(productId, (totals.get(productId) ?? 0) + counted);
  }
  return totals;
}

/** The whole percent saved versus the base price at this quantity of the product; 0 when nothing is saved. */
export function savedPercent(p: PriceFields, productQuantity = 1): number {
  if (!(p.price > 0)) return 0;
  const saved = Math.round(((p.price - unitPrice(p, productQuantity)) / p.price) * 100);
  return saved > 0 ? saved : 0;
}

/** Whether the product belongs on /under999: its rounded discounted price is at most 999. */
export function isUnder999(p: PriceFields): boolean {
  return discountedPrice(p) <= UNDER_999_LIMIT;
}
