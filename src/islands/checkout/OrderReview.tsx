import { cartLineKey } from '../../lib/cart.ts';
import { isAbroad } from '../../lib/payments.ts';
import { ROUTES } from '../../lib/routes.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { deliveryEstimate, type DeliveryDays } from '../../lib/delivery-estimate.ts';
import { LinePrice } from '../shared/LinePrice.tsx';
import { OrderSummary } from './OrderSummary.tsx';
// In the form's first script, not loaded once a country abroad is chosen: a note that came later
// moved Place Order down under a finger (or a test's click) already on its way to it.
import ReturnsAbroad from './ReturnsAbroad.tsx';

/** The Order Review section: promo code, summary, the cart's lines and Place Order. */
export function OrderReview({
  checkout,
  deliveryDays,
}: {
  checkout: CheckoutView;
  deliveryDays: DeliveryDays;
}) {
  const { lines, busy } = checkout;
  return (
    <section className="checkout-section review" aria-labelledby="order-review">
      <h2 id="order-review">Order Review</h2>
      <div className="promo">
        <label htmlFor="promo-code">Promo code</label>
        <input id="promo-code" name="promo" autoComplete="off" />
        <button type="button" className="button secondary">
          Apply
        </button>
      </div>
      <OrderSummary lines={lines} currency={checkout.currency} showTax />
      <p className="delivery-estimate" data-testid="delivery-estimate">
        {deliveryEstimate(deliveryDays, checkout.fields.country)}
      </p>
      {checkout.fields.country && isAbroad(checkout.fields.country) && (
        <ReturnsAbroad country={checkout.fields.country} />
      )}
      <ul className="review-items">
        {lines.map((l) => (
          <li key={cartLineKey(l)}>
            <img src={l.image} alt="" width={56} height={56} loading="lazy" />
            <span>
              {l.product.productName} <span className="muted">({l.selectedColor})</span>
            </span>
            <LinePrice line={l} />
          </li>
        ))}
      </ul>
      {checkout.cartEmpty && (
        <p className="empty">
          Your cart is empty. <a href={ROUTES.collections}>Explore Collections</a>
        </p>
      )}
      {checkout.paused && (
        <p className="orders-paused" role="status">
          {checkout.paused}
        </p>
      )}
      <button type="submit" className="button place-order" disabled={!checkout.canPlace}>
        {busy ? 'Placing your order…' : 'Place Order'}
      </button>
      {/* In the page from the start, so what it says when Place Order gets no answer is heard. */}
      <p className="order-no-answer" role="alert">
        {checkout.noAnswer}
      </p>
    </section>
  );
}
