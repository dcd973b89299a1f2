import type { CurrencyState } from '../../lib/currency.ts';
import { $currency, BASE_PRICES, showPrice } from '../../stores/currency.ts';
import { useHydratedStore } from './hooks.ts';

/** The chosen currency, PKR during hydration (the static HTML's), then the shopper's. */
export function useCurrency(): CurrencyState {
  return useHydratedStore($currency, BASE_PRICES);
}

/**
 * A PKR amount in the chosen currency. `data-pkr` lets the first-paint script convert the static
 * HTML before first paint, so a shopper who chose another currency never sees PKR flash.
 */
export function Price({
  pkr,
  className,
  strike = false,
}: {
  pkr: number;
  className?: string;
  strike?: boolean;
}) {
  const currency = useCurrency();
  const Tag = strike ? 's' : 'span';
  return (
    <Tag className={className} data-pkr={pkr}>
      {showPrice(pkr, currency)}
    </Tag>
  );
}
