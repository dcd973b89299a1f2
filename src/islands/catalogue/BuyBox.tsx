import { useEffect, useState } from 'react';
import { loadProducts, productListMessage } from '../../stores/catalogue.ts';
import {
  discountedPrice,
  hasWholesalePrice,
  savedPercent,
  unitPrice,
  WHOLESALE_MIN_QUANTITY,
} from '../../lib/pricing.ts';
import type { Product } from '../../lib/product.ts';
import { addItem } from '../../stores/cart.ts';
import { notify } from '../../stores/notices.ts';
import { openCartPanel } from '../../stores/ui.ts';
import { useHydratedStore } from '../shared/hooks.ts';
import { Price } from '../shared/Price.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import { $selectedColour } from './product-view.ts';
import { swatchColour } from '../../lib/swatches.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import './product.css';

/** The product fields the buy box reads. */
export type BuyBoxProduct = Pick<
  Product,
  '_id' | 'productName' | 'colors' | 'price' | 'discountPercent' | 'wholesalePrice' | 'stock'
>;

/** Refreshes price and stock from GET /api/product/list once, in case the static page is stale. */
function useLiveProduct(initial: BuyBoxProduct): { product: BuyBoxProduct; loading: boolean } {
  const [product, setProduct] = useState(initial);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let alive = true;
    setLoading(true);
    loadProducts()
      .then((products) => {
        const fresh = products.find((p) => p._id === initial._id);
        if (alive && fresh) {
          const { price, discountPercent, wholesalePrice, stock } = fresh;
          setProduct((p) => ({ ...p, price, discountPercent, wholesalePrice, stock }));
        }
      })
      .catch((error: unknown) => notify(productListMessage(error), 'error'))
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [initial._id]);
  return { product, loading };
}

/** The product page's buying box: stock, price, savings, wholesale banner, colours, favourite, quantity, Add To Cart. */
export default function BuyBox({ product: initial }: { product: BuyBoxProduct }) {
  const { product, loading } = useLiveProduct(initial);
  const chosen = useHydratedStore($selectedColour, '');
  const colour = product.colors.includes(chosen) ? chosen : product.colors[0]!;
  const [quantity, setQuantity] = useState(1);
  const unit = unitPrice(product, quantity);
  const saved = savedPercent(product, quantity);
  const wholesale = quantity >= WHOLESALE_MIN_QUANTITY && hasWholesalePrice(product);

  const addToCart = async () => {
    await addItem({ itemId: product._id, selectedColor: colour, imageIndex: 0, quantity });
    openCartPanel();
  };

  return (
    <div className="buy-box">
      <p
        className={`stock ${loading ? '' : product.stock ? 'in' : 'out'}`}
        data-testid="stock"
        aria-live="polite"
      >
        {loading ? 'Loading...' : product.stock ? 'In Stock' : 'Out of Stock'}
      </p>
      <p className="buy-price">
        <Price pkr={unit} className="now" />
        {unit < product.price && <Price pkr={product.price} strike className="was" />}
        {saved > 0 && <span className="saved">{`You save ${saved}%`}</span>}
      </p>
      {wholesale && (
        <p className="wholesale" role="status">
          Congratulations! You have unlocked our wholesale price of <Price pkr={unit} /> per item,
          instead of <Price pkr={discountedPrice(product)} />.
        </p>
      )}
      <fieldset className="colours">
        <legend>
          Colour: <strong>{colour}</strong>
        </legend>
        <div className="colour-options">
          {product.colors.map((c) => (
            <label key={c} className="colour-option" title={c}>
              <input
                type="radio"
                name="colour"
                value={c}
                checked={c === colour}
                onChange={() => $selectedColour.set(c)}
              />
              <span className="swatch" style={{ background: swatchColour(c) }} aria-hidden="true" />
              <span className="visually-hidden">{c}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="buy-row">
        <QuantityStepper value={quantity} onChange={setQuantity} />
        <FavouriteButton
          productId={product._id}
          productName={product.productName}
          className="fav-inline"
        />
      </div>
      <button
        type="button"
        className="button add-to-cart"
        disabled={!product.stock}
        onClick={addToCart}
      >
        Add To Cart
      </button>
    </div>
  );
}
