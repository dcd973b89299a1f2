// Inlined in <head> at build time (ShopLayout.astro, `?inline-script`): when the shopper chose
// another currency, the static PKR prices stay hidden until first-paint.ts has converted them, so
// they never flash. Kept to a raw read: it blocks rendering, and first-paint.ts validates.
import { BASE_CURRENCY } from '../lib/currency.ts';
import { DISPLAY_CURRENCY_KEY } from '../lib/storage-keys.ts';

try {
  const chosen = JSON.parse(localStorage.getItem(DISPLAY_CURRENCY_KEY) ?? 'null') as {
    code?: unknown;
  } | null;
  if (chosen && chosen.code !== BASE_CURRENCY) document.documentElement.setAttribute('data-fx', '');
} catch {
  // No storage (private mode) or a hand-edited value: prices show in PKR.
}
