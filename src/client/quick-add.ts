// Inlined on the product page after its "Just Added to Cart" shell (src/components/AddedShell.astro,
// `?inline-script`). A guest's Add To Cart before the buy box wakes is answered here, in the tap's
// own task: the line goes into this browser's cart (the key and rules the cart store uses), then
// the shell opens with it, so the panel never says "added" before it is true and a shopper who
// moves on at once finds the line in the cart. The islands are then woken; the header's panel
// takes the shell over, and a cart store already loaded reads the cart again (CART_STORED_EVENT).
//
// Anything this script cannot do exactly as the buy box would is left to the buy box (the tap is
// then held and replayed by `client:interaction`, behind the header's "Adding…" shell):
// - a signed-in shopper, whose line must reach the server first (and whose session may be over);
// - a tap on a colour or a − / + still waiting to be replayed, so the line would be the wrong one;
// - a colour from the address, which the buy box chooses as it wakes;
// - a full cart, a line at its cap or a typed quantity over it, which the buy box refuses or caps
//   with a message;
// - no usable storage, or a stored cart that is not one.
import {
  addToCart,
  cartCount,
  clampQuantity,
  isCartFull,
  cappedAddition,
  MAX_QUANTITY,
  productQuantityInCart,
  sanitizeCart,
} from '../lib/cart.ts';
import { KEYS } from '../lib/storage-keys.ts';
import { COLOUR_PARAM } from '../lib/routes.ts';
import { ADDED_SHELL_ID, CART_STORED_EVENT } from './added-shell.ts';
import { wakeIslands } from './wake.ts';

/** The line a tap would add, or null when the buy box must add it. */
function lineOf(
  button: HTMLElement,
): { itemId: string; selectedColor: string; quantity: number } | null {
  const island = button.closest('astro-island');
  // Hydrated (or hydrating): React's onClick, or the directive's replay, adds it.
  if (!island?.hasAttribute('ssr')) return null;
  const box = button.closest<HTMLElement>('.buy-box');
  const shell = document.getElementById(ADDED_SHELL_ID);
  if (!box || !(shell instanceof HTMLDialogElement)) return null;
  // A held tap (colour, − or +) changes the line once replayed; typed quantities are read below.
  const held = [...box.querySelectorAll<HTMLElement>('[data-pending]')];
  if (held.some((el) => !(el instanceof HTMLInputElement && el.type === 'number'))) return null;
  if (new URLSearchParams(location.search).has(COLOUR_PARAM)) return null;
  const colour = box.querySelector<HTMLInputElement>('input[name="colour"]:checked')?.value;
  const quantityBox = box.querySelector<HTMLInputElement>('input[type="number"]');
  const itemId = shell.dataset.item;
  if (!colour || !quantityBox || !itemId) return null;
  // As the stepper applies a typed number: an empty box keeps 1, anything else is forced into 1–100.
  // A number over 100 is the buy box's: it says that the quantity was set to 100.
  const typed = quantityBox.value.trim();
  if (Number(typed) > MAX_QUANTITY) return null;
  return {
    itemId,
    selectedColor: colour,
    quantity: clampQuantity(typed === '' ? 1 : Number(typed)),
  };
}

/**
 * Stores the line in the guest's cart and gives the cart's count and how many of the product it now
 * holds (every colour: the wholesale rule's count); null (nothing changed) when the buy box must add it.
 */
function store(line: {
  itemId: string;
  selectedColor: string;
  quantity: number;
}): { count: number; ofProduct: number } | null {
  if (localStorage.getItem(KEYS.token) || localStorage.getItem(KEYS.email)) return null;
  const key = KEYS.cart('');
  const raw = localStorage.getItem(key);
  const cart = sanitizeCart(raw ? JSON.parse(raw) : {});
  const added = { ...line, imageIndex: 0 };
  if (isCartFull(cart, added) || cappedAddition(cart, added) !== null) return null;
  const next = addToCart(cart, added);
  localStorage.setItem(key, JSON.stringify(next));
  return { count: cartCount(next), ofProduct: productQuantityInCart(next, line.itemId) };
}

/** Fills the shell with the line just added and opens it. */
function show(
  shell: HTMLDialogElement,
  line: { selectedColor: string; quantity: number },
  { count, ofProduct }: { count: number; ofProduct: number },
) {
  for (const row of shell.querySelectorAll<HTMLElement>('.cart-line')) {
    row.hidden = row.dataset.colour !== line.selectedColor;
    const quantity = row.querySelector('[data-quantity]');
    if (quantity) quantity.textContent = String(line.quantity);
    const wholesale = row.querySelector<HTMLElement>('[data-tier="wholesale"]');
    const atWholesale = !!wholesale && ofProduct >= Number(wholesale.dataset.from);
    if (wholesale) wholesale.hidden = !atWholesale;
    const retail = row.querySelector<HTMLElement>('[data-tier="retail"]');
    if (retail) retail.hidden = atWholesale;
  }
  for (const badge of document.querySelectorAll('[data-cart-count]'))
    badge.textContent = String(count);
  if (!shell.open) shell.showModal();
}

document.addEventListener(
  'click',
  (event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('.buy-box .add-to-cart');
    if (!button) return;
    const shell = document.getElementById(ADDED_SHELL_ID) as HTMLDialogElement;
    let line: ReturnType<typeof lineOf> = null;
    let stored: ReturnType<typeof store> = null;
    try {
      line = lineOf(button);
      stored = line && store(line);
    } catch {
      // Storage refused (private mode, quota) or held something else: the buy box adds it.
      return;
    }
    if (!line || stored === null) return;
    // Handled: the island's directive must not hold and replay it (that would add it twice). Only
    // propagation stops: the directive's own listener on the document still sees the tap.
    event.preventDefault();
    event.stopPropagation();
    const box = button.closest('.buy-box')?.querySelector<HTMLInputElement>('input[type="number"]');
    if (box) box.value = String(line.quantity);
    show(shell, line, stored);
    document.dispatchEvent(new Event(CART_STORED_EVENT));
    // Once the panel is painted: starting every island's load in this task would hold that frame.
    requestAnimationFrame(() => setTimeout(wakeIslands));
  },
  true,
);
