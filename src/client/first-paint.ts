// Inlined at the end of <body> at build time (ShopLayout.astro, `?inline-script`), so it runs
// before first paint: converts every static [data-pkr] price into the chosen currency, fills the
// cart badge and the footer country from storage, shows the exchange-rate notice, and arms the
// footer's Track My Order link. Storage is read through the same schemas as the stores use.
import { cartCount, type CartMap } from '../lib/cart.ts';
import { fxNotice } from '../lib/fx-notice.ts';
import { formatWithSymbol } from '../lib/money.ts';
import { KEYS } from '../lib/storage-keys.ts';
import type { Infer } from '../lib/stored-schema.ts';
import type { storedDisplayCurrencySchema } from '../lib/stored-values.ts';
import { readJson, readText, write } from '../stores/storage.ts';

type Display = Infer<typeof storedDisplayCurrencySchema>;

try {
  const display = readJson<Display | null>(KEYS.displayCurrency, null);
  if (display && display.code !== 'PKR') {
    for (const price of document.querySelectorAll('[data-pkr]')) {
      const pkr = Number(price.getAttribute('data-pkr'));
      price.textContent = formatWithSymbol(pkr * display.rate, display.symbol, display.digits);
    }
  }
  const count = String(cartCount(readJson<CartMap>(KEYS.cart(readText(KEYS.email)), {})));
  for (const badge of document.querySelectorAll('[data-cart-count]')) badge.textContent = count;
  const country = readText(KEYS.selectedCountry);
  const select = document.getElementById('footer-country');
  if (country && select instanceof HTMLSelectElement) select.value = country;
  const notice = document.querySelector<HTMLElement>('[data-fx-notice]');
  const text = fxNotice(display);
  if (notice && text) {
    notice.textContent = text;
    notice.hidden = false;
  }
  for (const link of document.querySelectorAll('[data-track-order]'))
    link.addEventListener('click', () => write(KEYS.highlightTrack, 'true'));
  const year = document.querySelector('[data-year]');
  // The static year is the build's; a page served from the CDN long after shows the current one.
  if (year) year.textContent = String(new Date().getFullYear());
} catch {
  // Whatever fails here, the page still shows (in PKR) once data-fx is lifted.
}
document.documentElement.removeAttribute('data-fx');
