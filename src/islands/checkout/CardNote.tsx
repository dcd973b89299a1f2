// What paying by card means, loaded when the shopper chooses the card (./PaymentChoice.tsx).
import { BASE_CURRENCY } from '../../lib/currency.ts';
import { cardChargeNotice } from '../../lib/card-charge.ts';
import type { CheckoutView } from '../../lib/checkout-view.ts';
import { $orderRates } from '../../stores/currency.ts';
import { useHydratedStore } from '../shared/hooks.ts';

// The static HTML is rendered in PKR, which needs no other rate.
const BASE_ONLY = { [BASE_CURRENCY]: 1 };

/** What paying by card means, and what the card is charged when not in the order's currency. */
export function CardNote({ checkout }: { checkout: CheckoutView }) {
  const rates = useHydratedStore($orderRates, BASE_ONLY);
  const notice = cardChargeNotice(
    checkout.lines,
    checkout.currency,
    rates,
    checkout.cardCurrencies ?? [],
  );
  return (
    <>
      <p className="muted">
        After Place Order you pay on Safepay&apos;s secure page; the shop never sees your card
        number. Your order is confirmed once the payment is.
      </p>
      {notice && (
        <p className="card-charge" data-testid="card-charge">
          {notice}
        </p>
      )}
    </>
  );
}
