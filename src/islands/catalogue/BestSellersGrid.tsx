import { useState } from 'react';
import { BEST_SELLERS_PAGE, BEST_SELLERS_STEP } from '../../lib/catalogue.ts';
import type { CardProduct } from './card-product.ts';
import { useFocusFirstNewCard } from './load-more-focus.ts';
import { ProductGrid } from './ProductGrid.tsx';
import './catalogue.css';

/** The home page's 'Shop The Best' grid: 8 best sellers, and Load More adds 4. */
export default function BestSellersGrid({ products }: { products: CardProduct[] }) {
  const [shown, setShown] = useState(BEST_SELLERS_PAGE);
  const newCards = useFocusFirstNewCard(shown, shown < products.length);
  return (
    <>
      <ProductGrid products={products.slice(0, shown)} listRef={newCards.list} />
      {shown < products.length && (
        <button
          type="button"
          className="button load-more"
          onClick={() => {
            newCards.loading(shown);
            setShown(shown + BEST_SELLERS_STEP);
          }}
        >
          Load More
        </button>
      )}
    </>
  );
}
