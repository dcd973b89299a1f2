// Inlined at the end of <body> at build time (ShopLayout.astro, `?inline-script`), so it runs
// before first paint: paints the chosen currency (static prices, the strip, the exchange-rate
// notice: ./paint-currency.ts), fills the cart badge and the footer country from storage, and arms the
// footer's Track My Order link. It blocks rendering on every page, so it reads only the keys it
// needs, each through its schema (src/lib), rather than the stores' whole storage table.
import { cartCount, sanitizeCart } from '../lib/cart.ts';
import { currencyStateSchema } from '../lib/currency.ts';
import { KEYS } from '../lib/storage-keys.ts';
import { paintCurrency } from './paint-currency.ts';

const text = (key: string) => localStorage.getItem(key) ?? '';
const json = (key: string): unknown => JSON.parse(text(key) || 'null');

try {
  const parsed = currencyStateSchema.safeParse(json(KEYS.displayCurrency));
  const country = text(KEYS.selectedCountry);
  paintCurrency(parsed.success ? parsed.data : null, country);
  const count = String(cartCount(sanitizeCart(json(KEYS.cart(text(KEYS.email))))));
  for (const badge of document.querySelectorAll('[data-cart-count]')) badge.textContent = count;
  const select = document.getElementById('footer-country');
  if (country && select instanceof HTMLSelectElement) select.value = country;
  for (const link of document.querySelectorAll('[data-track-order]'))
    link.addEventListener('click', () => localStorage.setItem(KEYS.highlightTrack, 'true'));
  const year = document.querySelector('[data-year]');
  // The static year is the build's; a page served long after shows the current one.
  if (year) year.textContent = String(new Date().getFullYear());
} catch {
  // No storage (private mode) or a hand-edited value: the page still shows, in PKR.
}
document.documentElement.removeAttribute('data-fx');
