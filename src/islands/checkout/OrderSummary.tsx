import { summaryAmounts } from '../../lib/delivery.ts';
import { BASE_CURRENCY, type CurrencyState } from '../../lib/currency.ts';
import { formatMoney } from '../../lib/money.ts';
import type { PricedLine } from '../../lib/orders/money.ts';
import { $orderRates } from '../../stores/currency.ts';
import { useHydratedStore } from '../shared/hooks.ts';

// The static HTML is rendered in PKR, which needs no other rate.
const BASE_ONLY = { [BASE_CURRENCY]: 1 };

/** Subtotal, tax (always 0), shipping and total in the chosen currency (docs/product.md §2, §9). */
export function OrderSummary({
  lines,
  currency,
  showTax = false,
}: {
  /** The cart's priced lines: the subtotal is the sum of each converted unit × its quantity. */
  lines: readonly PricedLine[];
  currency: CurrencyState;
  showTax?: boolean;
}) {
  const rates = useHydratedStore($orderRates, BASE_ONLY);
  const amounts = summaryAmounts(lines, currency, rates);
  const money = (n: number) => formatMoney(n, currency.code);
  return (
    <dl className="summary" data-testid="order-summary">
      <div>
        <dt>Subtotal</dt>
        <dd data-testid="summary-subtotal">{money(amounts.subtotal)}</dd>
      </div>
      {showTax && (
        <div>
          <dt>Tax</dt>
          <dd data-testid="summary-tax">{money(amounts.tax)}</dd>
        </div>
      )}
      <div>
        <dt>Shipping</dt>
        <dd data-testid="summary-shipping">{money(amounts.shipping)}</dd>
      </div>
      <div className="total">
        <dt>Total</dt>
        <dd data-testid="summary-total">{money(amounts.total)}</dd>
      </div>
    </dl>
  );
}
