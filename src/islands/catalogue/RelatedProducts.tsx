import type { CardProduct } from './card-product.ts';
import { ProductGrid } from './ProductGrid.tsx';
import './catalogue.css';

/** The product page's 'You Might Also Like' strip. */
export default function RelatedProducts({ products }: { products: CardProduct[] }) {
  return <ProductGrid products={products} strip />;
}
