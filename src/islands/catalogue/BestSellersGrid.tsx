import { useState } from 'react';
import { BEST_SELLERS_PAGE, BEST_SELLERS_STEP } from '../../lib/catalogue.ts';
import type { CardProduct } from './card-product.ts';
import { ProductGrid } from './ProductGrid.tsx';
import './catalogue.css';

/** The home page's 'Shop The Best' grid: 8 best sellers, and Load More adds 4. */
export default function BestSellersGrid({ products }: { products: CardProduct[] }) {
  const [shown, setShown] = useState(BEST_SELLERS_PAGE);
  return (
    <>
      <ProductGrid products={products.slice(0, shown)} />
      {shown < products.length && (
        <button
          type="button"
          className="button load-more"
          onClick={() => setShown(shown + BEST_SELLERS_STEP)}
        >
          Load More
        </button>
      )}
    </>
  );
}
