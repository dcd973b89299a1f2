import type { Ref } from 'react';
import type { CardProduct } from './card-product.ts';
import { ProductCard } from './ProductCard.tsx';

/** A grid (or, with `strip`, a scrolling row) of product cards; the first `eager` images load at once. */
export function ProductGrid({
  products,
  eager = 0,
  strip = false,
  listRef,
}: {
  products: readonly CardProduct[];
  eager?: number;
  strip?: boolean;
  listRef?: Ref<HTMLUListElement>;
}) {
  return (
    <ul
      ref={listRef}
      className={strip ? 'product-strip' : 'product-grid'}
      data-testid="product-grid"
    >
      {products.map((p, i) => (
        <li key={p._id}>
          <ProductCard product={p} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}
