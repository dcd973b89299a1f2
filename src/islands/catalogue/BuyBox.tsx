import { useState } from 'react';
import {
  discountedPrice,
  hasWholesalePrice,
  savedPercent,
  unitPrice,
  WHOLESALE_MIN_QUANTITY,
} from '../../lib/pricing.ts';
import type { Product } from '../../lib/product.ts';
import { addItem } from '../../stores/cart.ts';
import { openCartPanel } from '../../stores/ui.ts';
import { useHydratedStore } from '../shared/hooks.ts';
import { Price } from '../shared/Price.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import { $selectedColour, chooseColour } from '../../stores/product.ts';
import { swatchColour } from '../../lib/swatches.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import './product.css';

/** The product fields the buy box reads. */
export type BuyBoxProduct = Pick<
  Product,
  '_id' | 'productName' | 'colors' | 'price' | 'discountPercent' | 'wholesalePrice' | 'stock'
> & {
  /** The paint of each colour the product gives its own swatch (absent when none does). */
  swatches?: Record<string, string>;
};

/**
 * The product page's buying box: stock, price, savings, wholesale banner, colours, favourite,
 * quantity, Add To Cart. Stock and price come with the page; the server prices and checks stock
 * again for every cart and order, so the page never downloads the catalogue to refresh them.
 */
export default function BuyBox({ product }: { product: BuyBoxProduct }) {
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
      <p className={`stock ${product.stock ? 'in' : 'out'}`} data-testid="stock" aria-live="polite">
        {product.stock ? 'In Stock' : 'Out of Stock'}
      </p>
      <p className="buy-price">
        <Price pkr={unit} className="now" />
        {unit < product.price && <Price pkr={product.price} strike className="was" />}
        {saved > 0 && <span className="saved">{`You save ${saved}%`}</span>}
      </p>
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
                onChange={() => chooseColour(c)}
              />
              <span
                className="swatch"
                style={{ background: swatchColour(c, product.swatches?.[c]) }}
                aria-hidden="true"
              />
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
      {/* Below the button, never above it: it appears when the quantity field is left, which is
          the moment a finger lands on Add To Cart, and must not push the button from under it. */}
      {wholesale && (
        <p className="wholesale" role="status">
          Congratulations! You have unlocked our wholesale price of <Price pkr={unit} /> per item,
          instead of <Price pkr={discountedPrice(product)} />.
        </p>
      )}
    </div>
  );
}
