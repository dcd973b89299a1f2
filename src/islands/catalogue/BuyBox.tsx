import { useEffect, useState } from 'react';
import {
  discountedPrice,
  hasWholesalePrice,
  savedPercent,
  unitPrice,
  WHOLESALE_MIN_QUANTITY,
} from '../../lib/pricing.ts';
import type { Product } from '../../lib/product.ts';
import { productQuantityInCart } from '../../lib/cart.ts';
import { $cart, addItem } from '../../stores/cart.ts';
import { openCartPanel } from '../../stores/ui.ts';
import { useHydratedStore } from '../shared/hooks.ts';
import { Price } from '../shared/Price.tsx';
import { FavouriteButton } from './FavouriteButton.tsx';
import { $selectedColour, chooseColour } from '../../stores/product.ts';
import { swatchColour } from '../../lib/swatches.ts';
import { QuantityStepper } from '../shared/QuantityStepper.tsx';
import { STOCK_MESSAGES } from '../../lib/messages.ts';
import { notify } from '../../stores/notices.ts';
import { $stock, colourInStock } from '../../stores/stock.ts';
import { loadStock } from '../../stores/load-stock.ts';
import '../../stores/quick-add.ts';
import './product.css';

const NOT_ASKED = {};
const EMPTY_CART = {};

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
 * quantity, Add To Cart. Price comes with the page; stock too, then the current stock of each
 * colour from GET /api/stock (a sold-out colour shows Out of stock and cannot be added). The server
 * prices and checks stock again for every cart and order.
 */
export default function BuyBox({ product }: { product: BuyBoxProduct }) {
  const chosen = useHydratedStore($selectedColour, '');
  const colour = product.colors.includes(chosen) ? chosen : product.colors[0]!;
  const [quantity, setQuantity] = useState(1);
  // The wholesale rule counts the product across its colours: what the cart already holds of it
  // (every colour) and the quantity about to be added.
  const inCart = productQuantityInCart(useHydratedStore($cart, EMPTY_CART), product._id);
  const productQuantity = inCart + quantity;
  const unit = unitPrice(product, productQuantity);
  const saved = savedPercent(product, productQuantity);
  const wholesale = productQuantity >= WHOLESALE_MIN_QUANTITY && hasWholesalePrice(product);
  // The page's stock is the build's; the current answer wins once it comes.
  const stock = useHydratedStore($stock, NOT_ASKED);
  useEffect(() => void loadStock([product._id]), [product._id]);
  const inStock = (c: string) => colourInStock(stock, product._id, c) ?? product.stock;

  const addToCart = async () => {
    // A tap held before hydration replays at once: wait for the current stock first.
    await loadStock([product._id]);
    if (colourInStock($stock.get(), product._id, colour) === false) {
      notify(STOCK_MESSAGES.colourOutOfStock(product.productName, colour), 'error');
      return;
    }
    await addItem({ itemId: product._id, selectedColor: colour, imageIndex: 0, quantity });
    openCartPanel();
  };

  return (
    <div className="buy-box">
      <p
        className={`stock ${inStock(colour) ? 'in' : 'out'}`}
        data-testid="stock"
        aria-live="polite"
      >
        {inStock(colour) ? STOCK_MESSAGES.inStock : STOCK_MESSAGES.outOfStock}
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
            <label
              key={c}
              className={`colour-option${inStock(c) ? '' : ' sold-out'}`}
              title={inStock(c) ? c : `${c}: ${STOCK_MESSAGES.outOfStock}`}
            >
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
              <span className="visually-hidden">
                {inStock(c) ? c : `${c} (${STOCK_MESSAGES.outOfStock})`}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="buy-row">
        <QuantityStepper
          id="quantity"
          value={quantity}
          onChange={setQuantity}
          label="Quantity"
          groupLabel={`Quantity of ${product.productName}`}
        />
        <FavouriteButton
          productId={product._id}
          productName={product.productName}
          className="fav-inline"
        />
      </div>
      <button
        type="button"
        className="button add-to-cart"
        disabled={!inStock(colour)}
        data-shell="shell-cart"
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
