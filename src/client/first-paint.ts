// Inlined at the end of <body> at build time (ShopLayout.astro, `?inline-script`), so it runs
// before first paint: converts every static [data-pkr] price into the chosen currency, fills the
// cart badge and the footer country from storage, shows the exchange-rate notice, and arms the
// footer's Track My Order link. It blocks rendering on every page, so it reads only the keys it
// needs, each through its schema (src/lib), rather than the stores' whole storage table.
import { cartCount, sanitizeCart } from '../lib/cart.ts';
import { BASE_CURRENCY, currencyStateSchema } from '../lib/currency.ts';
import { fxNotice } from '../lib/fx-notice.ts';
import { formatWithSymbol } from '../lib/money.ts';
import { KEYS } from '../lib/storage-keys.ts';
import { showChosenCountry } from './country-strip.ts';

const text = (key: string) => localStorage.getItem(key) ?? '';
const json = (key: string): unknown => JSON.parse(text(key) || 'null');

try {
  const parsed = currencyStateSchema.safeParse(json(KEYS.displayCurrency));
  const display = parsed.success ? parsed.data : null;
  if (display && display.code !== BASE_CURRENCY) {
    for (const price of document.querySelectorAll('[data-pkr]')) {
      const pkr = Number(price.getAttribute('data-pkr'));
      price.textContent = formatWithSymbol(pkr * display.rate, display.symbol, display.digits);
    }
  }
  const count = String(cartCount(sanitizeCart(json(KEYS.cart(text(KEYS.email))))));
  for (const badge of document.querySelectorAll('[data-cart-count]')) badge.textContent = count;
  const country = text(KEYS.selectedCountry);
  const select = document.getElementById('footer-country');
  if (country && select instanceof HTMLSelectElement) select.value = country;
  showChosenCountry(country, display?.wanted ?? display?.code ?? null);
  const notice = document.querySelector<HTMLElement>('[data-fx-notice]');
  const message = fxNotice(display);
  if (notice && message) {
    notice.textContent = message;
    notice.hidden = false;
  }
  for (const link of document.querySelectorAll('[data-track-order]'))
    link.addEventListener('click', () => localStorage.setItem(KEYS.highlightTrack, 'true'));
  const year = document.querySelector('[data-year]');
  // The static year is the build's; a page served long after shows the current one.
  if (year) year.textContent = String(new Date().getFullYear());
} catch {
  // No storage (private mode) or a hand-edited value: the page still shows, in PKR.
}
document.documentElement.removeAttribute('data-fx');
