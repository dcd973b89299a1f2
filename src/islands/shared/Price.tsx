import { $currency, showPrice, type Currency } from '../../stores/currency.ts';
import { currencySymbol } from '../../lib/money.ts';
import { useHydratedStore } from './hooks.ts';

const PKR: Currency = { country: '', code: 'PKR', symbol: currencySymbol('PKR'), rate: 1 };

/** The chosen currency, PKR during hydration (the static HTML's), then the shopper's. */
export function useCurrency(): Currency {
  return useHydratedStore($currency, PKR);
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
    <Tag className={className} data-pkr={pkr} suppressHydrationWarning>
      {showPrice(pkr, currency)}
    </Tag>
  );
}
