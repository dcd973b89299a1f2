import { useStore } from '@nanostores/react';
import { useEffect, useMemo } from 'react';
import { cartLines } from '../../lib/cart.ts';
import { $cart, $cartCount } from '../../stores/cart.ts';
import { $products } from '../../stores/catalogue.ts';
import { useStartShop } from './use-start-shop.ts';
import { useCurrency } from '../shared/Price.tsx';
import { CartLinesEditor } from '../shared/CartLines.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import './checkout.css';
import { ROUTES } from '../../lib/routes.ts';
import { loadStock } from '../../stores/load-stock.ts';
import { $stock, colourInStock } from '../../stores/stock.ts';
import { STOCK_MESSAGES } from '../../lib/messages.ts';

/** The /Cart page: 'Your Cart' lines and the Order Summary with Checkout Now. */
export default function CartPage() {
  const cart = useStore($cart);
  const count = useStore($cartCount);
  const products = useStore($products);
  const currency = useCurrency();
  useStartShop();
  // The lines' current stock, to mark a colour sold out since it was added.
  const stock = useStore($stock);
  const ids = Object.keys(cart).sort().join(',');
  useEffect(() => void loadStock(ids ? ids.split(',') : []), [ids]);
  const lines = useMemo(() => (products ? cartLines(cart, products) : []), [cart, products]);
  return (
    <div className="cart-page">
      <section aria-labelledby="your-cart">
        <h1 id="your-cart">Your Cart</h1>
        <CartLinesEditor
          compact={false}
          stockNote={(line) =>
            colourInStock(stock, line.itemId, line.selectedColor) === false
              ? STOCK_MESSAGES.outOfStock
              : null
          }
        />
        {count === 0 && <a href={ROUTES.collections}>Continue shopping</a>}
      </section>
      <aside className="summary-box" aria-labelledby="order-summary">
        <h2 id="order-summary">Order Summary</h2>
        <OrderSummary lines={lines} currency={currency} />
        <a
          className="button"
          href={ROUTES.checkout}
          aria-disabled={count === 0}
          tabIndex={count === 0 ? -1 : undefined}
          onClick={(e) => count === 0 && e.preventDefault()}
        >
          Checkout Now
        </a>
      </aside>
    </div>
  );
}
