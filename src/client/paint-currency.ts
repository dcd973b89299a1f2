// The page's words that follow the shipping country, painted from storage's display currency: the
// static prices ([data-pkr]), the strip above the header and the exchange-rate notice (the product
// page's delivery estimate has its own: ./delivery-paint.ts). The
// first-paint script runs it before the first paint; the footer's country select runs it again
// when the shopper chooses, so the page changes in place (no reload, no change of context).
import type { CurrencyState } from '../lib/currency.ts';
import { fxNotice } from '../lib/fx-notice.ts';
import { formatWithSymbol } from '../lib/money.ts';
import { showChosenCountry } from './country-strip.ts';

/**
 * Paints `display` (null: nothing chosen, the rupees the HTML has) for `country`. A price inside
 * an island React has hydrated is React's to update (from the currency store): writing its text
 * would detach the node React updates next, so it is left alone.
 */
export function paintCurrency(display: CurrencyState | null, country: string): void {
  if (display)
    for (const price of document.querySelectorAll('[data-pkr]'))
      if (!price.closest('astro-island:not([ssr])'))
        price.textContent = formatWithSymbol(
          Number(price.getAttribute('data-pkr')) * display.rate,
          display.symbol,
          display.digits,
        );
  showChosenCountry(country, display?.wanted ?? display?.code ?? null);
  const notice = document.querySelector<HTMLElement>('[data-fx-notice]');
  if (notice) {
    const message = fxNotice(display);
    notice.textContent = message;
    notice.hidden = !message;
  }
}
