import { orderAmounts } from '../../lib/delivery.ts';
import { formatMoney } from '../../lib/money.ts';
import { BASE_CURRENCY, type CurrencyState } from '../../lib/currency.ts';
import { $orderRates } from '../../stores/currency.ts';
import { useHydratedStore } from '../shared/hooks.ts';

// The static HTML is rendered in PKR, which needs no other rate.
const BASE_ONLY = { [BASE_CURRENCY]: 1 };

/** Subtotal, tax (always 0), shipping and total in the chosen currency (SPEC §2, §9). */
export function OrderSummary({
  subtotalPkr,
  currency,
  showTax = false,
}: {
  subtotalPkr: number;
  currency: CurrencyState;
  showTax?: boolean;
}) {
  const rates = useHydratedStore($orderRates, BASE_ONLY);
  const amounts = orderAmounts(subtotalPkr, currency.code, {
    ...rates,
    [currency.code]: currency.rate,
  });
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
        <dd data-testid="summary-shipping">
          {subtotalPkr > 0 ? money(amounts.deliveryFee) : money(0)}
        </dd>
      </div>
      <div className="total">
        <dt>Total</dt>
        <dd data-testid="summary-total">{money(subtotalPkr > 0 ? amounts.total : 0)}</dd>
      </div>
    </dl>
  );
}
