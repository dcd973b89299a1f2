// The page's words that follow the shipping country, painted from storage's display currency: the
// static prices ([data-pkr]), the strip above the header, the exchange-rate notice and the product
// page's delivery estimate. The
// first-paint script runs it before the first paint; the footer's country select runs it again
// when the shopper chooses, so the page changes in place (no reload, no change of context).
import { BASE_CURRENCY, type CurrencyState } from '../lib/currency.ts';
import { deliveryEstimate, type DeliveryDays } from '../lib/delivery-estimate.ts';
import { fxNotice } from '../lib/fx-notice.ts';
import { formatWithSymbol, PKR_SYMBOL } from '../lib/money.ts';
import { showChosenCountry } from './country-strip.ts';

/**
 * Paints `display` (null: PKR, nothing chosen) for `country`. A price inside an island React has
 * hydrated is React's to update (from the currency store): writing its text would detach the node
 * React updates next, so it is left alone.
 */
export function paintCurrency(display: CurrencyState | null, country: string): void {
  const code = display?.code ?? BASE_CURRENCY;
  for (const price of document.querySelectorAll('[data-pkr]')) {
    if (code === BASE_CURRENCY && !price.hasAttribute('data-painted')) continue;
    if (price.closest('astro-island:not([ssr])')) continue;
    const pkr = Number(price.getAttribute('data-pkr'));
    const rate = display?.rate ?? 1;
    price.textContent = formatWithSymbol(
      pkr * rate,
      display?.symbol ?? PKR_SYMBOL,
      display?.digits ?? 0,
    );
    price.setAttribute('data-painted', '');
  }
  showChosenCountry(country, display?.wanted ?? display?.code ?? null);
  // The product page's delivery estimate is the destination's (its days are the build's settings).
  for (const estimate of document.querySelectorAll<HTMLElement>('[data-delivery]'))
    estimate.textContent = deliveryEstimate(
      JSON.parse(estimate.dataset.delivery ?? '') as DeliveryDays,
      country,
    );
  const notice = document.querySelector<HTMLElement>('[data-fx-notice]');
  if (notice) {
    const message = fxNotice(display);
    notice.textContent = message;
    notice.hidden = !message;
  }
}
