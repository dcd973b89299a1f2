import type { Ref } from 'react';
import type { CardProduct } from './card-product.ts';
import { ProductCard } from './ProductCard.tsx';

/** A grid (or, with `strip`, a scrolling row) of product cards; the first `eager` images load at once. */
export function ProductGrid({
  products,
  eager = 0,
  strip = false,
  listRef,
  colours = [],
}: {
  products: readonly CardProduct[];
  eager?: number;
  strip?: boolean;
  listRef?: Ref<HTMLUListElement>;
  /** The colour filter in force: each card shows, and opens in, its first colour among them. */
  colours?: readonly string[];
}) {
  return (
    <ul
      ref={listRef}
      className={strip ? 'product-strip' : 'product-grid'}
      data-testid="product-grid"
    >
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard
            product={p}
            eager={i < eager}
            colour={p.colors.find((c) => colours.includes(c))}
          />
        </li>
      ))}
    </ul>
  );
}
