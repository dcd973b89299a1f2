import type { Product } from '../../lib/product.ts';
import { ownSwatches } from '../../lib/swatches.ts';

/** The product fields a card, the filters and the sorts read: what grids receive as island props. */
export type CardProduct = Pick<
  Product,
  | '_id'
  | 'productName'
  | 'maker'
  | 'category'
  | 'colors'
  | 'price'
  | 'discountPercent'
  | 'wholesalePrice'
  | 'stock'
> & {
  /** The first image of each colour, in `colors` order. */
  images: string[];
  /** The paint of each colour the product gives its own swatch (absent when none does). */
  swatches?: Record<string, string>;
};

/** A product reshaped for a card (run at build time, so island props stay small). */
export function toCardProduct(p: Product): CardProduct {
  return {
    _id: p._id,
    productName: p.productName,
    maker: p.maker,
    category: p.category,
    colors: p.colors,
    price: p.price,
    discountPercent: p.discountPercent,
    wholesalePrice: p.wholesalePrice,
    stock: p.stock,
    images: p.colorImages.map((c) => c.images[0] ?? ''),
    ...(ownSwatches(p.colorImages) && { swatches: ownSwatches(p.colorImages) }),
  };
}

/**
 * Card products typed as products for the src/lib catalogue queries, which read only the fields a
 * card keeps (name, category, colours, price, discount, stock).
 */
export const asProducts = <T extends CardProduct>(list: readonly T[]): Product[] =>
  list as unknown as Product[];

/** The variant image for a pointer at `x` across the card image: one equal band per colour. */
export function variantAt(x: number, width: number, count: number): number {
  if (!(width > 0) || count < 2) return 0;
  return Math.min(count - 1, Math.max(0, Math.floor((x / width) * count)));
}
