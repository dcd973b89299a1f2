// Inlined after /Cart's island (src/pages/Cart.astro, `?inline-script`), so it runs before the
// page's first paint, or before the list's (hidden until it has its rows): the cart lives in this
// browser, so the page shows at once what React will show — "Your cart is empty." or one
// placeholder row per line of the shopper's cart — instead of "Loading...". React replaces it with
// the lines themselves.
import { cartEntries, sanitizeCart } from '../lib/cart.ts';
import { KEYS } from '../lib/storage-keys.ts';

try {
  const email = localStorage.getItem(KEYS.email) ?? '';
  const lines = cartEntries(
    sanitizeCart(JSON.parse(localStorage.getItem(KEYS.cart(email)) || '{}')),
  );
  const list = document.querySelector<HTMLElement>('[data-cart-skeleton]');
  const empty = document.querySelector<HTMLElement>('[data-cart-empty]');
  if (lines.length === 0 && empty) empty.hidden = false;
  for (let i = 0; list && i < lines.length; i++) {
    const row = document.createElement('li');
    row.className = 'cart-line-skeleton';
    list.append(row);
  }
  // The list is shown with its rows, in the same task: the parser may have stopped and the browser
  // painted between the list and this script, and that frame had no list to show.
  if (list && lines.length > 0) list.hidden = false;
} catch {
  // No storage or a hand-edited value: the island says what there is once it runs.
}
