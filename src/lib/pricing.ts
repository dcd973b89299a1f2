/** The product fields that decide a price; all amounts are integer PKR. */
export type PriceFields = {
  price: number;
  discountPercent?: unknown;
  wholesalePrice?: number | null;
};

/** Quantity per line from which the wholesale unit price applies (docs/product.md §9). */
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

/** The unit price for a line: the wholesale price at 50 or more when one exists, else the discounted price. */
export function unitPrice(p: PriceFields, quantity: number): number {
  if (quantity >= WHOLESALE_MIN_QUANTITY && hasWholesalePrice(p)) return p.wholesalePrice as number;
  return discountedPrice(p);
}

/** A line's total: unit price × quantity. */
export function lineTotal(p: PriceFields, quantity: number): number {
  return unitPrice(p, quantity) * quantity;
}

/** The whole percent saved versus the base price at this quantity; 0 when nothing is saved. */
export function savedPercent(p: PriceFields, quantity = 1): number {
  if (!(p.price > 0)) return 0;
  const saved = Math.round(((p.price - unitPrice(p, quantity)) / p.price) * 100);
  return saved > 0 ? saved : 0;
}

/** Whether the product belongs on /under999: its rounded discounted price is at most 999. */
export function isUnder999(p: PriceFields): boolean {
  return discountedPrice(p) <= UNDER_999_LIMIT;
}
